package dev.lockstorm.locks.zookeeper;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.api.NotHeldException;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.apache.zookeeper.data.Stat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Apache Curator's {@code LeaderLatch} as terms of leadership: {@code acquire} starts a latch and
 * waits until {@code await} says this client leads (a candidate whose time runs out closes its latch:
 * it withdraws); {@code release} closes the latch, which deletes its node: the next candidate leads. The token is
 * the latch node's czxid; the hold is doubted when {@code hasLeadership()} turns false or the
 * connection is SUSPENDED or LOST.
 *
 * <pre>{@code
 * CuratorLeaderLatch e = new CuratorLeaderLatch(connect, "/service/leader", Duration.ofSeconds(4));
 * e.open();
 * Lease term = e.acquire(Duration.ofSeconds(5));
 * while (e.stillHeld(term)) { ... leader work, fenced with term.token() ... }
 * e.release(term);
 * }</pre>
 */
public final class CuratorLeaderLatch implements LockClient {
    private final String connect;
    private final String path;
    private final Duration sessionTimeout;
    private CuratorSession session;
    /** The latch in the election now, or null between terms. */
    private LeaderLatch latch;

    public CuratorLeaderLatch(String connect, String electionPath, Duration sessionTimeout) {
        this.connect = connect;
        this.path = electionPath;
        this.sessionTimeout = sessionTimeout;
    }

    @Override
    public void open() throws Exception {
        session = CuratorSession.open(connect, sessionTimeout);
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        latch = new LeaderLatch(session.client, path);
        latch.start();
        if (!latch.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            resign();
            throw new NotAcquiredException("LeaderLatch did not lead within " + timeout + "; withdrawn");
        }
        String node = latch.getOurPath();
        Stat stat = node == null ? null : session.client.checkExists().forPath(node);
        if (stat == null || !latch.hasLeadership()) {
            // led for a moment only: resign, so that "not acquired" stays true
            resign();
            throw new NotAcquiredException("LeaderLatch led, but its node was gone before the term began");
        }
        session.acquired();
        return new Lease(stat.getCzxid(), node);
    }

    @Override
    public void release(Lease lease) throws Exception {
        boolean led = stillHeld(lease);
        session.leaseState.released();
        resign();
        if (!led) throw new NotHeldException("LeaderLatch had already lost the leadership");
    }

    private void resign() throws Exception {
        LeaderLatch l = latch;
        latch = null;
        if (l != null) l.close();
    }

    /** Leading, and on the term's node: after a reconnect the latch makes a new node, and leading on it is another term. */
    @Override
    public boolean stillHeld(Lease lease) {
        LeaderLatch l = latch;
        return session.stillHeld() && l != null && l.hasLeadership() && lease.handle().equals(l.getOurPath());
    }

    @Override
    public void close() {
        try {
            resign();
        } catch (Exception e) {
            // the session goes with the client below
        }
        if (session != null) session.close();
    }
}
