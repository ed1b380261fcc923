package dev.lockstorm.suite.internal.run;

import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.Verdict;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ZooKeeper runs that must stay safe: the recipe when only servers fail. (The Curator GC pause is a
 * named scenario: ScenariosIT.)
 */
@Tag("lab")
class ZooKeeperScenariosIT {
    @Test
    void zkRecipeStaysSafeWhenOnlyServersArePartitioned() throws Exception {
        RunResult r = LabRuns.run(LabRuns.spec("zk-recipe", "partition", 13));
        assertEquals(0, r.check().doubleHolderCount(), Summary.of(r.check()));
        assertEquals(Verdict.VALID, r.check().verdict(), Summary.of(r.check()));
        assertTrue(r.faults() >= 1);
    }

    @Test
    void zkRecipeStaysSafeWhenServersAreKilled() throws Exception {
        RunResult r = LabRuns.run(LabRuns.spec("zk-recipe", "kill", 14));
        assertEquals(0, r.check().doubleHolderCount(), Summary.of(r.check()));
        assertEquals(Verdict.VALID, r.check().verdict(), Summary.of(r.check()));
        assertTrue(r.faults() >= 1);
    }
}
