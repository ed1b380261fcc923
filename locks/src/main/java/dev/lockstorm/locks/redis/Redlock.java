package dev.lockstorm.locks.redis;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.api.NotHeldException;
import dev.lockstorm.api.Notes;
import dev.lockstorm.api.Checkpoints;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.StatefulRedisConnection;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Redlock, written to the algorithm as the redis.io distributed-lock page states it, not tuned to
 * pass:
 * <ol>
 *   <li>note the time (our monotonic clock);</li>
 *   <li>{@code SET key value NX PX ttl} on each of the N independent masters in turn, each with a
 *       timeout much shorter than the TTL;</li>
 *   <li>the lock is taken when a majority (N/2+1) said OK and the time elapsed is below the TTL; its
 *       validity is TTL − elapsed − drift (1% of the TTL + 2 ms for clock drift);</li>
 *   <li>otherwise unlock on every node (also the ones that seemed to fail) and retry after a random
 *       delay.</li>
 * </ol>
 * Two options make it a Redlock as some are deployed, to show what the page's rules protect: a
 * per-node timeout as long as a client library's default (Redisson's is 3 s) rather than the page's
 * few milliseconds, and a validity counted from the last reply for the whole TTL
 * ({@link Validity#FROM_REPLY}), which leaves out the elapsed-time check: a majority whose replies
 * came late is then taken as the lock though its keys are expiring, or gone.
 * Redlock has no fencing token: leases carry none. A node whose connection broke is reconnected at
 * the next attempt (a new connection, so nothing buffered is replayed).
 *
 * <pre>{@code
 * Redlock lock = new Redlock(List.of("redis://n1:6379", "redis://n2:6379", "redis://n3:6379"), Duration.ofSeconds(10));
 * lock.open();
 * Lease lease = lock.acquire(Duration.ofSeconds(5));
 * if (lock.stillHeld(lease)) { ... }   // within the validity time
 * lock.release(lease);
 * }</pre>
 */
public final class Redlock implements LockClient {
    /** Where a scenario freezes the client: a majority said OK, the elapsed time is not taken yet. */
    public static final String PAUSE_AFTER_MAJORITY = "redlock-after-majority";
    /** What a refusal says of attempts whose majority said OK too late: the elapsed time had used up the TTL. */
    public static final String VALIDITY_SPENT = "a majority said OK, but after the TTL had run out";
    /** The page's drift allowance: a share of the TTL, plus 2 ms. */
    public static final double CLOCK_DRIFT_FACTOR = 0.01;

    private final List<String> uris;
    private final Duration ttl;
    private final Duration perNodeTimeout;
    private final double driftFactor;
    private final Validity validity;
    private final List<Instance> instances = new ArrayList<>();
    private RedisClient client;

    /** @param uris one redis:// URI per independent master; @param ttl the lock's time to live */
    public Redlock(List<String> uris, Duration ttl) {
        this(uris, ttl, CLOCK_DRIFT_FACTOR);
    }

    /** @param driftFactor the share of the TTL taken off the validity for clock drift */
    public Redlock(List<String> uris, Duration ttl, double driftFactor) {
        this(uris, ttl, driftFactor, pageTimeout(ttl), Validity.ELAPSED);
    }

    /**
     * @param perNodeTimeout how long a node's answer is waited for ({@link #pageTimeout} is the page's advice)
     * @param validity       how the validity time is counted
     */
    public Redlock(List<String> uris, Duration ttl, double driftFactor, Duration perNodeTimeout, Validity validity) {
        if (uris.size() < 1) throw new IllegalArgumentException("Redlock needs at least one Redis master");
        this.uris = List.copyOf(uris);
        this.ttl = ttl;
        this.driftFactor = driftFactor;
        this.perNodeTimeout = perNodeTimeout;
        this.validity = validity;
    }

    /** "if the auto-release time is 10 seconds, the timeout could be in the ~ 5-50 milliseconds range": TTL/200, 5 to 50 ms. */
    public static Duration pageTimeout(Duration ttl) {
        return Duration.ofMillis(Math.max(5, Math.min(50, ttl.toMillis() / 200)));
    }

    /** How the validity time of a grant is counted. */
    public enum Validity {
        /** The page's: TTL − the time elapsed since the first SET was sent − drift, and no grant when nothing is left. */
        ELAPSED,
        /** TTL − drift from the last reply, whatever the time the SETs took: no elapsed-time check. */
        FROM_REPLY
    }

    public int quorum() {
        return uris.size() / 2 + 1;
    }

    @Override
    public void open() {
        client = RedisClient.create();
        client.setOptions(RedisSingleLock.faultTestingOptions(perNodeTimeout, perNodeTimeout.multipliedBy(4)));
        for (String uri : uris) instances.add(new Instance(RedisURI.create(uri)));
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        String value = UUID.randomUUID().toString();
        // nodes that may hold our value though they did not say so: a SET or a DEL that timed out may
        // still have been applied, and the key lives until its TTL
        java.util.Set<Instance> maybeOurs = new java.util.HashSet<>();
        int late = 0; // attempts whose majority came after the TTL had run out
        while (true) {
            long start = System.nanoTime();
            int locked = 0;
            java.util.Set<Instance> touched = new java.util.HashSet<>(); // said OK, or may have applied the SET
            for (Instance i : instances) {
                Boolean ok = i.lock(value);
                if (ok == null || ok) touched.add(i);
                if (ok == null) maybeOurs.add(i);
                else if (ok) locked++;
            }
            if (locked >= quorum()) Checkpoints.reach(PAUSE_AFTER_MAJORITY);
            long now = System.nanoTime();
            long elapsedMs = (now - start) / 1_000_000;
            long drift = (long) (ttl.toMillis() * driftFactor) + 2;
            boolean fromReply = validity == Validity.FROM_REPLY;
            long validityMs = ttl.toMillis() - (fromReply ? 0 : elapsedMs) - drift;
            if (locked >= quorum() && validityMs > 0) {
                // how many masters said yes: the checker asks more servers' clocks to end a lease held on all than on a bare majority
                Notes.heldOn(new Notes.HeldOn(locked, instances.size()));
                return new Lease(null, new Held(value, (fromReply ? now : start) + validityMs * 1_000_000L, locked, validityMs));
            }
            if (locked >= quorum()) late++;
            for (Instance i : instances) {
                if (i.unlock(value) != null) maybeOurs.remove(i); // it answered: our value is not there any more
                else if (touched.contains(i)) maybeOurs.add(i);
            }
            if (System.nanoTime() > deadline) {
                String why = "no majority within " + timeout + ": last attempt locked " + locked + " of " + instances.size()
                        + " nodes, validity left " + validityMs + " ms" + (late > 0 ? "; " + late + " attempt(s): " + VALIDITY_SPENT : "");
                // a node that never answered may keep our SET: not granted is then not certain (the history says info)
                if (!maybeOurs.isEmpty()) throw new UncertainAcquireException(why + "; " + maybeOurs.size() + " node(s) did not answer"
                        + " and may still hold our value until its TTL runs out");
                throw new NotAcquiredException(why);
            }
            Thread.sleep(ThreadLocalRandom.current().nextInt(10, 60));
        }
    }

    /** An acquire given up while some node may still hold our value: neither granted nor certainly refused. */
    static final class UncertainAcquireException extends Exception {
        UncertainAcquireException(String message) {
            super(message);
        }
    }

    /**
     * Our value in the key, and when the lock's validity runs out by our monotonic clock.
     *
     * @param nodes      how many masters said OK
     * @param validityMs the validity time computed at acquisition
     */
    public record Held(String value, long validUntilNanos, int nodes, long validityMs) {
    }

    @Override
    public void release(Lease lease) throws Exception {
        Held h = (Held) lease.handle();
        int released = 0;
        for (Instance i : instances) if (Boolean.TRUE.equals(i.unlock(h.value()))) released++;
        if (released < quorum()) {
            throw new NotHeldException("our value was on only " + released + " of " + instances.size() + " nodes at release");
        }
    }

    /** Valid until the validity time computed at acquisition runs out. */
    @Override
    public boolean stillHeld(Lease lease) {
        return System.nanoTime() < ((Held) lease.handle()).validUntilNanos();
    }

    @Override
    public void close() {
        for (Instance i : instances) i.close();
        if (client != null) client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
    }

    /** One independent master and our connection to it, opened again after it broke. */
    private final class Instance {
        private final RedisURI uri;
        private StatefulRedisConnection<String, String> connection;

        Instance(RedisURI uri) {
            this.uri = uri;
            this.uri.setTimeout(perNodeTimeout);
        }

        /** Whether the node set our value; null when it did not answer (the SET may still have been applied). */
        Boolean lock(String value) {
            StatefulRedisConnection<String, String> c;
            try {
                c = connection();
            } catch (RuntimeException e) {
                drop();
                return false; // not connected: the SET was never sent
            }
            try {
                return "OK".equals(c.sync().set(RedisSingleLock.KEY, value, SetArgs.Builder.nx().px(ttl.toMillis())));
            } catch (RuntimeException e) {
                drop();
                return null;
            }
        }

        /** Whether the node deleted our value; null when it did not answer. */
        Boolean unlock(String value) {
            try {
                Long n = connection().sync().eval(RedisSingleLock.RELEASE, ScriptOutputType.INTEGER, new String[]{RedisSingleLock.KEY}, value);
                return n != null && n > 0;
            } catch (RuntimeException e) {
                drop();
                return null;
            }
        }

        private StatefulRedisConnection<String, String> connection() {
            if (connection == null || !connection.isOpen()) {
                drop();
                connection = client.connect(uri);
            }
            return connection;
        }

        private void drop() {
            if (connection != null) connection.closeAsync();
            connection = null;
        }

        void close() {
            drop();
        }
    }
}
