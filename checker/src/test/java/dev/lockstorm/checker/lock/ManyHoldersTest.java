package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.Analysis;
import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Checker;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.linear.SearchLimits;
import dev.lockstorm.checker.H;
import dev.lockstorm.checker.model.FencedMutex;
import dev.lockstorm.checker.model.RwLock;
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
 * A correct read-write lock with tens of thousands of readers at once is decided in a sweep.
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

    /**
     * {@code n} readers all asking at once, granted in the reverse order, then all releasing, then a
     * writer: every reader is concurrent with every other, which no search can enumerate.
     */
    private static History readersAtOnce(int n) {
        List<Op> ops = new ArrayList<>();
        long t = 0;
        for (int p = 0; p < n; p++) ops.add(Op.of(0, t++, OpType.INVOKE, p, RwLock.ACQUIRE_READ, null));
        for (int p = n - 1; p >= 0; p--) ops.add(Op.of(0, t++, OpType.OK, p, RwLock.ACQUIRE_READ, null));
        for (int p = 0; p < n; p++) ops.add(Op.of(0, t++, OpType.INVOKE, p, RwLock.RELEASE_READ, null));
        for (int p = 0; p < n; p++) ops.add(Op.of(0, t++, OpType.OK, p, RwLock.RELEASE_READ, null));
        ops.add(Op.of(0, t++, OpType.INVOKE, n, RwLock.ACQUIRE_WRITE, null));
        ops.add(Op.of(0, t, OpType.OK, n, RwLock.ACQUIRE_WRITE, null));
        return History.of("readers", ops);
    }

    @Test
    void fiftyThousandReadersAtOnceAreDecidedWithoutASearch() {
        // the readers' sweep meets only writers, and the order of the certain holds is a linearization: no search entered
        CheckResult r = Checker.check(readersAtOnce(50_000), new RwLock(), SearchLimits.defaults());
        assertEquals(Verdict.VALID, r.verdict(), r.analyses().toString());
        assertEquals(0, r.doubleHolderCount());
        assertEquals(100_001, r.linearizability().statesExplored(), "one state per operation: the witness order, stepped once");
    }

    @Test
    void aWriterAmongReadersIsPairedWithEachOfThemAndReadersNeverWithEachOther() {
        // readers 0..2 hold; writer 3 is granted amid them; reader 4 is granted while the writer holds
        History h = H.h().rw(0, RwLock.ACQUIRE_READ).rw(1, RwLock.ACQUIRE_READ).rw(2, RwLock.ACQUIRE_READ).rw(3, RwLock.ACQUIRE_WRITE)
                .rw(4, RwLock.ACQUIRE_READ).rw(0, RwLock.RELEASE_READ).rw(1, RwLock.RELEASE_READ).rw(2, RwLock.RELEASE_READ)
                .rw(3, RwLock.RELEASE_WRITE).rw(4, RwLock.RELEASE_READ).build();
        List<DoubleHolder> pairs = DoubleHolders.find(h);
        assertEquals(List.of("0-3", "1-3", "2-3", "3-4"), pairs.stream().map(d -> d.first().process() + "-" + d.second().process()).toList());
        CheckResult r = Checker.check(h, new RwLock(), SearchLimits.defaults());
        assertEquals(Verdict.INVALID, r.verdict(), "the witness order fails there, and the search decides");
        assertEquals(Verdict.INVALID, r.linearizability().verdict());
    }

    @Test
    void aSweepTheTimeLimitCutShortSaysHowFarItGotAndCountsNothing() {
        CheckResult r = Checker.check(allHoldAtOnce(3000, 0), new FencedMutex(), SearchLimits.withTimeLimit(Duration.ZERO));
        assertTrue(!r.holdsCounted(), "incidents of a part of the history are not the history's");
        Analysis a = r.analysis(Analysis.Kind.DOUBLE_HOLDERS).orElseThrow();
        assertTrue(a.detail().contains("of 3,000 holds"), a.detail());
        assertTrue(!a.detail().contains("no two clients held"), a.detail());
        String summary = dev.lockstorm.checker.Summary.of(r);
        assertTrue(summary.contains("double holders: not counted: "), summary);
        assertTrue(!summary.contains("double holders: 0"), summary);
        // what it found by then is certain: pairs found make it invalid, none found leaves it unknown, never valid
        assertEquals(a.detail().startsWith("at least") ? Analysis.Status.INVALID : Analysis.Status.UNKNOWN, a.status());
    }

    @Test
    void theTimeLimitBoundsTheWholeCheckAndNeverSaysValid() {
        CheckResult r = Checker.check(allHoldAtOnce(3000, 0), new FencedMutex(), SearchLimits.withTimeLimit(Duration.ZERO));
        assertNotEquals(Verdict.VALID, r.verdict());
    }
}
