package dev.lockstorm.suite.internal.workload;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The workload's rhythm, step by step, against a holder that answers as each test says. */
@Tag("unit")
class LockCycleTest {
    private static final Duration T = Duration.ofSeconds(5);

    /** Runs one cycle; {@code answer} says how each step went; returns the steps' names in order. */
    private static List<String> steps(LockCycle cycle, boolean holding, Function<Step, Outcome> answer) {
        List<String> seen = new ArrayList<>();
        cycle.run(step -> {
            seen.add(step.getClass().getSimpleName() + (step instanceof Step.Release r && r.gaveUp() ? "(gave up)" : ""));
            return answer.apply(step);
        }, T, holding);
        return seen;
    }

    /** A lock service where everything goes well, the counter at 41. */
    private static Outcome fine(Step s) {
        if (s instanceof Step.Acquire || s instanceof Step.AcquireAgain) return new Outcome.Granted(7L, true);
        if (s instanceof Step.Read) return new Outcome.Read(41);
        if (s instanceof Step.Check || s instanceof Step.Hold) return new Outcome.StillHeld(true);
        return Outcome.DONE;
    }

    @Test
    void aPlainHolderAcquiresReadsHoldsWritesTheNextValueAndReleases() {
        LockCycle cycle = new LockCycle(new LockCycle.Policy(0, Duration.ofMillis(10), Duration.ofMillis(10), OnDoubt.CONTINUE), new Random(1));
        List<Step> all = new ArrayList<>();
        cycle.run(s -> {
            all.add(s);
            return fine(s);
        }, T, true);
        assertEquals(new Step.Acquire(T, true), all.get(0), "a holder that reads at once asks with the grant");
        assertEquals(new Step.Read(7L, true), all.get(1), "the grant's answer is not asked again");
        assertEquals(new Step.Hold(10, false, new Step.Write(7L, 42)), all.get(2));
        assertEquals(new Step.Write(7L, 42), all.get(3));
        assertEquals(new Step.Release(false), all.get(4));
        assertEquals(5, all.size());
        assertTrue(cycle.acquired());
    }

    @Test
    void aCycleWithoutTheHoldStillDrawsIt() {
        Random a = new Random(3);
        Random b = new Random(3);
        LockCycle.Policy p = new LockCycle.Policy(0, Duration.ZERO, Duration.ofMillis(500), OnDoubt.CONTINUE);
        List<Step> held = new ArrayList<>();
        new LockCycle(p, a).run(s -> {
            held.add(s);
            return fine(s);
        }, T, true);
        Step.Hold h = (Step.Hold) held.get(2);
        List<Step> quiet = new ArrayList<>();
        new LockCycle(p, b).run(s -> {
            quiet.add(s);
            return fine(s);
        }, T, false);
        assertEquals(0, ((Step.Hold) quiet.get(2)).ms());
        assertEquals(a.nextLong(), b.nextLong(), "the same draws either way, so that a seed's later cycles stay the same");
        assertTrue(h.ms() >= 0 && h.ms() <= 500);
    }

    @Test
    void aRefusedAcquireEndsTheCycleUnacquired() {
        LockCycle cycle = new LockCycle(LockCycle.Policy.NO_HOLD, new Random(1));
        assertEquals(List.of("Acquire"), steps(cycle, true, s -> Outcome.REFUSED));
        assertFalse(cycle.acquired());
    }

    @Test
    void aCrashEndsTheCycleWhereverItComes() {
        for (String at : List.of("Read", "Hold", "Write", "Release")) {
            LockCycle cycle = new LockCycle(LockCycle.Policy.NO_HOLD, new Random(1));
            List<String> seen = steps(cycle, true, s -> s.getClass().getSimpleName().equals(at) ? Outcome.CRASHED : fine(s));
            assertEquals(at, seen.get(seen.size() - 1), "nothing after the crash at " + at + ": " + seen);
            assertTrue(cycle.acquired());
        }
    }

    @Test
    void aRefusedReadSkipsTheHoldAndTheWrite() {
        LockCycle cycle = new LockCycle(LockCycle.Policy.NO_HOLD, new Random(1));
        assertEquals(List.of("Acquire", "Read", "Release"), steps(cycle, true, s -> s instanceof Step.Read ? Outcome.REFUSED : fine(s)));
    }

    @Test
    void aReentrantHolderTakesTheLockAgainAroundTheReadAndLetsTheNestedHoldsGoBeforeTheHold() {
        LockCycle cycle = new LockCycle(new LockCycle.Policy(2, Duration.ZERO, Duration.ZERO, OnDoubt.CONTINUE), new Random(5));
        List<String> seen = steps(cycle, true, LockCycleTest::fine);
        long again = seen.stream().filter("AcquireAgain"::equals).count();
        assertEquals(again, seen.stream().filter("ReleaseAgain"::equals).count(), seen.toString());
        int read = seen.indexOf("Read");
        assertTrue(seen.subList(0, read).stream().allMatch(s -> s.startsWith("Acquire")), seen.toString());
        assertTrue(seen.subList(read + 1, seen.indexOf("Hold")).stream().allMatch("ReleaseAgain"::equals), seen.toString());
        assertTrue(seen.indexOf("Read") > 0 && !seen.contains("Check"));
    }

    @Test
    void aNestedAcquireThatIsRefusedLeavesTheHoldAtTheDepthItHas() {
        LockCycle cycle = new LockCycle(new LockCycle.Policy(10, Duration.ZERO, Duration.ZERO, OnDoubt.CONTINUE), new Random(2));
        int[] granted = {0};
        List<String> seen = steps(cycle, true, s -> {
            if (s instanceof Step.AcquireAgain) return granted[0]++ == 0 ? new Outcome.Granted(7L, null) : Outcome.REFUSED;
            return fine(s);
        });
        assertEquals(1, seen.stream().filter("ReleaseAgain"::equals).count(), seen.toString());
    }

    @Test
    void aCarefulHolderChecksBeforeTheReadAndStopsAtADoubtDuringTheHold() {
        LockCycle.Policy careful = new LockCycle.Policy(0, Duration.ofSeconds(1), Duration.ofSeconds(1), OnDoubt.STOP);
        List<String> seen = steps(new LockCycle(careful, new Random(1)), true, s -> s instanceof Step.Hold ? new Outcome.StillHeld(false) : fine(s));
        assertEquals(List.of("Acquire", "Check", "Read", "Hold", "Release(gave up)"), seen);
        List<String> doubtful = steps(new LockCycle(careful, new Random(1)), true, s -> s instanceof Step.Check ? new Outcome.StillHeld(false) : fine(s));
        assertEquals(List.of("Acquire", "Check", "Release(gave up)"), doubtful, "no read, no hold, no write after a doubt");
    }

    @Test
    void aCarefulHolderToldNoRightBeforeTheWriteDoesNotWriteAndGivesUp() {
        LockCycle.Policy careful = new LockCycle.Policy(0, Duration.ofSeconds(1), Duration.ofSeconds(1), OnDoubt.STOP);
        List<String> seen = steps(new LockCycle(careful, new Random(1)), true, s -> s instanceof Step.Write ? new Outcome.StillHeld(false) : fine(s));
        assertEquals(List.of("Acquire", "Check", "Read", "Hold", "Write", "Release(gave up)"), seen,
                "the write step was answered no by the client before it touched the resource: the release says the holder gave up");
        List<String> beforeRead = steps(new LockCycle(careful, new Random(1)), true, s -> s instanceof Step.Read ? new Outcome.StillHeld(false) : fine(s));
        assertEquals(List.of("Acquire", "Check", "Read", "Release(gave up)"), beforeRead);
    }

    private static final LockCycle.Policy TEN_MS = new LockCycle.Policy(0, Duration.ofMillis(10), Duration.ofMillis(10), OnDoubt.CONTINUE);

    /** Every step of one cycle of {@code cycle}, where everything goes well. */
    private static List<Step> cycleOf(LockCycle cycle) {
        List<Step> all = new ArrayList<>();
        cycle.run(s -> {
            all.add(s);
            return fine(s);
        }, T, true);
        return all;
    }

    @Test
    void aReaderReadsUnderTheReadLockHoldsAndReadsAgain() {
        List<Step> all = cycleOf(new LockCycle(TEN_MS, Role.READER, new Random(1)));
        assertEquals(List.of(new Step.Acquire(T, true, true), new Step.Read(7L, true, true), new Step.Hold(10, false, new Step.Read(7L, null, true)),
                new Step.Read(7L, null, true), new Step.Release(false, true)), all);
    }

    @Test
    void aWriterWritesInTwoStepsAroundTheHoldAndSometimesDowngrades() {
        boolean plain = false;
        boolean downgraded = false;
        LockCycle cycle = new LockCycle(TEN_MS, Role.WRITER, new Random(1));
        for (int i = 0; i < 20; i++) {
            List<Step> all = cycleOf(cycle);
            assertEquals(List.of(new Step.Acquire(T, true, false), new Step.Read(7L, true, false), new Step.Write(7L, 42),
                    new Step.Hold(10, false, new Step.Write(7L, 43)), new Step.Write(7L, 43)), all.subList(0, 5),
                    "read 41, the first half 42, the hold, the second half 43");
            if (all.size() == 6) {
                assertEquals(new Step.Release(false, false), all.get(5));
                plain = true;
            } else {
                // the read lock taken while the write lock is held, the write lock given back, a read under the read lock
                assertEquals(List.of(new Step.Acquire(T, false, true), new Step.Release(false, false), new Step.Read(7L, null, true),
                        new Step.Release(false, true)), all.subList(5, 9));
                downgraded = true;
            }
        }
        assertTrue(plain && downgraded, "writers draw whether to downgrade");
    }

    @Test
    void aWriterWhoseFirstHalfIsRefusedLeavesTheRestUndone() {
        LockCycle cycle = new LockCycle(TEN_MS, Role.WRITER, new Random(1));
        List<String> seen = steps(cycle, true, s -> s instanceof Step.Write ? Outcome.REFUSED : fine(s));
        assertEquals(List.of("Acquire", "Read", "Write", "Release"), seen);
    }

    @Test
    void rolesFollowTheReaderCountWritersFirst() {
        assertEquals(List.of(Role.WRITER, Role.WRITER, Role.READER), List.of(Role.of(0, 3, 1, true), Role.of(1, 3, 1, true), Role.of(2, 3, 1, true)));
        assertEquals(Role.EXCLUSIVE, Role.of(2, 3, 1, false));
        assertEquals("acquire-read", Role.READER.acquire(true));
        assertEquals("release-write", Role.WRITER.release(false));
        assertEquals("acquire", Role.EXCLUSIVE.acquire(false));
    }
}
