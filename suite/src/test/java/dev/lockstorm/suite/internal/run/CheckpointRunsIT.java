package dev.lockstorm.suite.internal.run;

import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKinds;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Faults aimed at a phase of the lock through the worker's checkpoints, which every lock has: a
 * client killed the instant its acquire returned, before the driver heard (SET NX PX frees the key
 * when its TTL runs out: no double holder, and the lock stays live), and a holder frozen just before
 * it touches the resource, past its TTL (a double holder, every one the lease's limit).
 */
@Tag("lab")
class CheckpointRunsIT {

    private static RunSpec.Builder redis(String nemesis) {
        return RunSpec.builtIn("redis-single").timeLimit(Duration.ofSeconds(16)).nemesis(NemesisKinds.byName(nemesis)).seed(21)
                .lease(Duration.ofSeconds(2)).nemesisInterval(Duration.ofSeconds(3)).holds(Duration.ZERO, Duration.ofMillis(500))
                .clients(3).quiet(Duration.ofSeconds(15)).command(List.of("CheckpointRunsIT", nemesis));
    }

    @Test
    void aClientKilledTheInstantItsAcquireReturnedLeavesNoDoubleHolder() throws Exception {
        RunResult r = LabRuns.run(redis("kill-at:after-grant").build());
        assertTrue(r.check().coverage().count("client-killed-in-acquire") >= 1, r.check().coverage().describe());
        assertEquals(Verdict.VALID, r.check().verdict(), Summary.of(r.check()));
        assertEquals(List.of(), r.notLive());
    }

    @Test
    void aHolderFrozenBeforeItTouchesTheResourceIsADoubleHolderOfTheLeasesLimit() throws Exception {
        RunResult r = LabRuns.run(redis("pause-at:before-use").build());
        assertTrue(r.check().coverage().count("holder-paused-past-lease") >= 1, r.check().coverage().describe());
        assertTrue(r.check().doubleHolderCount() >= 1, Summary.of(r.check()));
        assertEquals(0, r.check().defectIncidents(), Summary.of(r.check()));
    }
}
