package dev.lockstorm.checker.model;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.lock.DoubleHolders;
import dev.lockstorm.checker.lock.FencingAnalysis;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static dev.lockstorm.checker.H.h;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("unit")
class ReentrantMutexTest {
    private final ReentrantMutex model = new ReentrantMutex();

    @Test
    void aHolderMayTakeTheLockAgainAndGivesItUpAtTheOutermostRelease() {
        var r = h().acquire(0, 5L).acquire(0, 5L).release(0).release(0).acquire(1, 6L).release(1).linearizable(model);
        assertEquals(Verdict.VALID, r.verdict());
    }

    @Test
    void anotherProcessMayNotAcquireBetweenANestedAndTheOutermostRelease() {
        // p0's nested release let the lock go (a hold count kept as a flag): p1 got it while p0's count was still 1
        var r = h().acquire(0, 5L).acquire(0, 5L).release(0).acquire(1, 6L).release(0).release(1).linearizable(model);
        assertEquals(Verdict.INVALID, r.verdict());
        String why = r.failure().explanation();
        assertTrue(why.contains("process 1 acquired at") && why.contains("while process 0 held the lock since")
                && why.contains("ended nested holds"), why);
        assertEquals("held by process 0 (hold count 1), last token 5", r.failure().state());
    }

    @Test
    void aNestedAcquireKeepsItsHoldsToken() {
        assertEquals(Verdict.INVALID, h().acquire(0, 5L).acquire(0, 6L).linearizable(model).verdict());
        assertEquals(Verdict.VALID, h().acquire(0, null).acquire(0, null).release(0).release(0).linearizable(model).verdict());
    }

    @Test
    void aNewHoldsTokenMustBeAboveEveryTokenBefore() {
        var r = h().acquire(0, 5L).acquire(0, 5L).release(0).release(0).acquire(1, 5L).linearizable(model);
        assertEquals(Verdict.INVALID, r.verdict());
        assertTrue(r.failure().explanation().contains("not above token 5"), r.failure().explanation());
    }

    @Test
    void moreReleasesThanAcquiresAreInvalid() {
        assertEquals(Verdict.INVALID, h().acquire(0, null).release(0).release(0).linearizable(model).verdict());
    }

    @Test
    void aCrashedReentrantHoldersLockExpiresWhateverItsCount() {
        var r = h().acquire(0, 5L).acquire(0, 5L).invoke(0, "write").info(0, "write").acquire(1, 6L).linearizable(model);
        assertEquals(Verdict.VALID, r.verdict());
    }

    @Test
    void theModelIsInferredFromNestingAndNotOtherwise() {
        History nested = h().acquire(0, 5L).acquire(0, 5L).release(0).release(0).build();
        assertTrue(nested.reentrant());
        assertInstanceOf(ReentrantMutex.class, Models.infer(nested, false));
        History flat = h().acquire(0, 5L).release(0).acquire(0, 6L).release(0).build();
        assertFalse(flat.reentrant());
        assertInstanceOf(FencedMutex.class, Models.infer(flat, false));
    }

    @Test
    void aHoldOfAReentrantLockRunsToTheOutermostRelease() {
        History early = h().acquire(0, 5L).acquire(0, 5L).release(0).acquire(1, 6L).release(0).release(1).build();
        var found = DoubleHolders.find(early);
        assertEquals(1, found.size());
        assertEquals(0, found.get(0).first().process());
        History inTurn = h().acquire(0, 5L).acquire(0, 5L).release(0).release(0).acquire(1, 6L).release(1).build();
        assertTrue(DoubleHolders.find(inTurn).isEmpty());
        assertEquals(2, DoubleHolders.holds(inTurn).size());
    }

    @Test
    void aNestedAcquiresTokenIsNoRepeatedGrant() {
        FencingAnalysis.Result f = FencingAnalysis.analyze(h().acquire(0, 5L).acquire(0, 5L).release(0).release(0).acquire(1, 6L).build());
        assertTrue(f.tokenViolations().isEmpty(), f.tokenViolations().toString());
        assertEquals(2, f.tokens());
    }

    @Test
    void aCleanNestedRunIsValidWithEveryAnalysis() {
        CheckResult r = h().acquire(0, 1L).acquire(0, 1L).read(0, 1L, 0).release(0).write(0, 1L, 1, OpType.OK).release(0)
                .acquire(1, 2L).read(1, 2L, 1).write(1, 2L, 2, OpType.OK).release(1).read(2, null, 2).check(model);
        assertEquals(Verdict.VALID, r.verdict());
        assertEquals("linearizability (reentrant-mutex)", r.analyses().get(0).name());
    }
}
