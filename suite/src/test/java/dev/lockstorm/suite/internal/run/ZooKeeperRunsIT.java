package dev.lockstorm.suite.internal.run;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ZooKeeper runs that must stay safe: the recipe when only servers fail, with and without a sync
 * before each look at the queue (a follower cut off from the others answers stale reads for about
 * two ticks; the recipe is safe either way: a stale view only shows nodes already deleted, which
 * delays a waiter and never lets it in early). (The Curator GC pause is a named scenario:
 * ScenariosOnZooKeeperIT.)
 */
@Tag("lab")
class ZooKeeperRunsIT {
    @ParameterizedTest
    @ValueSource(strings = {"false", "true"})
    void zkRecipeStaysSafeWhenOnlyServersArePartitioned(String sync) throws Exception {
        LabRuns.assertSafe(LabRuns.run(LabRuns.builder("zk-recipe", "partition", 13).option("sync", sync).build()), false);
    }

    @Test
    void zkRecipeStaysSafeWhenServersAreKilled() throws Exception {
        LabRuns.assertSafe(LabRuns.run(LabRuns.spec("zk-recipe", "kill", 14)), false);
    }
}
