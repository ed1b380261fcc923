package dev.lockstorm.checker.model;

import dev.lockstorm.checker.Verdict;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static dev.lockstorm.checker.H.h;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("unit")
class FencedMutexTest {
    private final FencedMutex fenced = new FencedMutex();

    @Test
    void increasingTokensAreValid() {
        var r = h().acquire(0, 1L).release(0).acquire(1, 2L).release(1).acquire(0, 7L).linearizable(fenced);
        assertEquals(Verdict.VALID, r.verdict());
    }

    @Test
    void tokenGoingBackwardsIsInvalid() {
        var r = h().acquire(0, 5L).release(0).acquire(1, 4L).linearizable(fenced);
        assertEquals(Verdict.INVALID, r.verdict());
        assertTrue(r.failure().explanation().contains("token 4 is not above token 5"), r.failure().explanation());
    }

    @Test
    void equalTokensAreInvalid() {
        assertEquals(Verdict.INVALID, h().acquire(0, 3L).release(0).acquire(1, 3L).linearizable(fenced).verdict());
    }

    @Test
    void concurrentAcquiresMayLinearizeInTokenOrder() {
        // p1's acquire (token 1) and p0's (token 2) overlap: p1 first, then p0, is a legal order
        var r = h().invoke(0, "acquire").invoke(1, "acquire").ok(1, "acquire", 1L).invoke(1, "release")
                .ok(0, "acquire", 2L).ok(1, "release").linearizable(fenced);
        assertEquals(Verdict.VALID, r.verdict());
    }

    @Test
    void crashedAcquiresTokenIsUnknownAndNeedNotTakeEffect() {
        var r = h().invoke(0, "acquire").info(0, "acquire").acquire(1, 5L).release(1).acquire(2, 6L).linearizable(fenced);
        assertEquals(Verdict.VALID, r.verdict());
    }

    @Test
    void acquiresWithoutTokensDoNotMoveTheToken() {
        assertEquals(Verdict.VALID, h().acquire(0, 2L).release(0).acquire(1, null).release(1).acquire(0, 3L)
                .linearizable(fenced).verdict());
    }

    @Test
    void mutexRulesStillApply() {
        assertEquals(Verdict.INVALID, h().acquire(0, 1L).acquire(1, 2L).linearizable(fenced).verdict());
        assertEquals(Verdict.INVALID, h().acquire(0, 1L).release(1).linearizable(fenced).verdict());
    }
}
