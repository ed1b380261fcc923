package dev.lockstorm.suite.internal.run;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The ZooKeeper elections must keep at most one leader, and elect one again after the final heal,
 * when only servers fail: partitioned, or killed and restarted. (A leader frozen past its session is
 * the named scenario leader-gc-pause: ScenariosOnZooKeeperIT.)
 */
@Tag("lab")
class ElectionRunsIT {
    @ParameterizedTest
    @CsvSource({"zk-election, partition", "zk-election, kill", "curator-leader-latch, partition", "curator-leader-selector, kill"})
    void oneLeaderAtATimeWhenOnlyServersFail(String system, String nemesis) throws Exception {
        LabRuns.assertSafe(LabRuns.run(LabRuns.spec(system, nemesis, 16)), true);
    }
}
