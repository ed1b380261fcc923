package dev.lockstorm.suite.internal.workload;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A quarter of drawn waits give up within a lease; fixed waits never do. */
@Tag("unit")
class AcquireWaitsTest {
    private static final Duration FULL = Duration.ofSeconds(5);
    private static final Duration LEASE = Duration.ofSeconds(4);

    @Test
    void fixedWaitsAlwaysOutlastTheLease() {
        AcquireWaits w = AcquireWaits.fixed(FULL);
        for (int i = 0; i < 100; i++) assertEquals(FULL, w.next());
    }

    @Test
    void aQuarterOfDrawnWaitsGiveUpWithinALease() {
        AcquireWaits w = AcquireWaits.drawn(FULL, LEASE, new Random(7));
        int shorter = 0;
        for (int i = 0; i < 4000; i++) {
            Duration d = w.next();
            if (d.equals(FULL)) continue;
            shorter++;
            assertTrue(d.compareTo(LEASE.dividedBy(10)) >= 0 && d.compareTo(LEASE) <= 0, d.toString());
        }
        assertTrue(shorter > 850 && shorter < 1150, shorter + " of 4000 gave up early");
    }
}
