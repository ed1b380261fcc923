package dev.lockstorm.suite.internal.run;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * etcd's Lock API must stay safe and live when only the members fail: partitions among them
 * (the leader isolated among others) and kills. (Its failures under client pauses, partitions and
 * stalled renewals are named scenarios: ScenariosOnEtcdIT.)
 */
@Tag("lab")
class EtcdRunsIT {

    @ParameterizedTest
    @ValueSource(strings = {"partition", "kill"})
    void etcdLockStaysSafeAndLiveWhenOnlyMembersFail(String nemesis) throws Exception {
        LabRuns.assertSafe(LabRuns.run(LabRuns.spec("etcd-lock", nemesis, 15)), true);
    }
}
