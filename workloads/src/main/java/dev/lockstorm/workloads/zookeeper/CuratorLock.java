package dev.lockstorm.workloads.zookeeper;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.NotAcquiredException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessLock;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * What the Curator lock adapters share: a {@link CuratorSession} with the run's session timeout
 * (its connection states say whether the holder may have lost its lock), and the fencing token,
 * the czxid of this session's own node under the lock's path.
 */
public abstract sealed class CuratorLock implements LockClient permits CuratorMutex, CuratorSemaphoreMutex {
    private final String connect;
    private final Duration sessionTimeout;
    protected final String path;
    private CuratorSession session;
    private InterProcessLock lock;

    CuratorLock(String connect, String lockPath, Duration sessionTimeout) {
        this.connect = connect;
        this.path = lockPath;
        this.sessionTimeout = sessionTimeout;
    }

    /** The Curator recipe. */
    abstract InterProcessLock newLock(CuratorFramework client);

    /** Where this session's own ephemeral node lives once it holds the lock. */
    abstract String ownNodesParent();

    @Override
    public void open() throws Exception {
        session = CuratorSession.open(connect, sessionTimeout);
        lock = newLock(session.client);
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        if (!lock.acquire(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new NotAcquiredException("Curator did not acquire within " + timeout);
        }
        session.leaseState.acquired();
        return new Lease(session.ownToken(ownNodesParent()), lock);
    }

    @Override
    public void release(Lease lease) throws Exception {
        session.leaseState.released();
        lock.release();
    }

    @Override
    public boolean stillHeld(Lease lease) {
        return session.leaseState.stillHeld();
    }

    @Override
    public void close() {
        if (session != null) session.close();
    }
}
