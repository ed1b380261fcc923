package dev.lockstorm.suite.internal.run;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * ZooKeeper runs that must stay safe: the recipe when only servers fail. (The Curator GC pause is a
 * named scenario: ScenariosOnZooKeeperIT.)
 */
@Tag("lab")
class ZooKeeperRunsIT {
    @Test
    void zkRecipeStaysSafeWhenOnlyServersArePartitioned() throws Exception {
        LabRuns.assertSafe(LabRuns.run(LabRuns.spec("zk-recipe", "partition", 13)), false);
    }

    @Test
    void zkRecipeStaysSafeWhenServersAreKilled() throws Exception {
        LabRuns.assertSafe(LabRuns.run(LabRuns.spec("zk-recipe", "kill", 14)), false);
    }
}
