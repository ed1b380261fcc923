package dev.lockstorm.workloads.zookeeper;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.NotAcquiredException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.locks.InterProcessLock;
import dev.lockstorm.workloads.LeaseState;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.data.Stat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * What the Curator lock adapters share: a CuratorFramework client with the run's session timeout,
 * a connection-state listener (Curator's way to tell a holder it may have lost its lock: SUSPENDED,
 * then LOST), and the fencing token, the czxid of this session's own node under the lock's path.
 */
public abstract sealed class CuratorLock implements LockClient permits CuratorMutex, CuratorSemaphoreMutex {
    private final String connect;
    private final Duration sessionTimeout;
    protected final String path;
    protected CuratorFramework client;
    private final LeaseState leaseState = new LeaseState();
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
        client = CuratorFrameworkFactory.builder().connectString(connect)
                .sessionTimeoutMs((int) sessionTimeout.toMillis())
                .connectionTimeoutMs((int) Math.min(sessionTimeout.toMillis(), 5000))
                .retryPolicy(new ExponentialBackoffRetry(100, 3))
                .build();
        client.getConnectionStateListenable().addListener((c, s) -> leaseState.connection(LeaseState.Connection.of(s.name())));
        client.start();
        if (!client.blockUntilConnected((int) sessionTimeout.toMillis() * 2, TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("no ZooKeeper session with " + connect);
        }
        lock = newLock(client);
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        if (!lock.acquire(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new NotAcquiredException("Curator did not acquire within " + timeout);
        }
        leaseState.acquired();
        return new Lease(ownToken(), lock);
    }

    @Override
    public void release(Lease lease) throws Exception {
        leaseState.released();
        lock.release();
    }

    @Override
    public boolean stillHeld(Lease lease) {
        return leaseState.stillHeld();
    }

    /** The czxid of the node this session owns under the lock, or null when none is found. */
    private Long ownToken() throws Exception {
        long session = client.getZookeeperClient().getZooKeeper().getSessionId();
        Long best = null;
        for (String child : client.getChildren().forPath(ownNodesParent())) {
            Stat st = client.checkExists().forPath(ownNodesParent() + "/" + child);
            if (st != null && st.getEphemeralOwner() == session && (best == null || st.getCzxid() < best)) best = st.getCzxid();
        }
        return best;
    }

    @Override
    public void close() {
        if (client != null) client.close();
    }
}
