package dev.lockstorm.locks.zookeeper;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.api.NotHeldException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.leader.LeaderSelector;
import org.apache.curator.framework.recipes.leader.LeaderSelectorListenerAdapter;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Apache Curator's {@code LeaderSelector}: leadership lasts as long as {@code takeLeadership} runs.
 * Each term has a selector of its own: {@code acquire} starts one and waits until its
 * {@code takeLeadership} is called (a candidate whose time runs out closes it: it withdraws);
 * {@code release} lets {@code takeLeadership} return, which gives the leadership up, and closes the
 * selector. The listener is Curator's adapter, which cancels the leadership (interrupts
 * {@code takeLeadership}) when the connection is SUSPENDED or LOST. The token is the czxid of the
 * session's node under the path.
 *
 * <pre>{@code
 * CuratorLeaderSelector e = new CuratorLeaderSelector(connect, "/service/leader", Duration.ofSeconds(4));
 * e.open();
 * Lease term = e.acquire(Duration.ofSeconds(5)); // inside takeLeadership now
 * ... leader work, fenced with term.token() ...
 * e.release(term); // takeLeadership returns
 * }</pre>
 */
public final class CuratorLeaderSelector implements LockClient {
    private final String connect;
    private final String path;
    private final Duration sessionTimeout;
    private CuratorSession session;

    public CuratorLeaderSelector(String connect, String electionPath, Duration sessionTimeout) {
        this.connect = connect;
        this.path = electionPath;
        this.sessionTimeout = sessionTimeout;
    }

    /** One term: its selector and the call of takeLeadership, which runs until resigned or cancelled. */
    private final class Term extends LeaderSelectorListenerAdapter {
        final CompletableFuture<Long> begun = new CompletableFuture<>();
        final CountDownLatch resign = new CountDownLatch(1);
        final CountDownLatch ended = new CountDownLatch(1);
        final LeaderSelector selector = new LeaderSelector(session.client, path, this);
        volatile boolean cancelled;

        @Override
        public void takeLeadership(CuratorFramework client) {
            begun.complete(token());
            try {
                resign.await();
            } catch (InterruptedException e) {
                cancelled = true; // Curator cancelled the leadership: SUSPENDED or LOST
                Thread.currentThread().interrupt();
            } finally {
                ended.countDown();
            }
        }

        boolean running() {
            return ended.getCount() > 0 && !cancelled;
        }

        /** Lets takeLeadership return (if it runs), then closes the selector, which withdraws from the queue or gives up the lead. */
        void end() throws InterruptedException {
            resign.countDown();
            ended.await(10, TimeUnit.SECONDS);
            selector.close();
        }
    }

    @Override
    public void open() throws Exception {
        session = CuratorSession.open(connect, sessionTimeout);
    }

    private Long token() {
        try {
            return session.ownToken(path);
        } catch (Exception e) {
            return null;
        }
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        Term t = new Term();
        t.selector.start();
        Long token;
        try {
            token = t.begun.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            t.end();
            throw new NotAcquiredException("LeaderSelector did not lead within " + timeout + "; withdrawn");
        }
        if (token == null || !t.running()) {
            t.end();
            throw new NotAcquiredException("LeaderSelector led, but the session's node was gone before the term began");
        }
        session.acquired();
        return new Lease(token, t);
    }

    @Override
    public void release(Lease lease) throws Exception {
        Term t = (Term) lease.handle();
        boolean led = stillHeld(lease);
        session.leaseState.released();
        t.end();
        if (!led) throw new NotHeldException("LeaderSelector's leadership had already been cancelled");
    }

    @Override
    public boolean stillHeld(Lease lease) {
        return session.stillHeld() && ((Term) lease.handle()).running();
    }

    @Override
    public void close() {
        if (session != null) session.close();
    }
}
