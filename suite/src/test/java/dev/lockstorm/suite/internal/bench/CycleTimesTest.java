package dev.lockstorm.suite.internal.bench;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The medians a driven bench run prints, from a history whose times are known. */
@Tag("unit")
class CycleTimesTest {
    /** Three clients' cycles, one after the other: acquire 100 µs, write 20 µs, release 80 µs, 5 µs between operations. */
    private static History cycles(int n) {
        List<Op> ops = new ArrayList<>();
        long t = 1_000_000;
        ops.add(new Op(0, t, OpType.INFO, Op.NEMESIS, "leader", "n1", Map.of(), 0));
        for (int i = 0; i < n; i++) {
            int p = i % 3;
            t = step(ops, p, "acquire", 1L, t, 100_000);
            t = step(ops, p, "write", null, t + 5_000, 20_000);
            t = step(ops, p, "release", null, t + 5_000, 80_000) + 5_000;
        }
        return History.of("test", ops);
    }

    private static long step(List<Op> ops, int p, String f, Object okValue, long invoke, long took) {
        ops.add(new Op(ops.size(), invoke, OpType.INVOKE, p, f, null, Map.of(), 0));
        ops.add(new Op(ops.size(), invoke + took, OpType.OK, p, f, okValue, Map.of(), 0));
        return invoke + took;
    }

    @Test
    void eachOperationsMedianAndTheDriversTimeBetweenThem() {
        CycleTimes c = CycleTimes.of(cycles(90));
        assertEquals(Map.of("acquire", 100.0, "write", 20.0, "release", 80.0), c.medianMicros());
        // a process's next invocation follows its own last completion by 5 µs within a cycle, and by a whole
        // round of the other two clients' cycles (2 × 215 µs + 5 µs) between its cycles: the median is 5 µs
        assertEquals(5.0, c.betweenMicros());
        assertEquals("acquire 100 µs, write 20 µs, release 80 µs; the driver between operations 5 µs", c.line());
    }
}
