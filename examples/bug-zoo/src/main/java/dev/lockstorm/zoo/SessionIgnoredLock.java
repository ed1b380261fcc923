package dev.lockstorm.zoo;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.api.NotHeldException;
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
 * Bug: a ZooKeeper lock that ignores its session. The lock is an ephemeral node (its czxid the
 * token), so ZooKeeper deletes it when the session expires (a holder frozen past the session
 * timeout) and another client creates it; the holder wakes and still says it holds, because it
 * never looks at its session's state.
 */
final class SessionIgnoredLock implements LockClient {
    private final ClientContext context;
    private ZooKeeper zk;

    SessionIgnoredLock(ClientContext context) {
        this.context = context;
    }

    @Override
    public void open() throws Exception {
        CountDownLatch connected = new CountDownLatch(1);
        zk = new ZooKeeper(context.connect(), (int) context.lease().toMillis(), e -> {
            if (e.getState() == Watcher.Event.KeeperState.SyncConnected) connected.countDown();
        });
        if (!connected.await(10, TimeUnit.SECONDS)) {
            zk.close();
            throw new IOException("no ZooKeeper session within 10 s at " + context.connect());
        }
        String parent = context.lock().substring(0, Math.max(1, context.lock().lastIndexOf('/')));
        try {
            if (parent.length() > 1) zk.create(parent, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        } catch (KeeperException.NodeExistsException there) {
            // made by another client
        }
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            try {
                Stat created = new Stat();
                // the node's czxid comes with its creation: the token belongs to this grant
                zk.create(context.lock(), new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL, created);
                return new Lease(created.getCzxid(), created.getCzxid());
            } catch (KeeperException.NodeExistsException busy) {
                if (System.nanoTime() > deadline) throw new NotAcquiredException("the lock node existed for " + timeout);
                Thread.sleep(50);
            }
        }
    }

    @Override
    public void release(Lease lease) throws Exception {
        Stat now = zk.exists(context.lock(), false);
        if (now == null || now.getCzxid() != (Long) lease.handle()) throw new NotHeldException("the lock node is gone or another's");
        zk.delete(context.lock(), now.getVersion());
    }

    /** The bug: it believes it holds whatever its session did. */
    @Override
    public boolean stillHeld(Lease lease) {
        return true;
    }

    @Override
    public void close() {
        try {
            if (zk != null) zk.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
