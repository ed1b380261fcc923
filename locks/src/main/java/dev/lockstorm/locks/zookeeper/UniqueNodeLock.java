package dev.lockstorm.locks.zookeeper;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.api.NotHeldException;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.data.Stat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The simplest ZooKeeper lock: everyone creates the same ephemeral node; whoever succeeds holds the
 * lock; the others watch it and all race again when it is deleted (the herd effect). The token is
 * the node's czxid.
 */
public final class UniqueNodeLock extends ZkSessionLock {
    private final String path;

    public UniqueNodeLock(String connect, String lockPath, Duration sessionTimeout) {
        super(connect, lockPath, sessionTimeout);
        this.path = lockPath + "/lock";
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            try {
                ZkSession.Created c = session.create(path, CreateMode.EPHEMERAL);
                session.lease.acquired();
                return new Lease(c.czxid(), c.path());
            } catch (KeeperException.NodeExistsException e) {
                Stat mine = session.zk().exists(path, false);
                if (mine != null && mine.getEphemeralOwner() == session.sessionId()) {
                    session.lease.acquired();
                    return new Lease(mine.getCzxid(), path); // our own create went through before a lost reply
                }
            }
            CountDownLatch gone = new CountDownLatch(1);
            Stat st = session.zk().exists(path, e -> {
                if (e.getType() == Watcher.Event.EventType.NodeDeleted) gone.countDown();
            });
            if (st == null) continue;
            long left = deadline - System.nanoTime();
            if (left <= 0 || !gone.await(left, TimeUnit.NANOSECONDS)) {
                throw new NotAcquiredException("the lock node was still held after " + timeout);
            }
        }
    }

    @Override
    public void release(Lease lease) throws Exception {
        session.lease.released();
        Stat st = session.zk().exists(path, false);
        if (st == null || st.getEphemeralOwner() != session.sessionId()) {
            throw new NotHeldException("the lock node is gone or someone else's");
        }
        session.zk().delete(path, st.getVersion());
    }

}
