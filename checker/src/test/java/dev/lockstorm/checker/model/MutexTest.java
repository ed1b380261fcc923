package dev.lockstorm.checker.model;

import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.linear.LinearizabilityResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static dev.lockstorm.checker.H.h;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("unit")
class MutexTest {
    private final Mutex mutex = new Mutex();

    @Test
    void sequentialHoldsAreValid() {
        var r = h().acquire(0, null).release(0).acquire(1, null).release(1).linearizable(mutex);
        assertEquals(Verdict.VALID, r.verdict());
    }

    @Test
    void waitersThatAcquireInTurnAreValid() {
        var r = h().invoke(0, "acquire").invoke(1, "acquire").invoke(2, "acquire")
                .ok(1, "acquire").invoke(1, "release").ok(1, "release")
                .ok(0, "acquire").invoke(0, "release").ok(0, "release")
                .ok(2, "acquire").linearizable(mutex);
        assertEquals(Verdict.VALID, r.verdict());
    }

    @Test
    void secondHolderWhileTheFirstIsAliveIsInvalidAndExplained() {
        var r = h().acquire(0, null).acquire(1, null).release(0).release(1).linearizable(mutex);
        assertEquals(Verdict.INVALID, r.verdict());
        String why = r.failure().explanation();
        assertTrue(why.contains("process 1 acquired at") && why.contains("while process 0 held the lock since")
                && why.contains("had not invoked release until"), why);
        assertEquals(1, r.failure().blocked().process());
        assertEquals("held by process 0", r.failure().state());
    }

    @Test
    void releaseByANonOwnerIsInvalid() {
        var r = h().acquire(0, null).release(1).linearizable(mutex);
        assertEquals(Verdict.INVALID, r.verdict());
        assertTrue(r.failure().explanation().contains("did not hold the lock"), r.failure().explanation());
    }

    @Test
    void releasingAFreeLockIsInvalid() {
        assertEquals(Verdict.INVALID, h().release(0).linearizable(mutex).verdict());
    }

    @Test
    void acquireOverlappingTheHoldersReleaseIsValid() {
        var r = h().acquire(0, null).invoke(0, "release").invoke(1, "acquire")
                .ok(1, "acquire").ok(0, "release").linearizable(mutex);
        assertEquals(Verdict.VALID, r.verdict());
    }

    @Test
    void crashedAcquireThatMustNotTakeEffect() {
        // p0's acquire crashed; p1 acquires before p0's crash is known and holds to the end:
        // p0's acquire cannot have taken effect anywhere, so it must be allowed to never take effect
        var r = h().invoke(0, "acquire").acquire(1, null).info(0, "acquire").linearizable(mutex);
        assertEquals(Verdict.VALID, r.verdict());
    }

    @Test
    void crashedAcquireMayHaveTakenEffectToo() {
        // p0's crashed acquire took effect: p1 waits until after p0's crash to get the lock
        var r = h().invoke(0, "acquire").invoke(1, "acquire").info(0, "acquire").ok(1, "acquire").linearizable(mutex);
        assertEquals(Verdict.VALID, r.verdict());
    }

    @Test
    void crashedHoldersLockExpiresAfterTheCrash() {
        var r = h().acquire(0, null).invoke(0, "write").info(0, "write").acquire(1, null).linearizable(mutex);
        assertEquals(Verdict.VALID, r.verdict());
    }

    @Test
    void liveHoldersLockNeverExpires() {
        // p1 gets the lock while p0 is still in its write: p0 is not known to be dead yet
        var r = h().acquire(0, null).invoke(0, "write").acquire(1, null).info(0, "write").linearizable(mutex);
        assertEquals(Verdict.INVALID, r.verdict());
        assertTrue(r.failure().explanation().contains("crashed"), r.failure().explanation());
    }

    @Test
    void crashedReleaseMayTakeEffectAtOnce() {
        var r = h().acquire(0, null).invoke(0, "release").acquire(1, null).info(0, "release").linearizable(mutex);
        assertEquals(Verdict.VALID, r.verdict());
    }

    @Test
    void releaseThatNeverCompletedMayHaveTakenEffect() {
        var r = h().acquire(0, null).invoke(0, "release").acquire(1, null).linearizable(mutex);
        assertEquals(Verdict.VALID, r.verdict());
    }

    @Test
    void failedAcquireDidNotTakeEffect() {
        var r = h().acquire(0, null).invoke(1, "acquire").fail(1, "acquire").release(0).linearizable(mutex);
        assertEquals(Verdict.VALID, r.verdict());
    }

    @Test
    void reacquireWhileHoldingIsInvalid() {
        assertEquals(Verdict.INVALID, h().acquire(0, null).acquire(0, null).linearizable(mutex).verdict());
    }

    @Test
    void locksWithDifferentNamesAreIndependentPartitions() {
        var b = h();
        b.ops().add(new dev.lockstorm.checker.history.Op(0, 0, dev.lockstorm.checker.history.OpType.INVOKE, 0, "acquire", null, java.util.Map.of("lock", "a"), 0));
        b.ops().add(new dev.lockstorm.checker.history.Op(1, 1, dev.lockstorm.checker.history.OpType.OK, 0, "acquire", null, java.util.Map.of("lock", "a"), 0));
        b.ops().add(new dev.lockstorm.checker.history.Op(2, 2, dev.lockstorm.checker.history.OpType.INVOKE, 1, "acquire", null, java.util.Map.of("lock", "b"), 0));
        b.ops().add(new dev.lockstorm.checker.history.Op(3, 3, dev.lockstorm.checker.history.OpType.OK, 1, "acquire", null, java.util.Map.of("lock", "b"), 0));
        LinearizabilityResult r = b.linearizable(mutex);
        assertEquals(Verdict.VALID, r.verdict());
        assertEquals(2, r.partitions());
    }
}
