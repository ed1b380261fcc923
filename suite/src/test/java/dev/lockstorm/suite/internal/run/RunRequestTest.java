package dev.lockstorm.suite.internal.run;

import dev.lockstorm.checker.io.Json;
import dev.lockstorm.clusters.ssh.SshOptions;
import dev.lockstorm.clusters.ssh.SshTarget;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKinds;
import dev.lockstorm.suite.internal.nemesiskinds.Replay;
import dev.lockstorm.suite.internal.scenario.Scenario;
import dev.lockstorm.suite.internal.scenario.Scenarios;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The run spec as data: what a run writes is the same run read back, a path with a space included, and a file it does not understand is refused by key. */
@Tag("unit")
class RunRequestTest {
    @TempDir
    Path dir;

    private static final String SCHEDULE = "{\"run\":{\"system\":\"redis-single\",\"nemesis\":\"pause-client\"},"
            + "\"steps\":[{\"kind\":\"pause\",\"fault\":\"pause-client\",\"target\":\"c2\",\"holder\":\"c2\",\"at_ms\":3000,\"length_ms\":6000}]}";

    @Test
    void aRunsSpecReadBackIsTheSameRun() throws Exception {
        RunSpec spec = RunSpec.builtIn("redis-single").clients(3).nemesis(NemesisKinds.byName("pause-client")).seed(7).lease(Duration.ofSeconds(2))
                .timeLimit(Duration.ofSeconds(12)).holds(Duration.ofMillis(5), Duration.ofMillis(900)).rest(Duration.ofMillis(250)).option("retry", "blind")
                .quiet(Duration.ofSeconds(9)).build().withTitle("redis-lost-reply / SET sent again");
        RunRequest r = RunRequest.of(spec, new Placement.InLab());
        Path file = dir.resolve("spec.json");
        r.write(file);
        RunRequest back = RunRequest.read(file);
        assertEquals(r, back);
        RunSpec again = back.spec();
        assertEquals(r, RunRequest.of(again, new Placement.InLab()), "every field of the spec survives");
        assertEquals("redis-lost-reply / SET sent again", again.title());
        assertEquals(Duration.ofMillis(5), again.holdMin());
        assertEquals("blind", again.options().get("retry"));
    }

    @Test
    void aClassPathAndAScheduleWithSpacesSurviveTheRoundTrip() throws Exception {
        Path spaced = Files.createDirectories(dir.resolve("my locks/v 2"));
        Path schedule = Files.writeString(spaced.resolve("the schedule.json"), SCHEDULE);
        RunRequest r = RunRequest.of(RunSpec.builtIn("redis-single").clients(3).seed(4).build(), new Placement.InLab())
                .withSchedule(schedule);
        RunRequest withClasspath = new RunRequest(r.system(), r.options(), r.resource(), List.of(spaced), r.clients(), r.timeLimit(), r.nemesis(),
                r.schedule(), r.fencing(), r.seed(), r.lease(), r.nemesisInterval(), r.holdMin(), r.holdMax(), r.rest(), r.nesting(), r.readers(),
                r.onDoubt(), r.keepCrashed(), r.quiet(), r.persistence(), r.title(), r.where());
        Path file = spaced.resolve("spec.json");
        withClasspath.write(file);
        RunRequest back = RunRequest.read(file);
        assertEquals(List.of(spaced), back.classpath());
        assertEquals(schedule.toAbsolutePath(), back.schedule());
        RunSpec spec = r.spec();
        assertEquals(schedule.toAbsolutePath(), ((Replay) spec.nemesis()).source());
        // a person's copy: each value one argument, quoted for a shell where it must be
        List<String> args = back.arguments();
        assertEquals(spaced.toString(), args.get(args.indexOf("--classpath") + 1));
        assertTrue(back.commandLine().contains("--classpath '" + spaced + "'"), back.commandLine());
        assertTrue(back.commandLine().contains("--schedule '" + schedule.toAbsolutePath() + "'"), back.commandLine());
        // and the command a run records as typed (command.txt, the report's "exact command")
        RunSpec typed = spec.withCommand(List.of("bin/lockstorm", "reproduce", "x", "--store", "my runs/it's here"));
        assertEquals("bin/lockstorm reproduce x --store 'my runs/it'\\''s here'", typed.commandLine());
    }

    @Test
    void remoteHostsAreWrittenAndReadBack() throws Exception {
        SshOptions ssh = SshOptions.defaults().withKey(dir.resolve("id key")).withKnownHosts(dir.resolve("known hosts")).withoutHostKeyCheck();
        Placement remote = new Placement.Remote(ssh, List.of(SshTarget.parse("root@n1:2222", "root"), SshTarget.parse("n2", "ops")),
                List.of(SshTarget.parse("k1", "root")), Path.of("/var/lib/lockstorm"));
        RunRequest r = RunRequest.of(RunSpec.builtIn("redis-single").clients(1).build(), remote);
        r.write(dir.resolve("spec.json"));
        assertEquals(remote, RunRequest.read(dir.resolve("spec.json")).where());
        assertEquals(new Placement.Containers(), Placement.fromData(dev.lockstorm.checker.io.JsonObject.of(Map.of("backend", "containers"), "where")));
        assertTrue(r.arguments().containsAll(List.of("--hosts", "root@n1:2222,ops@n2", "--client-hosts", "root@k1", "--no-host-key-check")), r.arguments().toString());
    }

    @Test
    void aSpecFileItDoesNotUnderstandIsRefusedByKey() throws Exception {
        Path file = dir.resolve("spec.json");
        RunRequest.of(RunSpec.builtIn("redis-single").build(), new Placement.InLab()).write(file);
        @SuppressWarnings("unchecked") Map<String, Object> m = (Map<String, Object>) Json.readFile(file);
        m.put("time_limit_s", 30L);
        Json.writeFile(file, m);
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> RunRequest.read(file));
        assertTrue(unknown.getMessage().contains(file + ": unknown key time_limit_s"), unknown.getMessage());
        m.remove("time_limit_s");
        m.remove("seed");
        Json.writeFile(file, m);
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> RunRequest.read(file));
        assertTrue(missing.getMessage().contains(file + ": key \"seed\" is missing"), missing.getMessage());
        m.put("seed", 1L);
        m.put("fencing", "sometimes");
        Json.writeFile(file, m);
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> RunRequest.read(file));
        assertTrue(bad.getMessage().startsWith(file + ": ") && bad.getMessage().contains("sometimes"), bad.getMessage());
        m.put("fencing", "all");
        m.put("where", Map.of("backend", "cloud"));
        Json.writeFile(file, m);
        IllegalArgumentException where = assertThrows(IllegalArgumentException.class, () -> RunRequest.read(file));
        assertTrue(where.getMessage().contains(file + ", where: key \"backend\": expected lab, containers or ssh, found \"cloud\""), where.getMessage());
        m.put("where", Map.of("backend", "lab"));
        m.put("lockstorm_spec", 2L);
        Json.writeFile(file, m);
        IllegalArgumentException version = assertThrows(IllegalArgumentException.class, () -> RunRequest.read(file));
        assertTrue(version.getMessage().contains("spec version 2; this lockstorm reads version 1"), version.getMessage());
    }

    /** Every named scenario's every variant, as data and back: the same nemesis kind, the same data (spec.json is enough to run it again). */
    @Test
    void everyScenariosSpecIsTheSameRunReadBack() throws Exception {
        int variants = 0;
        for (Scenario s : Scenarios.all()) {
            for (Scenario.Variant v : s.variants()) {
                RunSpec spec = s.spec(v, 3);
                RunRequest r = RunRequest.of(spec, new Placement.InLab());
                RunSpec back = r.spec(spec.command());
                assertEquals(spec.nemesis(), back.nemesis(), s.name() + " / " + v.label());
                assertEquals(r, RunRequest.of(back, new Placement.InLab()), s.name() + " / " + v.label());
                assertEquals(spec.title(), back.title());
                variants++;
            }
        }
        assertTrue(variants > 50, variants + " variants");
    }

    @Test
    void theDefaultsOfNestingAndReadersAreLeftToTheSystem() throws Exception {
        RunRequest r = RunRequest.of(RunSpec.builtIn("redis-single").build(), new Placement.InLab());
        RunRequest unset = new RunRequest(r.system(), r.options(), r.resource(), r.classpath(), r.clients(), r.timeLimit(), r.nemesis(), null,
                r.fencing(), r.seed(), r.lease(), r.nemesisInterval(), r.holdMin(), r.holdMax(), r.rest(), null, null, r.onDoubt(), r.keepCrashed(),
                r.quiet(), r.persistence(), null, r.where());
        unset.write(dir.resolve("spec.json"));
        RunRequest back = RunRequest.read(dir.resolve("spec.json"));
        assertNull(back.nesting());
        assertEquals(0, back.spec().nesting());
    }
}
