package dev.lockstorm.locks.zookeeper;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.locks.LeaseState;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessLock;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * What the Curator lock adapters share: a {@link CuratorSession} with the run's session timeout
 * (its connection states say whether the holder may have lost its lock: from SUSPENDED on, or only
 * from LOST, as the run's option says), and the fencing token,
 * the czxid of this session's own node under the lock's path.
 */
public abstract sealed class CuratorLock implements LockClient permits CuratorMutex, CuratorSemaphoreMutex {
    private final String connect;
    private final Duration sessionTimeout;
    private final LeaseState.GoneOn goneOn;
    protected final String path;
    private CuratorSession session;
    private InterProcessLock lock;
    /** Why such a grant is unbacked, as its note says: Curator granted the lock with no node of this session in line. */
    public static final String NOT_OWN_NODE = "granted, but this session owns no node in line";
    /** The lease of the hold in progress; a nested acquire returns it again (its node, its token). */
    private Lease outermost;

    CuratorLock(String connect, String lockPath, Duration sessionTimeout, LeaseState.GoneOn goneOn) {
        this.connect = connect;
        this.path = lockPath;
        this.sessionTimeout = sessionTimeout;
        this.goneOn = goneOn;
    }

    /** The Curator recipe. */
    abstract InterProcessLock newLock(CuratorFramework client);

    /** Where this session's own ephemeral node lives once it holds the lock. */
    abstract String ownNodesParent();

    @Override
    public void open() throws Exception {
        session = CuratorSession.open(connect, sessionTimeout, goneOn);
        lock = newLock(session.client);
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        boolean nested = lock.isAcquiredInThisProcess(); // InterProcessMutex only counts a nested acquire: no new lease, no fresh trust
        if (!lock.acquire(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new NotAcquiredException("Curator did not acquire within " + timeout);
        }
        if (nested) return outermost;
        session.acquired();
        Long token = session.grantToken(ownNodesParent(), "");
        outermost = new Lease(token, lock);
        return outermost;
    }

    @Override
    public void release(Lease lease) throws Exception {
        try {
            lock.release();
        } finally {
            // the outermost release ends the lease, even one that failed (Curator forgets the hold either way)
            if (!lock.isAcquiredInThisProcess()) session.leaseState.released();
        }
    }

    @Override
    public boolean stillHeld(Lease lease) {
        return session.stillHeld();
    }

    @Override
    public void close() {
        if (session != null) session.close();
    }
}
