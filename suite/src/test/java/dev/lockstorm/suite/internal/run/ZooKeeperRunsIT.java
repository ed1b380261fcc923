package dev.lockstorm.suite.internal.run;

import dev.lockstorm.suite.internal.workload.OnDoubt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ZooKeeper runs that must stay safe: the recipe when only servers fail, with and without a sync
 * before each look at the queue (a follower cut off from the others answers stale reads for about
 * two ticks; the recipe is safe either way: a stale view only shows nodes already deleted, which
 * delays a waiter and never lets it in early). Its holders are careful ({@code --on-doubt stop}): a
 * member cut off from the leader keeps answering its clients' pings until it notices (two ticks)
 * while the leader hears nothing of their sessions, so a session can expire under a partition of
 * the servers alone, and a holder that does not heed its Disconnected writes on past it (a lease
 * limit, which the checker calls so: "kept from its group's leader"). (The Curator GC pause is a
 * named scenario: ScenariosOnZooKeeperIT.)
 */
@Tag("lab")
class ZooKeeperRunsIT {
    @ParameterizedTest
    @ValueSource(strings = {"false", "true"})
    void zkRecipeStaysSafeWhenOnlyServersArePartitioned(String sync) throws Exception {
        LabRuns.assertSafe(LabRuns.run(LabRuns.builder("zk-recipe", "partition", 13).option("sync", sync).onDoubt(OnDoubt.STOP).build()), false);
    }

    @Test
    void zkRecipeStaysSafeWhenServersAreKilled() throws Exception {
        RunResult r = LabRuns.run(LabRuns.spec("zk-recipe", "kill", 14));
        LabRuns.assertSafe(r, false);
        // a killed and restarted server's log: every line stamped with the run's time, as the driver's and the clients' are
        java.util.List<String> lines = java.nio.file.Files.readAllLines(r.dir().resolve("logs/zk-n1.log"));
        org.junit.jupiter.api.Assertions.assertTrue(lines.size() > 10 && lines.stream().allMatch(l -> STAMPED.matcher(l).lookingAt()),
                lines.stream().filter(l -> !STAMPED.matcher(l).lookingAt()).limit(3).toList().toString());
    }

    private static final java.util.regex.Pattern STAMPED = java.util.regex.Pattern.compile("\\[ *-?\\d+\\.\\d{3} s \\| \\d\\d:\\d\\d:\\d\\d\\.\\d{3}\\] ");
}
