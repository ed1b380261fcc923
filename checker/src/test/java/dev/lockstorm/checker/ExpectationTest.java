package dev.lockstorm.checker;

import dev.lockstorm.checker.history.NemesisEvent;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.model.FencedMutex;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.lockstorm.checker.H.h;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A CI job's pass conditions: each met or not by what the check found, and a word that is none is refused naming them all. */
@Tag("unit")
class ExpectationTest {

    private static boolean met(String word, CheckResult r) {
        return Expectation.parse(word).unmet(r).isEmpty();
    }

    @Test
    void aDoubleHolderWhoseResourceStayedSafeMeetsDoubleHolderAndNoLostUpdate() {
        // p0 frozen past its 2 s lease; p1 granted; p0's stale write refused; the final read shows every increment
        CheckResult r = h().nemesis(NemesisEvent.RUN.f(), Map.of("lease_ms", 2000))
                .acquire(0, 1L).with("client", "c1").read(0, 1L, 0)
                .nemesis("start-pause", List.of("client-c1-p0")).with("hosts", List.of("c1")).gap(2500)
                .acquire(1, 2L).with("client", "c2").read(1, 2L, 0).write(1, 2L, 1, OpType.OK).release(1)
                .nemesis("stop-pause", List.of("client-c1-p0"))
                .write(0, 1L, 1, OpType.FAIL).release(0).read(9, null, 1)
                .check(new FencedMutex());
        assertTrue(met("double-holder", r));
        assertTrue(met("no-lost-update", r), r.resource().explanation());
        assertTrue(met("stale-writes-rejected", r));
        assertTrue(met("no-defect", r), r.incidents().toString());
        assertTrue(met("exercised:holder-paused-past-lease", r), r.coverage().describe());
        assertFalse(met("valid", r));
        assertFalse(met("exercised:holder-killed", r));
        assertTrue(Expectation.parse("exercised:holder-killed").unmet(r).orElseThrow().contains("holder paused past its lease ×1"));
    }

    @Test
    void noLostUpdateIsNotMetWhenLostUpdatesWereNotCounted() {
        CheckResult r = h().acquire(0, 1L).write(0, 1L, 1, OpType.OK).release(0).check(new FencedMutex());
        assertFalse(r.resource().checked());
        assertEquals("lost updates not checked: " + r.resource().explanation(), Expectation.parse("no-lost-update").unmet(r).orElseThrow());
    }

    @Test
    void aWordThatIsNoExpectationIsRefusedNamingThem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Expectation.parse("safe"));
        assertTrue(e.getMessage().contains("no-lost-update") && e.getMessage().contains("exercised:KEY"), e.getMessage());
        IllegalArgumentException k = assertThrows(IllegalArgumentException.class, () -> Expectation.parse("exercised:chaos"));
        assertTrue(k.getMessage().contains("holder-paused-past-lease"), k.getMessage());
    }
}
