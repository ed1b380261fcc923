package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Checker;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.linear.SearchLimits;
import dev.lockstorm.checker.model.FencedMutex;
import dev.lockstorm.faults.NemesisEvent;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.lockstorm.checker.H.h;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("unit")
class LockAnalysesTest {

    @Test
    void overlappingHoldsAreDoubleHolders() {
        History hist = h().acquire(0, 1L).acquire(1, 2L).release(1).release(0).build();
        List<DoubleHolder> d = DoubleHolders.find(hist);
        assertEquals(1, d.size());
        assertEquals(0, d.get(0).first().process());
        assertEquals(1, d.get(0).second().process());
        assertEquals(2L, d.get(0).second().token());
        // p1 held from event 3 (its ok) to event 4 (its release invoke): 1 ms
        assertEquals(1_000_000L, d.get(0).overlapNanos());
        assertTrue(d.get(0).explanation().contains("process 1 acquired at 3.000 ms (token 2) while process 0 held the lock since 1.000 ms (token 1)"),
                d.get(0).explanation());
    }

    @Test
    void sequentialHoldsAreNot() {
        assertTrue(DoubleHolders.find(h().acquire(0, 1L).release(0).acquire(1, 2L).release(1).build()).isEmpty());
    }

    @Test
    void aHoldEndsWhenItsReleaseIsInvoked() {
        // p1 acquires while p0's release is in flight: p0 no longer believed it held the lock
        History hist = h().acquire(0, 1L).invoke(0, "release").acquire(1, 2L).ok(0, "release").build();
        assertTrue(DoubleHolders.find(hist).isEmpty());
    }

    @Test
    void aCrashedHoldersHoldEndsAtItsCrash() {
        History after = h().acquire(0, 1L).invoke(0, "write").info(0, "write").acquire(1, 2L).build();
        assertTrue(DoubleHolders.find(after).isEmpty());
        History before = h().acquire(0, 1L).invoke(0, "write").acquire(1, 2L).info(0, "write").build();
        assertEquals(1, DoubleHolders.find(before).size());
    }

    @Test
    void aKilledHoldersHoldEndsAtTheKillNotWhenItsDriverNoticed() {
        // p0 killed while holding; the server freed its lock and p1 took it before p0's driver recorded the crash
        History killed = h().acquire(0, 1L).nemesis(NemesisEvent.KILL_CLIENT.f(), List.of(0)).acquire(1, 2L)
                .invoke(0, "write").info(0, "write").release(1).build();
        assertTrue(DoubleHolders.find(killed).isEmpty(), DoubleHolders.find(killed).toString());
        CheckResult r = Checker.check(killed, new FencedMutex(), SearchLimits.defaults());
        assertEquals(Verdict.VALID, r.verdict(), Summary.of(r));
        // a kill of another process changes nothing for p0: it was alive while p1 took the lock
        History other = h().acquire(0, 1L).nemesis(NemesisEvent.KILL_CLIENT.f(), List.of(2)).acquire(1, 2L)
                .invoke(0, "write").info(0, "write").release(1).build();
        assertEquals(1, DoubleHolders.find(other).size());
        assertEquals(Verdict.INVALID, Checker.check(other, new FencedMutex(), SearchLimits.defaults()).verdict());
        // the kill ends the hold that was open then, not one that began later
        History later = h().acquire(0, 1L).nemesis(NemesisEvent.KILL_CLIENT.f(), List.of(0)).release(0).acquire(1, 2L).release(1).build();
        assertTrue(DoubleHolders.find(later).isEmpty());
    }

    @Test
    void aHoldNeverReleasedLastsToTheEnd() {
        List<DoubleHolder> d = DoubleHolders.find(h().acquire(0, 1L).invoke(2, "read").acquire(1, 2L).build());
        assertEquals(1, d.size());
        assertNull(d.get(0).first().end());
        assertTrue(d.get(0).explanation().contains("never released it"));
    }

    @Test
    void staleWritesAcceptedAndRejectedAreCounted() {
        History hist = h().acquire(0, 1L)
                .acquire(1, 2L).write(1, 2L, 1, OpType.OK).release(1)
                .write(0, 1L, 1, OpType.OK)     // accepted although token 2 was already accepted
                .write(0, 1L, 1, OpType.FAIL)   // rejected: fencing worked
                .release(0).build();
        FencingAnalysis.Result f = FencingAnalysis.analyze(hist);
        assertEquals(1, f.staleWrites().size());
        assertEquals(1, f.staleWrites().get(0).token());
        assertEquals(2, f.staleWrites().get(0).newerToken());
        assertEquals(1, f.rejected());
        assertTrue(f.staleWrites().get(0).explanation().contains("accepted a stale write"));
    }

    @Test
    void writesOfOneHolderWithOneTokenAreNotStale() {
        History hist = h().acquire(0, 1L).write(0, 1L, 1, OpType.OK).write(0, 1L, 2, OpType.OK).release(0).build();
        assertTrue(FencingAnalysis.analyze(hist).staleWrites().isEmpty());
    }

    @Test
    void tokensThatGoBackwardsOrRepeatAreReported() {
        FencingAnalysis.Result back = FencingAnalysis.analyze(h().acquire(0, 5L).release(0).acquire(1, 4L).release(1).build());
        assertEquals(1, back.tokenViolations().size());
        assertEquals(TokenViolation.Kind.WENT_BACKWARDS, back.tokenViolations().get(0).kind());
        FencingAnalysis.Result dup = FencingAnalysis.analyze(h().acquire(0, 5L).release(0).acquire(1, 5L).release(1).build());
        assertEquals(TokenViolation.Kind.DUPLICATE, dup.tokenViolations().get(0).kind());
        assertTrue(dup.tokenViolations().get(0).explanation().contains("the same token 5"));
    }

    @Test
    void concurrentAcquiresMayCompleteOutOfTokenOrder() {
        // p1's acquire was invoked before p0's completed: real-time order does not bind them
        History hist = h().invoke(0, "acquire").invoke(1, "acquire").ok(0, "acquire", 2L).ok(1, "acquire", 1L).build();
        assertTrue(FencingAnalysis.analyze(hist).tokenViolations().isEmpty());
    }

    @Test
    void lostUpdatesAreAcknowledgedIncrementsMinusTheFinalValue() {
        // both holders read 0 and write 1: one increment is lost
        History hist = h().acquire(0, 1L).read(0, 1L, 0).acquire(1, 2L).read(1, 2L, 0)
                .write(1, 2L, 1, OpType.OK).write(0, 1L, 1, OpType.OK).release(0).release(1)
                .read(2, null, 1).build();
        ResourceCounter.Result r = ResourceCounter.analyze(hist);
        assertTrue(r.checked());
        assertEquals(2, r.acknowledged());
        assertEquals(1L, r.finalValue());
        assertEquals(1, r.lostUpdates());
    }

    @Test
    void withoutAFinalReadLostUpdatesAreNotChecked() {
        ResourceCounter.Result r = ResourceCounter.analyze(h().acquire(0, 1L).read(0, 1L, 0).write(0, 1L, 1, OpType.OK).release(0).build());
        assertFalse(r.checked());
        assertTrue(r.explanation().contains("no read of the counter after the last acknowledged write"), r.explanation());
    }

    @Test
    void aWriteThatAddsOtherThanOneToWhatItsWriterReadLeavesNothingToCount() {
        // the count is acknowledged increments minus the final value: a write of the value it read (or of five more) is no
        // increment, and neither a loss nor its absence follows from the final read
        for (long wrote : new long[]{0, 5}) {
            ResourceCounter.Result r = ResourceCounter.analyze(h().acquire(0, 1L).read(0, 1L, 0).write(0, 1L, wrote, OpType.OK).release(0)
                    .read(1, null, wrote).build());
            assertFalse(r.checked(), r.explanation());
            assertEquals(0, r.lostUpdates());
            assertTrue(r.explanation().contains("set " + wrote + ", not one more than the 0 it had read or written last in its hold"), r.explanation());
        }
        // a write with nothing read before it in its hold is the increment the history says it is (a hand-written history's
        // blind writes); a value read in an earlier hold is no base for the next hold's writes
        ResourceCounter.Result blind = ResourceCounter.analyze(h().acquire(0, 1L).read(0, 1L, 0).write(0, 1L, 1, OpType.OK).release(0)
                .acquire(1, 2L).write(1, 2L, 1, OpType.OK).release(1).acquire(0, 3L).write(0, 3L, 2, OpType.OK).release(0).read(2, null, 2).build());
        assertTrue(blind.checked(), blind.explanation());
        assertEquals(1, blind.lostUpdates(), blind.explanation());
        // a read-write lock's writer counts on from its own first step in the same hold: value + 1, then + 2
        ResourceCounter.Result twoSteps = ResourceCounter.analyze(h().invoke(0, "acquire-write").ok(0, "acquire-write", 1L).read(0, 1L, 0)
                .write(0, 1L, 1, OpType.OK).write(0, 1L, 2, OpType.OK).invoke(0, "release-write").ok(0, "release-write").read(1, null, 2).build());
        assertTrue(twoSteps.checked(), twoSteps.explanation());
        // a write the resource refused, tried again with the same value, counts from the read still
        ResourceCounter.Result again = ResourceCounter.analyze(h().acquire(0, 1L).read(0, 1L, 0).write(0, 1L, 1, OpType.FAIL)
                .write(0, 1L, 1, OpType.OK).release(0).read(1, null, 1).build());
        assertTrue(again.checked(), again.explanation());
    }

    @Test
    void theVerdictComesFromEveryAnalysis() {
        CheckResult r = h().acquire(0, 1L).read(0, 1L, 0).acquire(1, 2L).read(1, 2L, 0)
                .write(1, 2L, 1, OpType.OK).write(0, 1L, 1, OpType.FAIL).release(1).invoke(0, "release").fail(0, "release")
                .read(2, null, 1).check(new FencedMutex());
        assertEquals(Verdict.INVALID, r.verdict());
        assertEquals(1, r.doubleHolderCount());
        assertEquals(0, r.staleWritesAccepted());
        assertEquals(1, r.staleWritesRejected());
        assertEquals(java.util.OptionalLong.of(0), r.lostUpdates());
        assertEquals(List.of("linearizability (fenced-mutex)", "double holders", "fencing", "resource (lost updates)"),
                r.analyses().stream().map(dev.lockstorm.checker.Analysis::name).toList());
        assertEquals(dev.lockstorm.checker.Analysis.Status.INVALID, r.analyses().get(1).status());
    }

    @Test
    void aCleanRunIsValid() {
        CheckResult r = h().acquire(0, 1L).read(0, 1L, 0).write(0, 1L, 1, OpType.OK).release(0)
                .acquire(1, 2L).read(1, 2L, 1).write(1, 2L, 2, OpType.OK).release(1).read(2, null, 2).check(new FencedMutex());
        assertEquals(Verdict.VALID, r.verdict());
    }
}
