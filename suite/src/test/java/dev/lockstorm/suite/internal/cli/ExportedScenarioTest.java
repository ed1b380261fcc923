package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.suite.internal.nemesiskinds.Replay;
import dev.lockstorm.suite.internal.replay.Finding;
import dev.lockstorm.suite.internal.run.RunRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A shrunk finding as a scenario file: written, read back, and refused in words when it is wrong. */
class ExportedScenarioTest {
    @TempDir
    Path dir;

    @RegisterExtension
    final ConsoleCapture console = new ConsoleCapture();

    private static final String SCHEDULE = "{\"run\":{\"system\":\"redis-single\",\"nemesis\":\"mix\"},"
            + "\"steps\":[{\"kind\":\"pause\",\"fault\":\"pause-client\",\"target\":\"c2\",\"holder\":\"c2\",\"at_ms\":3000,\"length_ms\":6000}]}";

    @Test
    void theFileKeepsTheRunsOptionsItsSeedAndTheFindingInTheShrunkSchedulesSteps() throws Exception {
        Files.writeString(dir.resolve("schedule.json"), SCHEDULE);
        // the recorded run's steps 5 and 9 of 13; the shrink kept 9 (and 11): the finding tied to 9 is tied to step 1 now
        Finding recorded = new Finding(Map.of("lease-limit", Set.of(5, 9), "lost-update", Set.of()));
        Finding shrunk = recorded.renumbered(List.of(9, 11));
        assertEquals(Set.of(1), shrunk.steps().get("lease-limit"));
        assertEquals(Set.of(), shrunk.steps().get("lost-update"));

        RunRequest run = RunCommand.parse(List.of("--system", "redis-single", "--seed", "3", "--nemesis", "mix", "--clients=2")).request();
        ExportedScenario s = new ExportedScenario(dir.resolve("scenario.json"), "redis-single-mix-seed3", "1 of 13 faults were needed", run, 3,
                "schedule.json", shrunk);
        s.write();
        ExportedScenario back = ExportedScenario.read(dir.resolve("scenario.json"));
        assertEquals(s.run(), back.run());
        assertEquals(2, back.spec(3).clients());
        assertEquals(dir.resolve("schedule.json"), ((Replay) back.spec(5).nemesis()).source(), "the schedule beside the file, whatever the spec said");
        assertEquals(5, back.spec(5).seed());
        assertEquals(3, back.seed());
        assertEquals(shrunk, back.expects());
        assertEquals(dir.resolve("schedule.json"), back.scheduleFile(), "the schedule beside the file");
        assertEquals("the same finding: " + shrunk.describe(), back.scenario().variants().get(0).expects());
    }

    @Test
    void reproduceRefusesABadScenarioFileNamingTheFileAndTheField() throws Exception {
        Path notJson = Files.writeString(dir.resolve("a.json"), "{ nope");
        assertEquals(3, Main.run("reproduce", notJson.toString()));
        assertTrue(console.err().contains(notJson + ": not a scenario file"), console.err());

        console.reset();
        Path noSchedule = Files.writeString(dir.resolve("b.json"), "{\"lockstorm_scenario\":1,\"name\":\"x\",\"run\":[\"--system\",\"redis-single\"],"
                + "\"seed\":1,\"schedule\":\"missing.json\",\"expects\":{\"lease-limit\":[1]}}");
        assertEquals(3, Main.run("reproduce", noSchedule.toString()));
        assertTrue(console.err().contains(noSchedule + ": \"schedule\": no such file"), console.err());

        console.reset();
        Files.writeString(dir.resolve("schedule.json"), SCHEDULE);
        Path badKind = Files.writeString(dir.resolve("c.json"), "{\"lockstorm_scenario\":1,\"name\":\"x\",\"run\":[\"--system\",\"redis-single\"],"
                + "\"seed\":1,\"schedule\":\"schedule.json\",\"expects\":{\"double-trouble\":[1]}}");
        assertEquals(3, Main.run("reproduce", badKind.toString()));
        assertTrue(console.err().contains(badKind + ": \"expects\": kind \"double-trouble\" is none of lease-limit"), console.err());

        console.reset();
        Path badOption = Files.writeString(dir.resolve("d.json"), "{\"lockstorm_scenario\":1,\"name\":\"x\",\"run\":[\"--system\",\"redis-single\",\"--sytem\"],"
                + "\"seed\":1,\"schedule\":\"schedule.json\",\"expects\":{\"lease-limit\":[1]}}");
        assertEquals(3, Main.run("reproduce", badOption.toString()));
        assertTrue(console.err().contains(badOption + ": \"run\": Unknown option"), console.err());

        console.reset();
        // a well-formed file whose schedule kills a client the run does not have: refused before any server starts
        Files.writeString(dir.resolve("kill-c4.json"), "{\"steps\":[{\"kind\":\"kill-client\",\"target\":\"c4\",\"at_ms\":0}]}");
        Path fewClients = Files.writeString(dir.resolve("e.json"), "{\"lockstorm_scenario\":1,\"name\":\"x\",\"run\":[\"--system\",\"redis-single\",\"--clients\",\"2\"],"
                + "\"seed\":1,\"schedule\":\"kill-c4.json\",\"expects\":{\"lease-limit\":[1]}}");
        assertEquals(3, Main.run("reproduce", fewClients.toString()));
        assertTrue(console.err().contains("names c4, which this run does not have"), console.err());
    }

    @Test
    void aFindingFromDataNamesWhatIsWrong() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Finding.fromData(Map.of("lease-limit", List.of(0)), "f.json"));
        assertTrue(e.getMessage().contains("f.json: \"lease-limit\" must list the steps it is tied to"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Finding.fromData(Map.of(), "f.json"));
    }
}
