package dev.lockstorm.suite.internal.run;

import java.time.Duration;

/**
 * A run's defaults, in one place: {@code lockstorm run}'s options, {@link RunSpec.Builder}, the
 * JUnit extension's {@code @LockStormTest} and {@code LockStormSpec} all take them from here. They
 * are compile-time constants, in the form a person writes them, so that annotations can use them.
 * Only the CLI's seed differs: a run from the command line is seeded from the clock unless it names
 * one, so that runs explore; everything else is seeded {@link #SEED}, so that it repeats.
 */
public final class RunDefaults {
    /** Client processes, each on a host of its own. */
    public static final int CLIENTS = 5;
    /** How long the clients and the nemesis run: Jepsen's usual minute. */
    public static final String TIME_LIMIT = "60s";
    public static final String NEMESIS = "none";
    public static final String FENCING = "none";
    public static final String RESOURCE = "counter";
    public static final long SEED = 1;
    /** The lock's lease: ZooKeeper's session timeout, a Redis key's TTL. */
    public static final String LEASE = "4s";
    /**
     * A hunt's lease: half a run's, the shortest the lease servers here grant (ZooKeeper's two ticks,
     * etcd's minimum TTL). The faults that matter are measured against the lease (a freeze around one or
     * two, holds up to {@link #HOLD_MAX_LEASES}), so a hunt's runs reach them twice as often.
     */
    public static final String HUNT_LEASE = "2s";
    /**
     * The longest hold between the resource's read and write, as a multiple of the lease (the
     * shortest is 0): holds drawn across the lease, a third of them longer than it, so that a lease
     * that runs out under a holder is reached without any fault.
     */
    public static final double HOLD_MAX_LEASES = 1.5;
    /** {@link #HOLD_MAX_LEASES} as people read it in help texts. */
    public static final String HOLD_MAX = "1.5 × the lease";
    /** The quiet period after the final heal, in which every client must acquire once more. */
    public static final String QUIET = "20s";
    public static final String PERSISTENCE = "none";
    public static final String ON_DOUBT = "continue";
    /** The longest mean time between faults; a shorter run has a fault every sixth of its time limit. */
    public static final String NEMESIS_INTERVAL_MAX = "10s";

    private RunDefaults() {
    }

    /** The longest hold of a run whose lease is {@code lease}: {@link #HOLD_MAX_LEASES} of it. */
    public static Duration holdMax(Duration lease) {
        return Duration.ofMillis(Math.round(lease.toMillis() * HOLD_MAX_LEASES));
    }

    /** The mean time between faults of a run of {@code timeLimit}: a sixth of it, at most {@link #NEMESIS_INTERVAL_MAX}. */
    public static Duration nemesisInterval(Duration timeLimit) {
        Duration sixth = timeLimit.dividedBy(6);
        Duration max = Durations.parse(NEMESIS_INTERVAL_MAX);
        return sixth.compareTo(max) < 0 ? sixth : max;
    }
}
