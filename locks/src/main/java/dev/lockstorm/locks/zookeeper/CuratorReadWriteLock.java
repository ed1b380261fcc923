package dev.lockstorm.locks.zookeeper;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.api.ReadWriteLockClient;
import dev.lockstorm.locks.LeaseState;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.framework.recipes.locks.InterProcessReadWriteLock;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Apache Curator's {@code InterProcessReadWriteLock}: one queue of ephemeral sequential nodes under
 * the lock's path, readers' ({@code __READ__}) and writers' ({@code __WRIT__}); a reader waits only
 * for writers ahead of it, a writer for everyone ahead. Both locks are reentrant, and the writer may
 * take the read lock and then give the write lock back (a downgrade; CURATOR-621, a contending
 * writer admitted after a downgrade, is fixed in the Curator used here). The token is the czxid of
 * this session's own node of the mode granted. The session's connection states feed one
 * {@link LeaseState} for every lease the client holds: a doubt about the session is a doubt about
 * all of them.
 */
public final class CuratorReadWriteLock implements ReadWriteLockClient {
    private static final String READ_NODE = "__READ__";
    private static final String WRITE_NODE = "__WRIT__";
    private final String connect;
    private final String path;
    private final Duration sessionTimeout;
    private final LeaseState.GoneOn goneOn;
    private CuratorSession session;
    private Mode read;
    private Mode write;

    /** One of the two locks, with the lease of its outermost hold (a nested acquire returns it again). */
    private static final class Mode {
        final InterProcessMutex lock;
        final String node;
        Lease outermost;

        Mode(InterProcessMutex lock, String node) {
            this.lock = lock;
            this.node = node;
        }
    }

    public CuratorReadWriteLock(String connect, String lockPath, Duration sessionTimeout, LeaseState.GoneOn goneOn) {
        this.connect = connect;
        this.path = lockPath;
        this.sessionTimeout = sessionTimeout;
        this.goneOn = goneOn;
    }

    @Override
    public void open() throws Exception {
        session = CuratorSession.open(connect, sessionTimeout, goneOn);
        InterProcessReadWriteLock rw = new InterProcessReadWriteLock(session.client, path);
        read = new Mode(rw.readLock(), READ_NODE);
        write = new Mode(rw.writeLock(), WRITE_NODE);
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        return grant(write, timeout);
    }

    @Override
    public Lease acquireRead(Duration timeout) throws Exception {
        return grant(read, timeout);
    }

    private Lease grant(Mode m, Duration timeout) throws Exception {
        boolean nested = m.lock.isAcquiredInThisProcess();
        boolean heldBefore = holdsAny();
        if (!m.lock.acquire(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new NotAcquiredException("Curator did not acquire the " + (m == read ? "read" : "write") + " lock within " + timeout);
        }
        if (nested) return m.outermost;
        // a downgrade's read grant comes within the write hold: the session's doubts so far still stand
        if (!heldBefore) session.acquired();
        Long token = session.grantToken(path, m.node);
        m.outermost = new Lease(token, m.lock);
        return m.outermost;
    }

    @Override
    public void release(Lease lease) throws Exception {
        giveBack(write);
    }

    @Override
    public void releaseRead(Lease lease) throws Exception {
        giveBack(read);
    }

    private void giveBack(Mode m) throws Exception {
        try {
            m.lock.release();
        } finally {
            if (!holdsAny()) session.leaseState.released();
        }
    }

    private boolean holdsAny() {
        return read.lock.isAcquiredInThisProcess() || write.lock.isAcquiredInThisProcess();
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
