package dev.lockstorm.suite.internal.workload;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Checker;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.linear.SearchLimits;
import dev.lockstorm.checker.model.FencedMutex;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The checker against the run's own cycle on a simulated lock service: valid by construction, or a planted fault found. */
@Tag("unit")
class LockSimulationTest {
    private static final SearchLimits LIMITS = SearchLimits.withTimeLimit(Duration.ofSeconds(60));

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void simulatedLockHistoriesAreValid(int seed) {
        History h = new LockSimulation(3 + seed, 0.02 * (seed % 4), LockSimulation.Fault.NONE, seed).run(5_000 * seed);
        CheckResult r = Checker.check(h, new FencedMutex(), LIMITS);
        assertEquals(Verdict.VALID, r.verdict(), () -> Summary.of(r));
        assertEquals(0, r.doubleHolderCount());
        assertTrue(r.resource().checked(), r.resource().explanation());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void plantedDoubleHolderIsFound(int seed) {
        LockSimulation sim = new LockSimulation(3 + seed, 0.01 * (seed % 3), LockSimulation.Fault.DOUBLE_HOLDER, seed);
        History h = sim.run(4_000 * seed);
        assertTrue(sim.planted());
        CheckResult r = Checker.check(h, new FencedMutex(), LIMITS);
        assertEquals(Verdict.INVALID, r.verdict());
        assertEquals(Verdict.INVALID, r.linearizability().verdict(), () -> Summary.of(r));
        assertTrue(r.doubleHolderCount() >= 1, () -> Summary.of(r));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void plantedTokenInversionIsFound(int seed) {
        LockSimulation sim = new LockSimulation(3 + seed, 0.01 * (seed % 3), LockSimulation.Fault.TOKEN_INVERSION, seed);
        History h = sim.run(4_000 * seed);
        assertTrue(sim.planted());
        CheckResult r = Checker.check(h, new FencedMutex(), LIMITS);
        assertEquals(Verdict.INVALID, r.linearizability().verdict(), () -> Summary.of(r));
        assertTrue(r.tokenViolations() >= 1, () -> Summary.of(r));
        assertEquals(0, r.doubleHolderCount());
    }

}
