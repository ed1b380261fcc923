package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.Analysis;
import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Checker;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.linear.SearchLimits;
import dev.lockstorm.checker.model.FencedMutex;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A broken lock that grants to thousands at once: every pair is counted, the first kept as witnesses,
 * each incident lists its first grants and counts them all, and the time limit bounds the whole check.
 */
@Tag("unit")
class ManyHoldersTest {

    /** {@code n} processes each granted the lock (token i) and never releasing it, amid {@code faults} short partitions. */
    private static History allHoldAtOnce(int n, int faults) {
        List<Op> ops = new ArrayList<>();
        long t = 0;
        for (int f = 0; f < faults; f++) {
            ops.add(new Op(0, t++, OpType.INFO, Op.NEMESIS, "start-partition", "p" + f, Map.of(), 0));
            ops.add(new Op(0, t++, OpType.INFO, Op.NEMESIS, "stop-partition", "p" + f, Map.of(), 0));
        }
        for (int p = 0; p < n; p++) {
            ops.add(Op.of(0, t++, OpType.INVOKE, p, "acquire", null));
            ops.add(Op.of(0, t++, OpType.OK, p, "acquire", (long) p + 1));
        }
        return History.of("many", ops);
    }

    @Test
    void everyPairIsCountedAndTheFirstAreKept() {
        int n = 3000;
        CheckResult r = Checker.check(allHoldAtOnce(n, 0), new FencedMutex(), SearchLimits.withTimeLimit(Duration.ofSeconds(60)));
        assertEquals(Verdict.INVALID, r.verdict());
        assertEquals((long) n * (n - 1) / 2, r.doubleHolderCount());
        assertTrue(r.doubleHolders().size() <= 1000, "witnesses are capped: " + r.doubleHolders().size());
        assertEquals(n - 1, r.incidents().size(), "one incident per hold that a later grant overlapped");
        Incident first = r.incidents().get(0);
        assertEquals(n - 1, first.grantCount());
        assertTrue(first.grants().size() <= 100);
        assertTrue(first.explanation().contains((n - 1) + " grants") && first.explanation().contains("the first 100 listed"), first.explanation());
        assertTrue(r.analysis(Analysis.Kind.DOUBLE_HOLDERS).orElseThrow().detail().contains(((long) n * (n - 1) / 2) + " pairs"));
    }

    @Test
    void manyIncidentsBesideManyFaultsAreGroupedWithoutTheirProduct() {
        // 2000 incidents beside 20000 faults, none in force during a hold (they all came before)
        CheckResult r = Checker.check(allHoldAtOnce(2001, 20_000), new FencedMutex(), SearchLimits.withTimeLimit(Duration.ofSeconds(60)));
        assertEquals(2000, r.incidents().size());
        assertTrue(r.incidents().stream().allMatch(i -> i.faults().isEmpty()));
    }

    @Test
    void theTimeLimitBoundsTheWholeCheckAndNeverSaysValid() {
        CheckResult r = Checker.check(allHoldAtOnce(3000, 0), new FencedMutex(), SearchLimits.withTimeLimit(Duration.ZERO));
        assertNotEquals(Verdict.VALID, r.verdict());
    }
}
