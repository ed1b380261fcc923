package dev.lockstorm.locks.redisson;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.api.NotHeldException;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What the Redisson adapters share: clients opened from a connect string of one or more redis://
 * URIs, an {@link RLock} made from them, and the mapping of Redisson's outcomes: {@code tryLock}
 * false is a certain {@code fail}; {@code unlock} of a lock this thread no longer holds
 * ({@link IllegalMonitorStateException}) is a certain {@code fail}; anything else is unknown.
 * Redisson locks belong to a thread: the worker drives its client from one thread.
 */
abstract class RedissonLockClient implements LockClient {
    protected final List<String> uris;
    protected final Duration lease;
    protected final List<RedissonClient> clients = new ArrayList<>();
    protected RLock lock;

    RedissonLockClient(String connect, Duration lease) {
        this.uris = Arrays.asList(connect.split(","));
        this.lease = lease;
    }

    /** The lock under test, made from the open clients. */
    protected abstract RLock lock(List<RedissonClient> clients);

    /** Takes the lock within {@code waitMs}; null when it was not taken. */
    protected abstract Long tryAcquire(long waitMs) throws InterruptedException;

    @Override
    public void open() {
        for (String uri : uris) clients.add(RedissonConfigs.single(uri, lease));
        lock = lock(clients);
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        Long token = tryAcquire(timeout.toMillis());
        if (token == null) throw new NotAcquiredException("Redisson's tryLock returned false after " + timeout);
        return new Lease(token < 0 ? null : token, lock);
    }

    @Override
    public void release(Lease lease) throws Exception {
        try {
            lock.unlock();
        } catch (IllegalMonitorStateException e) {
            throw new NotHeldException("Redisson: " + e.getMessage());
        }
    }

    /** What a careful Redisson user asks before touching the resource (a round trip to Redis). */
    @Override
    public boolean stillHeld(Lease lease) {
        try {
            return lock.isHeldByCurrentThread();
        } catch (RuntimeException e) {
            return false;
        }
    }

    @Override
    public void close() {
        for (RedissonClient c : clients) {
            try {
                c.shutdown(0, 1, TimeUnit.SECONDS);
            } catch (RuntimeException e) {
                // a client that cannot shut down cleanly is dropped with its process
            }
        }
    }

    /** {@code tryLock} as a token-less acquisition: -1 for taken, null for not. */
    static Long taken(boolean b) {
        return b ? -1L : null;
    }
}
