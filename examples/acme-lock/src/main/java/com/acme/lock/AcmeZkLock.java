package com.acme.lock;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Acme's ZooKeeper lock, as it was first written: whoever creates the ephemeral node holds the lock,
 * {@code NodeExists} means busy. It never looks at its session again: a holder whose session expires
 * (a long GC pause) goes on believing it holds the lock while ZooKeeper has already deleted the node
 * and another client has created it.
 */
public final class AcmeZkLock implements AutoCloseable {
    private final ZooKeeper zk;
    private final String path;

    /** What a holder has: the node it created and that node's creation zxid (increasing with every grant). */
    public record Grant(String path, long czxid) {
    }

    private AcmeZkLock(ZooKeeper zk, String path) {
        this.zk = zk;
        this.path = path;
    }

    /** Connects, waiting until the session is established, and creates the lock node's parents if they are missing. */
    public static AcmeZkLock connect(String connectString, String path, Duration sessionTimeout)
            throws IOException, InterruptedException, KeeperException {
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper zk = new ZooKeeper(connectString, (int) sessionTimeout.toMillis(), e -> {
            if (e.getState() == org.apache.zookeeper.Watcher.Event.KeeperState.SyncConnected) connected.countDown();
        });
        if (!connected.await(10, TimeUnit.SECONDS)) {
            zk.close();
            throw new IOException("no ZooKeeper session within 10 s at " + connectString);
        }
        for (int slash = path.indexOf('/', 1); slash > 0; slash = path.indexOf('/', slash + 1)) {
            try {
                zk.create(path.substring(0, slash), new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            } catch (KeeperException.NodeExistsException fine) {
                // another client made it first
            }
        }
        return new AcmeZkLock(zk, path);
    }

    /** Creates the lock node, retrying while another client has it; empty when {@code timeout} passed. */
    public Optional<Grant> tryLock(Duration timeout) throws KeeperException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            try {
                Stat stat = new Stat();
                zk.create(path, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL, stat);
                return Optional.of(new Grant(path, stat.getCzxid()));
            } catch (KeeperException.NodeExistsException busy) {
                if (System.nanoTime() > deadline) return Optional.empty();
                Thread.sleep(50);
            }
        }
    }

    /** Deletes the lock node. */
    public void unlock(Grant grant) throws KeeperException, InterruptedException {
        zk.delete(grant.path(), -1);
    }

    /** Whether its ZooKeeper session is connected now (not suspended, expired or closed). */
    public boolean connected() {
        return zk.getState() == ZooKeeper.States.CONNECTED;
    }

    @Override
    public void close() throws InterruptedException {
        zk.close();
    }
}
