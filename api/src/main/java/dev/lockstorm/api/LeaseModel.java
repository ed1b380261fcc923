package dev.lockstorm.api;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * How a lock's lease lives: what ends it, which servers judge it, and whose clock times it. The
 * checker calls a second grant beside a holder a <em>lease limit</em> (what any lease lock does
 * under that fault) only when a fault in the history could have ended the holder's lease as this
 * model says it lives; anything else is a defect of the lock. A run records the model in its
 * history's {@code run} event ({@code "lease_model"}).
 *
 * <pre>{@code
 * // a ZooKeeper session: renewed by the client's pings every third of the timeout, judged by the ensemble's leader
 * public LeaseModel leaseModel(ClientContext c) {
 *     return new LeaseModel.Renewed(c.lease(), c.lease().dividedBy(3), LeaseModel.Clock.SERVICE_MONOTONIC, LeaseModel.Judges.LEADER);
 * }
 * }</pre>
 */
public sealed interface LeaseModel {

    /**
     * Whose clock times the lease: the servers' wall clock ({@code SERVICE}: a Redis key's TTL, a lock
     * table's row stamped with {@code now()}), the servers' monotonic clock ({@code SERVICE_MONOTONIC}:
     * ZooKeeper's session tracker, etcd's lessor, which setting a server's wall clock does not move),
     * or a client's ({@code CLIENT}: a waiter watching the holder's heartbeats).
     */
    enum Clock {
        SERVICE, SERVICE_MONOTONIC, CLIENT;

        String wire() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * Which servers must stop hearing the holder for its lease to end: the one server there is
     * ({@code ONE}); a majority of independent servers, each hearing the holder itself (Redlock's
     * masters: {@code MAJORITY}); the master that holds its key, whichever that is now
     * ({@code KEY_MASTER}); the leader of a consensus group, which hears the holder only through
     * the one member the holder is attached to ({@code LEADER}: a ZooKeeper ensemble, etcd), so that
     * a partition among the servers alone can keep the holder from it; or the leader of a consensus
     * group whose client is connected to every member and renews through any of them that answers
     * ({@code GROUP}: Hazelcast's CP sessions, whose heartbeats a member forwards to the Raft leader,
     * which times them on its own clock), so that the holder is kept from it only where no member it
     * talks with reaches a leader with a majority.
     */
    enum Judges {
        ONE, MAJORITY, KEY_MASTER, LEADER, GROUP;

        /** How many of {@code servers} are a majority: what a grant needs where {@link #MAJORITY} judges. */
        public static int majority(int servers) {
            return servers / 2 + 1;
        }

        String wire() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * A fixed time to live from the grant: it ends {@code ttl} after the service stamped it (at or after
     * the holder's ask), whatever the holder does (SET NX PX, a lock row with an expiry, a Redisson
     * lease time).
     */
    record Fixed(Duration ttl, Clock clock, Judges judges) implements LeaseModel {
        public Fixed {
            positive(ttl, "ttl");
        }

        @Override
        public Map<String, Object> toData() {
            return data("fixed", "ttl_ms", ttl.toMillis(), "clock", clock.wire(), "judges", judges.wire());
        }
    }

    /**
     * A lease the holder renews every {@code interval} and that ends only when no renewal reached the
     * judges for {@code ttl} (a ZooKeeper session, an etcd keep-alive, Redisson's watchdog, DynamoDB's
     * heartbeats, a Hazelcast CP session).
     *
     * @param failoverGrace when a new leader of the judges takes over, how long past its old end it keeps a lease it
     *                      has not yet heard renewed: Hazelcast's CP sessions, one heartbeat interval (its session
     *                      service shifts every expiry by that much on a new term). Null when a new leader gives every
     *                      lease a whole ttl from its takeover (ZooKeeper's session tracker, etcd's lessor), so that a
     *                      failover alone never ends one.
     */
    record Renewed(Duration ttl, Duration interval, Clock clock, Judges judges, Duration failoverGrace) implements LeaseModel {
        public Renewed {
            positive(ttl, "ttl");
            positive(interval, "interval");
            if (interval.compareTo(ttl) >= 0) throw new IllegalArgumentException("renewal interval " + interval + " is not below the ttl " + ttl);
            if (failoverGrace != null && failoverGrace.isNegative()) throw new IllegalArgumentException("lease_model: failover grace must not be negative, not " + failoverGrace);
        }

        /** A lease a new leader gives a whole ttl (or that no leader judges). */
        public Renewed(Duration ttl, Duration interval, Clock clock, Judges judges) {
            this(ttl, interval, clock, judges, null);
        }

        @Override
        public Map<String, Object> toData() {
            Map<String, Object> m = data("renewed", "ttl_ms", ttl.toMillis(), "interval_ms", interval.toMillis(), "clock", clock.wire(), "judges", judges.wire());
            if (failoverGrace != null) m.put("failover_grace_ms", failoverGrace.toMillis());
            return m;
        }
    }

    /**
     * Held as long as the client's connection or session with the server (PostgreSQL's advisory
     * locks, MariaDB's {@code GET_LOCK}): it ends when the server closes it, having heard nothing for
     * {@code detection}, or, with {@code detection} null, only when the connection breaks (a frozen
     * client's kernel keeps it open; a cut one is noticed after the server's own keep-alive, hours).
     */
    record Session(Duration detection, Judges judges) implements LeaseModel {
        public Session {
            if (detection != null) positive(detection, "detection");
        }

        @Override
        public Map<String, Object> toData() {
            return detection == null ? data("session", "judges", judges.wire())
                    : data("session", "detection_ms", detection.toMillis(), "judges", judges.wire());
        }
    }

    /** No lease: the lock is held until it is released. */
    record Unbounded() implements LeaseModel {
        @Override
        public Map<String, Object> toData() {
            return data("unbounded");
        }
    }

    /**
     * The system declared nothing ({@link LockSystem#leaseModel}'s default): judged as a fixed TTL
     * of the run's lease, timed by the service, and the verdict says the model was not declared.
     */
    record Undeclared(Duration lease) implements LeaseModel {
        public Undeclared {
            positive(lease, "lease");
        }

        @Override
        public Map<String, Object> toData() {
            return data("undeclared", "ttl_ms", lease.toMillis());
        }
    }

    /** The model as the history's {@code run} event records it ({@code {"kind": "renewed", "ttl_ms": 4000, …}}). */
    Map<String, Object> toData();

    /**
     * The model a {@code run} event records; an error naming the key and what was expected when it
     * is not one.
     */
    static LeaseModel fromData(Map<?, ?> m) {
        Object kind = m.get("kind");
        if (!(kind instanceof String k)) throw new IllegalArgumentException("lease_model: \"kind\" must be one of fixed, renewed, session, unbounded, undeclared");
        return switch (k) {
            case "fixed" -> new Fixed(millis(m, "ttl_ms"), clock(m), judges(m));
            case "renewed" -> new Renewed(millis(m, "ttl_ms"), millis(m, "interval_ms"), clock(m), judges(m),
                    m.containsKey("failover_grace_ms") ? millisOrZero(m, "failover_grace_ms") : null);
            case "session" -> new Session(m.containsKey("detection_ms") ? millis(m, "detection_ms") : null, judges(m));
            case "unbounded" -> new Unbounded();
            case "undeclared" -> new Undeclared(millis(m, "ttl_ms"));
            default -> throw new IllegalArgumentException("lease_model: unknown kind \"" + k + "\" (expected fixed, renewed, session, unbounded or undeclared)");
        };
    }

    /** {@code {"kind": kind, k1: v1, …}} in that order. */
    private static Map<String, Object> data(String kind, Object... pairs) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", kind);
        for (int i = 0; i < pairs.length; i += 2) m.put((String) pairs[i], pairs[i + 1]);
        return m;
    }

    private static Duration millis(Map<?, ?> m, String key) {
        if (!(m.get(key) instanceof Number n) || n.longValue() <= 0) {
            throw new IllegalArgumentException("lease_model: \"" + key + "\" must be a positive number of milliseconds, not " + m.get(key));
        }
        return Duration.ofMillis(n.longValue());
    }

    private static Duration millisOrZero(Map<?, ?> m, String key) {
        if (!(m.get(key) instanceof Number n) || n.longValue() < 0 || n.doubleValue() != n.longValue()) {
            throw new IllegalArgumentException("lease_model: \"" + key + "\" must be a whole number of milliseconds, 0 or more, not " + m.get(key));
        }
        return Duration.ofMillis(n.longValue());
    }

    private static Clock clock(Map<?, ?> m) {
        for (Clock c : Clock.values()) if (c.wire().equals(m.get("clock"))) return c;
        throw new IllegalArgumentException("lease_model: \"clock\" must be one of "
                + String.join(", ", java.util.Arrays.stream(Clock.values()).map(Clock::wire).toList()) + ", not " + m.get("clock"));
    }

    private static Judges judges(Map<?, ?> m) {
        for (Judges j : Judges.values()) if (j.wire().equals(m.get("judges"))) return j;
        throw new IllegalArgumentException("lease_model: \"judges\" must be one of "
                + String.join(", ", java.util.Arrays.stream(Judges.values()).map(Judges::wire).toList()) + ", not " + m.get("judges"));
    }

    private static void positive(Duration d, String what) {
        if (d == null || d.isNegative() || d.isZero()) throw new IllegalArgumentException("lease_model: " + what + " must be positive, not " + d);
    }
}
