package dev.lockstorm.suite.internal.run;

import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.Verdict;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * etcd's Lock API must stay safe and live when only the members fail: partitions among them
 * (the leader isolated among others) and kills. (Its failures under client pauses, partitions and
 * stalled renewals are named scenarios: ScenariosIT.)
 */
@Tag("lab")
class EtcdRunsIT {

    @ParameterizedTest
    @ValueSource(strings = {"partition", "kill"})
    void etcdLockStaysSafeAndLiveWhenOnlyMembersFail(String nemesis) throws Exception {
        RunResult r = LabRuns.run(LabRuns.spec("etcd-lock", nemesis, 15));
        assertEquals(0, r.check().doubleHolderCount(), Summary.of(r.check()));
        assertEquals(Verdict.VALID, r.check().verdict(), Summary.of(r.check()));
        assertTrue(r.faults() >= 1, "faults injected: " + r.faults());
        assertEquals(List.of(), r.notLive());
    }
}
