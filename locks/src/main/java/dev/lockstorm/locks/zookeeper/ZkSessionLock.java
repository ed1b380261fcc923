package dev.lockstorm.locks.zookeeper;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;

import java.time.Duration;

/**
 * What the hand-written ZooKeeper locks share: one raw session, the lock's parent path created on
 * open, and the holder's belief in its lease (doubted on a disconnect or expiry).
 */
abstract sealed class ZkSessionLock implements LockClient permits UniqueNodeLock, SequentialLock {
    private final String connect;
    private final Duration sessionTimeout;
    protected final String parent;
    protected ZkSession session;

    ZkSessionLock(String connect, String parent, Duration sessionTimeout) {
        this.connect = connect;
        this.parent = parent;
        this.sessionTimeout = sessionTimeout;
    }

    @Override
    public void open() throws Exception {
        session = new ZkSession(connect, sessionTimeout);
        session.ensurePath(parent);
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
