package dev.lockstorm.locks.zookeeper;

import dev.lockstorm.locks.LeaseState;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.data.Stat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * What the Curator adapters (locks and elections) share: a started CuratorFramework client with
 * the run's session timeout, and a connection-state listener feeding the holder's
 * {@link LeaseState} (Curator's way to say a hold may be gone: SUSPENDED, then LOST).
 */
final class CuratorSession implements AutoCloseable {
    final CuratorFramework client;
    final LeaseState leaseState;
    private final LeaseState.GoneOn goneOn;
    private final Duration sessionTimeout;
    /** The session the hold in progress was granted on (Curator starts a new one after an expiry). */
    private volatile long heldSession;

    private CuratorSession(CuratorFramework client, LeaseState.GoneOn goneOn, Duration sessionTimeout) {
        this.client = client;
        this.goneOn = goneOn;
        this.sessionTimeout = sessionTimeout;
        this.leaseState = new LeaseState(goneOn);
    }

    /** The lock was just granted, on the session the client has now. */
    void acquired() throws Exception {
        heldSession = client.getZookeeperClient().getZooKeeper().getSessionId();
        leaseState.acquired();
    }

    /**
     * What the holder believes: nothing from Curator's connection states put the hold in doubt and,
     * for a holder that takes SUSPENDED as gone (Curator's advice), the ensemble still answers the
     * session it was granted on ({@link SessionProbe}: right after a freeze, Curator has not yet
     * heard). A holder that waits for LOST believes Curator's events alone, as such an
     * application does.
     */
    boolean stillHeld() {
        if (!leaseState.stillHeld()) return false;
        if (goneOn == LeaseState.GoneOn.LOST) return true;
        try {
            return SessionProbe.answers(client.getZookeeperClient().getZooKeeper(), heldSession, "/", SessionProbe.waitFor(sessionTimeout))
                    && leaseState.stillHeld();
        } catch (Exception e) {
            return false;
        }
    }

    /** Starts a client and waits (up to twice the session timeout) until it is connected. */
    static CuratorSession open(String connect, Duration sessionTimeout) throws InterruptedException {
        return open(connect, sessionTimeout, LeaseState.GoneOn.SUSPENDED);
    }

    /** The same, the holder taking its lock as gone on {@code goneOn}. */
    static CuratorSession open(String connect, Duration sessionTimeout, LeaseState.GoneOn goneOn) throws InterruptedException {
        CuratorFramework client = CuratorFrameworkFactory.builder().connectString(connect)
                .sessionTimeoutMs((int) sessionTimeout.toMillis())
                .connectionTimeoutMs((int) Math.min(sessionTimeout.toMillis(), 5000))
                .retryPolicy(new ExponentialBackoffRetry(100, 3))
                .zookeeperFactory(CountingZooKeeper.FACTORY)
                .build();
        CuratorSession s = new CuratorSession(client, goneOn, sessionTimeout);
        client.getConnectionStateListenable().addListener((c, state) -> s.leaseState.connection(LeaseState.Connection.of(state.name())));
        client.start();
        if (!client.blockUntilConnected((int) sessionTimeout.toMillis() * 2, TimeUnit.MILLISECONDS)) {
            client.close();
            throw new IllegalStateException("no ZooKeeper session with " + connect);
        }
        return s;
    }

    /** The czxid of this session's oldest ephemeral node under {@code parent} (its token), or null when it has none. */
    Long ownToken(String parent) throws Exception {
        return ownToken(parent, "");
    }

    /**
     * The token of a grant the recipe just made: this session's node under {@code parent} (among the
     * nodes named with {@code marker}); when the session owns none, the recipe granted the lock by a
     * node of an earlier session (CURATOR-604), which the client's log and the grant's notes say.
     */
    Long grantToken(String parent, String marker) throws Exception {
        Long token = ownToken(parent, marker);
        if (token == null) {
            System.err.println("lockstorm: " + CuratorLock.NOT_OWN_NODE + " under " + parent);
            dev.lockstorm.api.Notes.unbacked(CuratorLock.NOT_OWN_NODE);
        }
        return token;
    }

    /** The same among the nodes whose names contain {@code marker} (a read-write lock's {@code __READ__} or {@code __WRIT__}). */
    Long ownToken(String parent, String marker) throws Exception {
        long session = client.getZookeeperClient().getZooKeeper().getSessionId();
        Long best = null;
        for (String child : client.getChildren().forPath(parent)) {
            if (!child.contains(marker)) continue;
            Stat st = client.checkExists().forPath(parent + "/" + child);
            if (st != null && st.getEphemeralOwner() == session && (best == null || st.getCzxid() < best)) best = st.getCzxid();
        }
        return best;
    }

    @Override
    public void close() {
        client.close();
    }
}
