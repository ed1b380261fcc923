package dev.lockstorm.locks.zookeeper;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A raw ZooKeeper session for the hand-written recipes: connects, remembers whether the session
 * expired or disconnected (so a holder can tell it may have lost its lock), creates parents.
 */
final class ZkSession implements AutoCloseable {
    private final ZooKeeper zk;
    private final long sessionTimeoutMs;
    private volatile Watcher.Event.KeeperState state = Watcher.Event.KeeperState.Disconnected;
    /** The lease of the lock this session holds, doubted on a disconnect or expiry. */
    final dev.lockstorm.locks.LeaseState lease = new dev.lockstorm.locks.LeaseState();

    ZkSession(String connect, Duration sessionTimeout) throws IOException, InterruptedException {
        this.sessionTimeoutMs = sessionTimeout.toMillis();
        CountDownLatch connected = new CountDownLatch(1);
        zk = new CountingZooKeeper(connect, (int) sessionTimeout.toMillis(), e -> {
            if (e.getType() == Watcher.Event.EventType.None) {
                state = e.getState();
                lease.connection(dev.lockstorm.locks.LeaseState.Connection.of(state.name()));
                if (state == Watcher.Event.KeeperState.SyncConnected) connected.countDown();
            }
        });
        if (!connected.await(sessionTimeout.toMillis() * 2, TimeUnit.MILLISECONDS)) {
            zk.close();
            throw new IOException("no ZooKeeper session with " + connect + " within " + sessionTimeout.multipliedBy(2));
        }
    }

    ZooKeeper zk() {
        return zk;
    }

    /**
     * What the holder believes: no disconnect or expiry since the grant, and the ensemble still
     * answers this session ({@link SessionProbe}: right after a freeze the client has not yet heard).
     */
    boolean stillHeld() {
        return lease.stillHeld() && SessionProbe.answers(zk, zk.getSessionId(), "/", SessionProbe.waitFor(Duration.ofMillis(sessionTimeoutMs)))
                && lease.stillHeld();
    }

    long sessionId() {
        return zk.getSessionId();
    }


    /**
     * ZooKeeper's {@code sync}: the server this session reads from catches up with the leader
     * before the next read. A server that cannot reach the leader cannot sync: the call fails
     * (connection loss) rather than let a stale read follow.
     */
    void sync(String path) throws KeeperException, InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        int[] rc = {KeeperException.Code.OPERATIONTIMEOUT.intValue()};
        zk.sync(path, (code, p, ctx) -> {
            rc[0] = code;
            done.countDown();
        }, null);
        done.await(sessionTimeoutMs, TimeUnit.MILLISECONDS);
        if (rc[0] != KeeperException.Code.OK.intValue()) throw KeeperException.create(KeeperException.Code.get(rc[0]), path);
    }

    /** Creates {@code path} and its parents as persistent nodes, if missing. */
    void ensurePath(String path) throws KeeperException, InterruptedException {
        String p = "";
        for (String part : path.substring(1).split("/")) {
            p += "/" + part;
            try {
                zk.create(p, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            } catch (KeeperException.NodeExistsException e) {
                // already there
            }
        }
    }

    /** Creates a node and returns its creation zxid (the fencing token). */
    Created create(String path, CreateMode mode) throws KeeperException, InterruptedException {
        Stat stat = new Stat();
        String actual = zk.create(path, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, mode, stat);
        return new Created(actual, stat.getCzxid());
    }

    record Created(String path, long czxid) {
    }

    @Override
    public void close() {
        try {
            zk.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
