package dev.lockstorm.checker;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.model.Mutex;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.lockstorm.checker.H.h;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Explanations say what happened, in the history's own units and names. */
@Tag("unit")
class ExplanationsTest {

    @Test
    void aFailedReleaseIsSaidToHaveFailed() {
        // p0's release failed (the lock stayed p0's, and p0 still believes it holds it), then p1 acquired: a double grant
        CheckResult r = h().acquire(0, null).invoke(0, "release").fail(0, "release").acquire(1, null).check(new Mutex());
        assertEquals(Verdict.INVALID, r.verdict());
        String why = r.linearizability().failure().explanation();
        assertTrue(why.contains("process 1 acquired at 5.000 ms while process 0 held the lock since 1.000 ms and its release at 2.000 ms failed,"
                + " so it still held the lock"), why);
        String summary = Summary.of(r);
        assertTrue(summary.contains("double holders: 1 in 1 incident"), "a failed release does not end the hold: " + summary);
    }

    @Test
    void nanosecondTimesStayVisible() {
        List<Op> ops = List.of(Op.of(0, 120, OpType.INVOKE, 0, "acquire", null), Op.of(1, 340, OpType.OK, 0, "acquire", 1L),
                Op.of(2, 2_500, OpType.INVOKE, 1, "acquire", null), Op.of(3, 7_250, OpType.OK, 1, "acquire", 2L));
        CheckResult r = Checker.check(History.of("ns", ops), new dev.lockstorm.checker.model.FencedMutex(),
                dev.lockstorm.checker.linear.SearchLimits.defaults());
        String d = r.doubleHolders().get(0).explanation();
        assertTrue(d.startsWith("process 1 acquired at 7.3 µs (token 2) while process 0 held the lock since 340 ns (token 1)"), d);
        assertEquals("4.310 s", History.duration(4_310_000_000L));
        assertEquals("12.345 ms", History.duration(12_345_000L));
    }
}
