package dev.lockstorm.junit;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.lockstorm.api.Fencing;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.suite.internal.run.Placement;
import dev.lockstorm.suite.internal.run.RunRequest;
import dev.lockstorm.suite.internal.workload.OnDoubt;

import java.time.Duration;
import java.util.Map;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An annotation becomes a spec, a spec becomes the command line's arguments; bad attributes say which. */
@Tag("unit")
class LockStormSpecTest {

    @LockStormTest(system = "acme-lock", clients = 3, timeLimit = "20s", nemesis = "pause-client", fencing = "all", resource = "acme-ledger",
            seed = 7, lease = "2s", nemesisInterval = "500ms", onDoubt = "stop", nesting = 3, readers = 1, options = {"wait-replicas=2"}, keepCrashed = true,
            rest = "1500ms", until = "defect")
    void annotated() {
    }

    @LockStormTest(system = "acme-lock", timeLimit = "soon")
    void badDuration() {
    }

    @LockStormTest(system = "acme-lock", options = {"no-equals-sign"})
    void badOption() {
    }

    @LockStormTest(system = "acme-lock", until = "no-defect")
    void untilAFindingThatDoesNotStay() {
    }

    @LockStormTest(system = "acme-lock", until = "sometime")
    void untilNoWord() {
    }

    private static LockStormTest annotation(String method) throws Exception {
        return LockStormSpecTest.class.getDeclaredMethod(method).getAnnotation(LockStormTest.class);
    }

    @Test
    void theAnnotationIsTheSpec() throws Exception {
        LockStormSpec s = LockStormExtension.spec(annotation("annotated"));
        assertEquals(LockStormSpec.of("acme-lock").withClients(3).withTimeLimit(Duration.ofSeconds(20)).withNemesis("pause-client")
                .withFencing("all").withResource("acme-ledger").withSeed(7).withLease(Duration.ofSeconds(2))
                .withNemesisInterval(Duration.ofMillis(500)).withOnDoubt("stop").withNesting(3).withReaders(1).withOption("wait-replicas", "2").withKeepCrashed(true)
                .withRest(Duration.ofMillis(1500)).withUntil("defect"), s);
        RunRequest r = s.request();
        assertEquals(new RunRequest("acme-lock", Map.of("wait-replicas", "2"), "acme-ledger", List.of(), 3, Duration.ofSeconds(20), "pause-client", null,
                Fencing.ALL, 7, Duration.ofSeconds(2), Duration.ofMillis(500), Duration.ZERO, null, Duration.ofMillis(1500), 3, 1,
                OnDoubt.STOP, true, Duration.ofSeconds(20), Persistence.NONE, null, new Placement.InLab()), r, "a hold's length left to the run's default");
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> s.withBackend("cloud").request());
        assertTrue(bad.getMessage().contains("backend: expected lab or containers, not 'cloud'"), bad.getMessage());
    }

    @Test
    void everyWitherSetsItsOwnField() {
        java.nio.file.Path schedule = java.nio.file.Path.of("schedule.json");
        LockStormSpec s = LockStormSpec.of("a").withClients(2).withTimeLimit(Duration.ofSeconds(9)).withNemesis("clock").withFencing("writes")
                .withResource("r").withSeed(5).withLease(Duration.ofSeconds(3)).withNemesisInterval(Duration.ofSeconds(4))
                .withHoldMax(Duration.ofSeconds(6)).withQuiet(Duration.ofSeconds(7)).withPersistence("aof-always").withOnDoubt("stop")
                .withNesting(1).withReaders(2).withOption("k", "v").withKeepCrashed(true).withSchedule(schedule).withRest(Duration.ofSeconds(8))
                .withBackend("containers").withUntil("defect", "exercised:holder-paused-past-lease");
        assertEquals(new LockStormSpec("a", 2, Duration.ofSeconds(9), "clock", "writes", "r", 5, Duration.ofSeconds(3), Duration.ofSeconds(4),
                Duration.ofSeconds(6), Duration.ofSeconds(7), "aof-always", "stop", 1, 2, java.util.Map.of("k", "v"), true, schedule,
                Duration.ofSeconds(8), "containers", java.util.List.of("defect", "exercised:holder-paused-past-lease")), s);
    }

    @Test
    void aBadAttributeIsNamed() throws Exception {
        IllegalArgumentException d = assertThrows(IllegalArgumentException.class, () -> LockStormExtension.spec(annotation("badDuration")));
        assertTrue(d.getMessage().startsWith("timeLimit: 'soon' is not a duration"), d.getMessage());
        IllegalArgumentException o = assertThrows(IllegalArgumentException.class, () -> LockStormExtension.spec(annotation("badOption")));
        assertTrue(o.getMessage().contains("no-equals-sign") && o.getMessage().contains("name=value"), o.getMessage());
        // a run cannot end at "no defect": a later defect would undo it
        IllegalArgumentException u = assertThrows(IllegalArgumentException.class, () -> LockStormExtension.spec(annotation("untilAFindingThatDoesNotStay")));
        assertTrue(u.getMessage().startsWith("until no-defect: a run ends only at what stays shown once shown") && u.getMessage().contains("defect, resource-defect"),
                u.getMessage());
        IllegalArgumentException w = assertThrows(IllegalArgumentException.class, () -> LockStormExtension.spec(annotation("untilNoWord")));
        assertTrue(w.getMessage().startsWith("until sometime: expected one of "), w.getMessage());
    }
}
