package dev.lockstorm.suite.internal.workload;

import java.time.Duration;
import java.util.Random;

/**
 * How long each acquire waits for the lock. Fixed, every waiter outlasts a holder's lease and none
 * ever gives up, so a lock's withdraw path (Curator deleting its queued node, Redisson leaving its
 * channel, a table lock's rollback) never runs. Drawn, one acquire in four waits a time from a tenth
 * of the lease to the lease and then gives up; the others wait the full time.
 *
 * <pre>{@code
 * AcquireWaits waits = AcquireWaits.drawn(Duration.ofSeconds(5), Duration.ofSeconds(4), new Random(7));
 * cycle.run(holder, waits.next(), true);
 * }</pre>
 */
public final class AcquireWaits {
    /** The share of acquires that wait less than a lease and give up. */
    static final double SHORT_SHARE = 0.25;

    private final Duration full;
    private final Duration lease;
    private final Random random;

    private AcquireWaits(Duration full, Duration lease, Random random) {
        this.full = full;
        this.lease = lease;
        this.random = random;
    }

    /** Every acquire waits {@code full}. */
    public static AcquireWaits fixed(Duration full) {
        return new AcquireWaits(full, null, null);
    }

    /** A quarter of the acquires wait from a tenth of {@code lease} to {@code lease}, the rest {@code full}. */
    public static AcquireWaits drawn(Duration full, Duration lease, Random random) {
        return new AcquireWaits(full, lease, random);
    }

    public boolean isDrawn() {
        return random != null;
    }

    /** The next acquire's wait. */
    public Duration next() {
        if (random == null || random.nextDouble() >= SHORT_SHARE) return full;
        long tenth = lease.toMillis() / 10;
        long wait = tenth + (long) (random.nextDouble() * (lease.toMillis() - tenth));
        return Duration.ofMillis(Math.max(1, Math.min(wait, full.toMillis())));
    }
}
