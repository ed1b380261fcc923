package dev.lockstorm.suite.internal.run;

import dev.lockstorm.suite.internal.workload.OnDoubt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The elections must keep at most one leader, and elect one again after the final heal, when only
 * servers fail: partitioned, or killed and restarted. ZooKeeper's recipe as it is (a candidate's
 * node lives as long as its session, which outlasts a server's loss). Curator's LeaderLatch and
 * LeaderSelector give leadership up as soon as the connection is SUSPENDED, so their leaders are
 * careful ones ({@link OnDoubt#STOP}: leader work stops at the first doubt); a leader that works on
 * after SUSPENDED overlaps the next one under the same faults (seen once in a clean-clone
 * bin/test: curator-leader-selector under kill, the old leader's write with still_held=false
 * overwrote the new leader's). (A leader frozen past its session is the named scenario
 * leader-gc-pause: ScenariosOnZooKeeperIT.)
 */
@Tag("lab")
class ElectionRunsIT {
    @ParameterizedTest
    @ValueSource(strings = {"partition", "kill"})
    void theRecipeKeepsOneLeaderAtATimeWhenOnlyServersFail(String nemesis) throws Exception {
        LabRuns.assertSafe(LabRuns.run(LabRuns.spec("zk-election", nemesis, 16)), true);
    }

    @ParameterizedTest
    @CsvSource({"curator-leader-latch, partition", "curator-leader-latch, kill", "curator-leader-selector, partition",
            "curator-leader-selector, kill"})
    void curatorsCarefulLeadersKeepOneLeaderAtATimeWhenOnlyServersFail(String system, String nemesis) throws Exception {
        LabRuns.assertSafe(LabRuns.run(LabRuns.builder(system, nemesis, 16).onDoubt(OnDoubt.STOP).build()), true);
    }
}
