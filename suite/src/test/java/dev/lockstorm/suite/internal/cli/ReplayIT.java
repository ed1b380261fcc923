package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.nemesis.replay.Step;
import dev.lockstorm.results.RunReport;
import dev.lockstorm.suite.internal.plugins.PluginJar;
import dev.lockstorm.suite.internal.nemesiskinds.RecordedSchedule;
import dev.lockstorm.suite.internal.run.RunRequest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run recorded for real and replayed from its schedule.json: the same faults on the same lock events, named by their steps. */
@Tag("lab")
class ReplayIT {
    @RegisterExtension
    final ConsoleCapture console = new ConsoleCapture();

    @Test
    void aRecordedRunsFaultsComeAgainOnTheSameLockEvents() throws Exception {
        Path store = Path.of("target", "it-results", "replay").toAbsolutePath();
        Main.run("run", "--system", "redis-single", "--nemesis", "pause-client", "--clients", "3", "--lease", "2s", "--hold-max", "1s",
                "--time-limit", "12s", "--nemesis-interval", "3s", "--seed", "3", "--store", store.toString(), "--run-name", "recorded");
        Path recorded = store.resolve("recorded").resolve("latest").toRealPath();
        RecordedSchedule schedule = RecordedSchedule.read(recorded.resolve("schedule.json"));
        assertFalse(schedule.steps().isEmpty(), "pause-client froze a holder: " + console.out());
        for (Step s : schedule.steps()) {
            // pause-client freezes the client holding the lock (not always right after its grant): so the schedule says
            assertTrue(s.action().kind().equals("pause") && s.trigger().holder() != null && s.lengthMs() > 0,
                    s.describe());
        }
        console.reset();
        int rc = Main.run("replay", recorded.toString(), "--store", store.toString());
        String out = console.out();
        assertTrue(out.contains("lockstorm replay: the same finding ("), out);
        Path replay = store.resolve("recorded-replay").resolve("latest").toRealPath();
        assertTrue(Files.readString(replay.resolve("command.txt")).contains("--schedule " + recorded.resolve("schedule.json")),
                "the replay's command names the file it replayed");
        String back = replay.relativize(recorded).toString();
        assertTrue(Files.readString(replay.resolve("report.html")).contains("href=\"" + back + "/report.html\""), "its report links the recorded run's: " + back);

        // every step came again, named by its step, on the holder; or it missed and says why
        History h = RunReport.history(replay);
        int injected = 0;
        int missed = 0;
        for (Op op : h.ops()) {
            if (op.isClient() || op.extra("fault") == null) continue;
            String fault = String.valueOf(op.extra("fault"));
            assertTrue(dev.lockstorm.faults.FaultName.parse(fault).step() >= 1, fault);
            if (op.f().equals("start-pause")) injected++;
            if (op.f().equals("missed")) missed++;
        }
        assertEquals(schedule.steps().size(), injected + missed, "each step once");
        for (Step s : RecordedSchedule.of(h).steps()) {
            assertTrue(s.trigger().holder() != null, "replayed on the holder: " + s.describe());
        }
        // a holder frozen well past its 2 s lease lets another client take the lock every time: the same finding comes back
        // (unless the pause found it already letting go)
        boolean pastTheLease = schedule.steps().stream().anyMatch(s -> s.lengthMs() > 3_500);
        if (pastTheLease && caughtAHoldFor(h, 3_500_000_000L)) assertEquals(0, rc, out);

        // the recorded finding as a scenario file beside its schedule, run by reproduce like a built-in scenario
        RecordedRun run = RecordedRun.open(recorded, null, java.util.List.of(), System.out);
        assertFalse(run.finding().isEmpty(), "the recorded run found a double holder: " + run.finding().describe());
        ExportedScenario exported = new ExportedScenario(recorded.resolve("scenario.json"), "redis-single-pause-client-seed3", schedule.describe(),
                run.request().withSchedule(null), 3, "schedule.json", run.finding());
        exported.write();
        console.reset();
        int reproduced = Main.run("reproduce", exported.file().toString(), "--store", store.toString());
        String told = console.out();
        assertTrue(told.contains("redis-single-pause-client-seed3 / the shrunk schedule (seed 3)"), told);
        assertTrue(told.contains("expects: the same finding: " + run.finding().describe()), told);
        assertTrue(told.contains("proof:   found "), told);
        // the same condition on the reproduction's own run: a step that came when no client held the lock is missed
        java.util.regex.Matcher report = java.util.regex.Pattern.compile("report:\\s+(\\S+)/report\\.html").matcher(told);
        assertTrue(report.find(), told);
        History again = RunReport.history(Path.of(report.group(1)));
        if (pastTheLease && caughtAHoldFor(again, 3_500_000_000L)) assertEquals(0, reproduced, told);
    }

    /**
     * Whether a pause aimed at a holder and longer than {@code atLeastNs} caught it holding: its
     * release invoked only as it was resumed (the resume's event is recorded a moment after the
     * process runs again). A pause that lands on a holder whose release is already on its way (a hold
     * drawn shorter than in the recorded run: its driver invokes the release while the worker is
     * frozen) freezes a client that is letting go, and shows nothing.
     */
    private static boolean caughtAHoldFor(History h, long atLeastNs) {
        for (Op start : h.ops()) {
            if (start.isClient() || !start.f().equals("start-pause") || !"holder".equals(start.extra("aimed_at"))) continue;
            if (!(start.value() instanceof java.util.List<?> names) || names.isEmpty()) continue;
            String process = String.valueOf(names.get(0));
            String client = process.split("-")[1];
            long resumed = h.ops().stream().filter(op -> !op.isClient() && op.f().equals("stop-pause") && op.time() >= start.time()
                    && op.value() instanceof java.util.List<?> l && l.contains(process)).mapToLong(Op::time).findFirst().orElse(Long.MAX_VALUE);
            boolean lettingGo = h.ops().stream().anyMatch(op -> op.isClient() && client.equals(op.client()) && op.f().startsWith("release")
                    && op.type() == dev.lockstorm.checker.history.OpType.INVOKE && op.time() >= start.time() && op.time() < resumed - 500_000_000L);
            if (!lettingGo && resumed - start.time() >= atLeastNs) return true;
        }
        return false;
    }

    /**
     * A run whose store and class path hold spaces (a user's jar in "plug ins", the store in "it results"): its spec.json is
     * what replay, shrink and a shrunk scenario read, so each gets the same class path back, never an argument split on a space.
     */
    @Test
    void aRunWhoseStoreAndClassPathHoldSpacesIsReplayedShrunkAndReproduced() throws Exception {
        Path store = Path.of("target", "it results", "spaced store").toAbsolutePath();
        Path plugins = Files.createDirectories(Path.of("target", "it results", "plug ins").toAbsolutePath());
        Path jar = PluginJar.build(plugins, "acme", java.util.Map.of("acme.lock.Lock", PluginJar.redisSystem("acme.lock", "Lock", "acme-redis")),
                java.util.Map.of("dev.lockstorm.api.LockSystem", "acme.lock.Lock"));
        // holds of up to three leases, so that the run finds a double holder whatever the pauses hit (one aimed at a holder that
        // was just releasing once left a run with nothing to export or shrink)
        Main.run("run", "--system", "acme-redis", "--classpath", jar.toString(), "--nemesis", "pause-client", "--clients", "3", "--lease", "1s",
                "--hold-max", "3s", "--time-limit", "10s", "--nemesis-interval", "3s", "--seed", "3", "--store", store.toString(), "--run-name", "recorded");
        Path recorded = store.resolve("recorded").resolve("latest").toRealPath();
        assertEquals(java.util.List.of(jar), RunRequest.read(recorded.resolve("spec.json")).classpath(), console.out());

        console.reset();
        int replayed = Main.run("replay", recorded.toString(), "--store", store.toString());
        assertTrue(replayed == 0 || replayed == 1, "replayed, whatever it found: " + console.err());
        RunRequest replay = RunRequest.read(store.resolve("recorded-replay").resolve("latest").resolve("spec.json"));
        assertEquals(java.util.List.of(jar), replay.classpath());
        assertEquals(recorded.resolve("schedule.json"), replay.schedule());

        console.reset();
        RecordedRun run = RecordedRun.open(recorded, null, java.util.List.of(), System.out);
        assertFalse(run.finding().isEmpty(), "the recorded run found a double holder: " + run.finding().describe());
        ExportedScenario exported = new ExportedScenario(recorded.resolve("scenario.json"), "acme-redis-pause-client-seed3", "spaced",
                run.request().withSchedule(null), 3, "schedule.json", run.finding());
        exported.write();
        int reproduced = Main.run("reproduce", exported.file().toString(), "--store", store.toString());
        assertTrue((reproduced == 0 || reproduced == 1) && console.out().contains("proof:"), console.out() + console.err());

        console.reset();
        // one trial is enough to show that shrink's runs get the class path: the budget ends the search after it
        int shrunk = Main.run("shrink", recorded.toString(), "--budget", "40s", "--tries", "1", "--store", store.toString());
        assertTrue(shrunk == 0 || shrunk == 1, console.out() + console.err());
        Path tries = store.resolve("recorded-shrink").resolve("latest").resolve(ShrinkCommand.TRIES).resolve("latest");
        assertEquals(java.util.List.of(jar), RunRequest.read(tries.resolve("spec.json")).classpath(), console.out());
    }

    @Test
    void aFaultAClientMadeItselfAtACheckpointComesAgainAtThatCheckpoint() throws Exception {
        Path store = Path.of("target", "it-results", "replay-at-checkpoint").toAbsolutePath();
        Main.run("run", "--system", "redis-single", "--nemesis", "pause-at:after-grant", "--clients", "3", "--lease", "2s", "--hold-max", "1s",
                "--time-limit", "10s", "--seed", "2", "--store", store.toString(), "--run-name", "recorded");
        Path recorded = store.resolve("recorded").resolve("latest").toRealPath();
        RecordedSchedule schedule = RecordedSchedule.read(recorded.resolve("schedule.json"));
        assertFalse(schedule.steps().isEmpty(), "clients froze themselves right after their grants: " + console.out());
        for (Step s : schedule.steps()) assertEquals(java.util.Optional.of("after-grant"), s.checkpoint(), s.describe());

        console.reset();
        Main.run("replay", recorded.toString(), "--store", store.toString());
        Path replay = store.resolve("recorded-replay").resolve("latest").toRealPath();
        History h = RunReport.history(replay);
        int frozen = 0;
        for (Op op : h.ops()) {
            if (!op.isClient() && "start-pause".equals(op.f())) {
                assertTrue(String.valueOf(op.extra("fault")).startsWith("pause-at:after-grant#"), op.toString());
                frozen++;
            }
        }
        assertTrue(frozen >= 1, "a replayed step froze a client: " + console.out());
        // the client froze itself there, at the point armed for the step, not the nemesis from outside
        StringBuilder logs = new StringBuilder();
        try (var files = Files.newDirectoryStream(replay.resolve("logs"), "client-*.log")) {
            for (Path f : files) logs.append(Files.readString(f));
        }
        assertTrue(logs.toString().contains("frozen at pause point after-grant"), "a client's log says where it froze");
        // and every freeze was healed
        for (var span : dev.lockstorm.checker.lock.FaultSpans.of(h)) assertTrue(span.end() != null, span.describe());
    }
}
