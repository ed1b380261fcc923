package dev.lockstorm.suite.internal.run;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.Verdict;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reentrant ZooKeeper locks under the nested workload: zk-reentrant (the recipe's queue with a
 * hold count per thread) and Curator's InterProcessMutex keep one holder at a time when servers
 * are killed; zk-reentrant with the broken bookkeeping ({@code reentrancy=flag}) lets the lock go at
 * the first nested release, which the checker must report with no fault at all.
 */
@Tag("lab")
class ReentrantRunsIT {
    @ParameterizedTest
    @ValueSource(strings = {"zk-reentrant", "curator-mutex"})
    void nestedHoldsStaySafeWhenServersAreKilled(String system) throws Exception {
        RunResult r = LabRuns.run(LabRuns.builder(system, "kill", 17).holds(Duration.ZERO, Duration.ofMillis(500)).nesting(3).build());
        LabRuns.assertSafe(r, true);
        assertEquals("linearizability (reentrant-mutex)", r.check().analyses().get(0).name());
    }

    @Test
    void aHoldCountKeptAsAFlagGivesTheLockUpAtTheFirstNestedRelease() throws Exception {
        RunResult r = LabRuns.run(RunSpec.builtIn("zk-reentrant").option("reentrancy", "flag").timeLimit(Duration.ofSeconds(10)).seed(18)
                .holds(Duration.ofMillis(200), Duration.ofMillis(500)).nesting(2).quiet(Duration.ofSeconds(10))
                .command(List.of("ReentrantRunsIT", "zk-reentrant", "reentrancy=flag")).build());
        CheckResult c = r.check();
        assertEquals(Verdict.INVALID, c.verdict(), Summary.of(c));
        assertTrue(c.doubleHolderCount() > 0, Summary.of(c));
        assertEquals(0, r.faults(), "no fault is needed to break it");
    }
}
