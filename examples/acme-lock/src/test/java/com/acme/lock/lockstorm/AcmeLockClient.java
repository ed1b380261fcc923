package com.acme.lock.lockstorm;

import com.acme.lock.AcmeZkLock;
import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.api.NotHeldException;
import org.apache.zookeeper.KeeperException;

import java.time.Duration;

/**
 * Acme's lock as lockstorm drives it. With {@code fenced}, a lease carries the lock node's czxid as
 * its fencing token; without, it carries none, as the lock was first used.
 */
final class AcmeLockClient implements LockClient {
    private final ClientContext context;
    private final boolean fenced;
    private AcmeZkLock lock;

    AcmeLockClient(ClientContext context, boolean fenced) {
        this.context = context;
        this.fenced = fenced;
    }

    @Override
    public void open() throws Exception {
        lock = AcmeZkLock.connect(context.connect(), context.lock(), context.lease());
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        AcmeZkLock.Grant g = lock.tryLock(timeout).orElseThrow(() -> new NotAcquiredException("the lock node existed for " + timeout));
        return new Lease(fenced ? g.czxid() : null, g);
    }

    @Override
    public void release(Lease lease) throws Exception {
        try {
            lock.unlock((AcmeZkLock.Grant) lease.handle());
        } catch (KeeperException.NoNodeException gone) {
            throw new NotHeldException("the lock node was already gone");
        }
    }

    /** What the holder can know: its session still connected (Acme's lock never asks, but its caller can). */
    @Override
    public boolean stillHeld(Lease lease) {
        return lock.connected();
    }

    @Override
    public void close() {
        try {
            if (lock != null) lock.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
