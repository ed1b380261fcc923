package dev.lockstorm.checker.linear;

import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.io.HistoryFormat;
import dev.lockstorm.checker.io.HistoryReader;
import dev.lockstorm.checker.model.Register;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A search that runs out of time or memory says unknown, with the reason, never valid. */
@Tag("unit")
class LimitsTest {
    /** a valid history whose search needs ~70,000 states */
    private static History hard() throws Exception {
        Path p = Path.of(LimitsTest.class.getResource("/corpus/porcupine-etcd/etcd_002.log").toURI());
        return HistoryReader.read(p, HistoryFormat.JEPSEN_LOG);
    }

    @Test
    void memoryBoundGivesUnknown() throws Exception {
        SearchLimits tiny = SearchLimits.withTimeLimit(Duration.ofSeconds(60)).withMaxStates(2_000);
        LinearizabilityResult r = Linearizability.check(Register.register(), hard().operations(), tiny);
        assertEquals(Verdict.UNKNOWN, r.verdict());
        assertTrue(r.reason().startsWith("memory bound reached"), r.reason());
        assertNull(r.failure());
    }

    @Test
    void timeLimitGivesUnknown() throws Exception {
        LinearizabilityResult r = Linearizability.check(Register.register(), hard().operations(),
                SearchLimits.withTimeLimit(Duration.ZERO));
        assertEquals(Verdict.UNKNOWN, r.verdict());
        assertEquals("time limit reached", r.reason());
    }

    @Test
    void aSearchOnItsCallersThreadStopsWhenThatThreadIsInterrupted() throws Exception {
        // a cancelled check (Checker's search beside the lock analyses) leaves no search running; one register, one part: one thread
        History h = hard();
        Thread.currentThread().interrupt();
        try {
            LinearizabilityResult r = Linearizability.check(Register.register(), h.operations(), SearchLimits.withTimeLimit(Duration.ofSeconds(60)));
            assertEquals(Verdict.UNKNOWN, r.verdict());
            assertEquals("interrupted", r.reason());
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void withinItsLimitsTheSameHistoryIsValid() throws Exception {
        LinearizabilityResult r = Linearizability.check(Register.register(), hard().operations(),
                SearchLimits.withTimeLimit(Duration.ofSeconds(60)));
        assertEquals(Verdict.VALID, r.verdict());
        assertTrue(r.statesExplored() > 2_000);
    }
}
