package dev.lockstorm.suite.internal.run;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RunTimingsTest {
    private static Duration ms(long n) {
        return Duration.ofMillis(n);
    }

    @Test
    void theFixedCostIsEverythingButTheMainPhaseAndTheArchivesBuiltOnce() {
        RunTimings t = new RunTimings(ms(4500), ms(12_500), ms(6200), ms(200), ms(3100));
        assertEquals(ms(10_900), t.fixed());
        assertEquals(ms(26_500), t.total());
        assertEquals("fixed cost 10.9 s (set-up 4.5, wind-down 6.2, check 0.2; and 3.1 s building class-data archives)", t.describe());
        // a run whose lab built nothing (or only looked: a few milliseconds) says nothing of archives
        assertEquals("fixed cost 10.9 s (set-up 4.5, wind-down 6.2, check 0.2)",
                new RunTimings(ms(4500), ms(12_500), ms(6200), ms(200), Duration.ZERO).describe());
        assertEquals("fixed cost 10.9 s (set-up 4.5, wind-down 6.2, check 0.2)",
                new RunTimings(ms(4500), ms(12_500), ms(6200), ms(200), ms(3)).describe());
    }
}
