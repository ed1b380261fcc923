package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.io.HistoryFormat;
import dev.lockstorm.checker.io.HistoryReader;
import dev.lockstorm.nemesis.ClockJump;
import dev.lockstorm.nemesis.ClockRate;
import dev.lockstorm.nemesis.Delay;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Kill;
import dev.lockstorm.nemesis.KillClient;
import dev.lockstorm.nemesis.Loss;
import dev.lockstorm.nemesis.Pause;
import dev.lockstorm.nemesis.Slow;
import dev.lockstorm.nemesis.replay.Step;
import dev.lockstorm.nemesis.replay.Trigger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RecordedScheduleTest {
    private static final long MS = 1_000_000L;

    /** A run as lockstorm records it: a standing cut, then a frozen holder, a cut, a client killed, a clock moved, and a fault it cannot name. */
    private static History history() throws Exception {
        String jsonl = String.join("\n",
                ev(0, 100, "run", "{\"system\":\"redis-single\",\"nemesis\":\"mix\",\"clients\":3,\"seed\":4}", ""),
                ev(1, 500, "start-partition", "{\"n1\":[\"c3\"],\"c3\":[\"n1\"]}", ",\"hosts\":[\"n1\",\"c3\"]"),
                client(2, 2_000, "invoke", 0, "c1", "acquire"),
                client(3, 2_010, "ok", 0, "c1", "acquire"),
                // 100 ms after c1's grant, c1 frozen as the holder, for 5 s
                ev(4, 2_110, "start-pause", "[\"client-c1-p0\"]", ",\"hosts\":[\"c1\"],\"fault\":\"pause-client\",\"aimed_at\":\"holder\""),
                ev(5, 7_110, "stop-pause", "[\"client-c1-p0\"]", ",\"hosts\":[\"c1\"],\"fault\":\"pause-client\""),
                client(6, 7_200, "invoke", 0, "c1", "release"),
                client(7, 7_210, "ok", 0, "c1", "release"),
                // long after any grant: a cut at its time
                ev(8, 9_000, "start-partition", "{\"n1\":[\"n2\",\"n3\"],\"n2\":[\"n1\"],\"n3\":[\"n1\"]}", ",\"fault\":\"isolate-leader#3\""),
                ev(9, 11_000, "stop-partition", "\"fully connected\"", ",\"fault\":\"isolate-leader#3\""),
                ev(10, 12_000, "kill-client", "[1]", ",\"hosts\":[\"c2\"],\"fault\":\"kill-client\""),
                ev(11, 13_000, "clock-jump", "{\"process\":\"client-c3\",\"delta_ms\":-60000}", ",\"hosts\":[\"c3\"],\"fault\":\"waiter-clock-back\""),
                ev(12, 15_000, "clock-reset", "[\"client-c3\"]", ",\"hosts\":[\"c3\"],\"fault\":\"waiter-clock-back\""),
                ev(13, 16_000, "promote", "\"n2\"", ",\"fault\":\"failover\""),
                ev(14, 17_000, "stop-partition", "\"fully connected\"", "")) + "\n";
        return HistoryReader.read(new StringReader(jsonl), "test", HistoryFormat.JSONL);
    }

    private static String ev(int i, long ms, String f, String value, String extra) {
        return "{\"index\":" + i + ",\"time\":" + ms * MS + ",\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"" + f + "\",\"value\":" + value + extra + "}";
    }

    private static String client(int i, long ms, String type, int process, String client, String f) {
        return "{\"index\":" + i + ",\"time\":" + ms * MS + ",\"type\":\"" + type + "\",\"process\":" + process + ",\"f\":\"" + f
                + "\",\"value\":null,\"client\":\"" + client + "\"}";
    }

    @Test
    void everyFaultAfterTheClientsStartBecomesAStepWithItsTargetTriggerAndLength() throws Exception {
        RecordedSchedule s = RecordedSchedule.of(history());
        assertEquals(Map.of("system", "redis-single", "nemesis", "mix", "clients", 3L, "seed", 4L), s.run());
        assertEquals(4, s.steps().size(), s.describe());

        Step pause = s.steps().get(0);
        assertEquals("pause-client", pause.fault());
        assertEquals(new Pause("c1"), pause.action());
        // counted from the clients' first operation; it came on c1's grant and was aimed at the holder
        assertEquals(new Trigger(110, "c1", "c1", 100L), pause.trigger());
        assertEquals(5_000, pause.lengthMs());

        Step cut = s.steps().get(1);
        assertEquals("isolate-leader", cut.fault(), "a replayed fault's step number is not part of its name");
        assertEquals(new Grudge(Map.of("n1", List.of("n2", "n3"), "n2", List.of("n1"), "n3", List.of("n1"))), cut.action());
        assertNull(cut.trigger().afterGrantTo(), "no grant just before it");
        assertEquals(7_000, cut.trigger().atMs());
        assertEquals(2_000, cut.lengthMs());

        assertEquals(new KillClient("c2"), s.steps().get(2).action());
        assertEquals(0, s.steps().get(2).lengthMs(), "a fault of an instant");
        assertEquals(new ClockJump("c3", -60_000), s.steps().get(3).action());
        assertEquals(2_000, s.steps().get(3).lengthMs());

        // the standing cut is the nemesis kind's set-up, and what cannot be named is said, not dropped
        assertEquals(1, s.standing().size(), s.standing().toString());
        assertEquals(1, s.notReplayed().size());
        assertTrue(s.notReplayed().get(0).contains("promote"), s.notReplayed().toString());
    }

    @Test
    void clocksMovedInOneActionAreOneStepWithAllTheirTargetsAndReadBackSo(@TempDir Path dir) throws Exception {
        // the clock nemesis right after c1's grant: c1's, c2's and c3's clocks a minute back at once, one event per clock;
        // later the same fault again (a step of its own), and another fault's jump right after (not the same action)
        String jsonl = String.join("\n",
                ev(0, 100, "run", "{\"system\":\"redis-single\",\"nemesis\":\"clock\",\"clients\":3,\"seed\":1}", ""),
                client(1, 1_000, "invoke", 0, "c1", "acquire"),
                client(2, 1_010, "ok", 0, "c1", "acquire"),
                ev(3, 1_050, "clock-jump", "{\"process\":\"client-c1\",\"delta_ms\":-60000}", ",\"hosts\":[\"c1\"],\"fault\":\"clients-clock-back\""),
                client(4, 1_052, "invoke", 1, "c2", "acquire"),
                ev(5, 1_053, "clock-jump", "{\"process\":\"client-c2\",\"delta_ms\":-60000}", ",\"hosts\":[\"c2\"],\"fault\":\"clients-clock-back\""),
                ev(6, 1_055, "clock-jump", "{\"process\":\"client-c3\",\"delta_ms\":-60000}", ",\"hosts\":[\"c3\"],\"fault\":\"clients-clock-back\""),
                ev(7, 4_000, "clock-reset", "[\"client-c1\"]", ",\"hosts\":[\"c1\"],\"fault\":\"clients-clock-back\""),
                ev(8, 4_001, "clock-reset", "[\"client-c2\"]", ",\"hosts\":[\"c2\"],\"fault\":\"clients-clock-back\""),
                ev(9, 4_002, "clock-reset", "[\"client-c3\"]", ",\"hosts\":[\"c3\"],\"fault\":\"clients-clock-back\""),
                ev(10, 6_000, "clock-jump", "{\"process\":\"client-c1\",\"delta_ms\":-60000}", ",\"hosts\":[\"c1\"],\"fault\":\"clients-clock-back\""),
                ev(11, 6_001, "clock-jump", "{\"process\":\"redis-n1\",\"delta_ms\":-60000}", ",\"hosts\":[\"n1\"],\"fault\":\"jump-n1\"")) + "\n";
        History h = HistoryReader.read(new StringReader(jsonl), "test", HistoryFormat.JSONL);
        RecordedSchedule s = RecordedSchedule.of(h);
        assertEquals(3, s.steps().size(), s.describe());
        Step together = s.steps().get(0);
        assertEquals(new ClockJump(List.of("c1", "c2", "c3"), -60_000), together.action());
        assertEquals("c1", together.trigger().afterGrantTo(), "on its trigger: right after c1's grant");
        assertEquals(2_952, together.lengthMs(), "until the last of its clocks was reset");
        assertEquals(new ClockJump("c1", -60_000), s.steps().get(1).action(), "the same fault later is a step of its own");
        assertEquals(new ClockJump("n1", -60_000), s.steps().get(2).action(), "another fault's jump is not part of it");
        assertEquals(Map.of(3, 1, 5, 1, 6, 1, 10, 2, 11, 3), RecordedSchedule.stepsByEvent(h), "every event of the action is its step");
        Path file = dir.resolve("schedule.json");
        s.write(file);
        assertEquals(s.steps(), RecordedSchedule.read(file).steps(), "\"targets\" read back");
        assertTrue(together.describe().startsWith("clients-clock-back: move c1, c2, c3's clocks together back 60.0 s"), together.describe());
    }

    @Test
    void aReleaseBeforeTheFaultMeansItDidNotComeOnThatGrant() throws Exception {
        String jsonl = String.join("\n",
                client(0, 1_000, "invoke", 0, "c1", "acquire"),
                client(1, 1_010, "ok", 0, "c1", "acquire"),
                client(2, 1_050, "invoke", 0, "c1", "release"),
                ev(3, 1_100, "kill", "[\"n1\"]", ",\"hosts\":[\"n1\"],\"fault\":\"kill-node\""),
                ev(4, 2_100, "start", "[\"n1\"]", ",\"hosts\":[\"n1\"],\"fault\":\"kill-node\"")) + "\n";
        RecordedSchedule s = RecordedSchedule.of(HistoryReader.read(new StringReader(jsonl), "t", HistoryFormat.JSONL));
        assertEquals(List.of(new Step("kill-node", new Kill("n1"), new Trigger(100, null, null), 1_000)), s.steps());
    }

    @Test
    void aFaultAClientMadeItselfAtACheckpointNamesThePoint() throws Exception {
        String jsonl = String.join("\n",
                client(0, 1_000, "invoke", 0, "c1", "acquire"),
                ev(1, 1_200, "start-pause", "[\"client-c1-p0\"]", ",\"hosts\":[\"c1\"],\"fault\":\"pause-at:after-get\""),
                ev(2, 5_700, "stop-pause", "[\"client-c1-p0\"]", ",\"hosts\":[\"c1\"],\"fault\":\"pause-at:after-get\"")) + "\n";
        Step s = RecordedSchedule.of(HistoryReader.read(new StringReader(jsonl), "t", HistoryFormat.JSONL)).steps().get(0);
        assertEquals(Optional.of("after-get"), s.checkpoint());
        assertEquals(new Pause("c1"), s.action());
        assertEquals("pause-at:after-get: freeze c1 for 4.5 s, the next client to reach after-get from 0.2 s on (c1 then)", s.describe());
        assertEquals(Optional.empty(), new Step("kill-at:", new KillClient("c1"), new Trigger(0, null, null), 0).checkpoint(), "a name, not the prefix alone");
    }

    @Test
    void aCutThatAnsweredWithResetsIsReplayedSo(@TempDir Path dir) throws Exception {
        String jsonl = String.join("\n",
                client(0, 1_000, "invoke", 0, "c1", "acquire"),
                ev(1, 1_200, "start-partition", "{\"c1\":[\"n1\"],\"n1\":[\"c1\"]}", ",\"hosts\":[\"c1\",\"n1\"],\"fault\":\"reset-holder\",\"cut\":\"reset\""),
                ev(2, 5_200, "stop-partition", "\"fully connected\"", "")) + "\n";
        var history = HistoryReader.read(new StringReader(jsonl), "t", HistoryFormat.JSONL);
        assertEquals("[reset] c1 refuses [n1]; n1 refuses [c1]", dev.lockstorm.checker.lock.FaultSpans.of(history).get(0).target());
        RecordedSchedule s = RecordedSchedule.of(history);
        Grudge cut = (Grudge) s.steps().get(0).action();
        assertEquals(dev.lockstorm.faults.CutStyle.RESET, cut.style());
        assertEquals("c1 cut off from n1; n1 cut off from c1 (answered with resets)", cut.describe());
        Path file = dir.resolve("schedule.json");
        s.write(file);
        assertEquals(s.steps(), RecordedSchedule.read(file).steps(), "the cut's style survives the file");
        java.nio.file.Files.writeString(file, java.nio.file.Files.readString(file).replace("\"reset\"", "\"reject\""));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RecordedSchedule.read(file));
        assertTrue(e.getMessage().contains("step 1: \"cut\" is \"reject\", none of blackhole, reset, inbound"), e.getMessage());
    }

    @Test
    void lossyLinksAreAStepAndSurviveTheFile(@TempDir Path dir) throws Exception {
        String jsonl = String.join("\n",
                client(0, 1_000, "invoke", 0, "c1", "acquire"),
                ev(1, 1_200, "start-loss", "{\"percent\":40,\"from\":{\"c1\":[\"n1\"],\"n1\":[\"c1\"]}}", ",\"hosts\":[\"c1\",\"n1\"],\"fault\":\"lossy-holder\""),
                ev(2, 4_200, "stop-loss", "\"no loss\"", "")) + "\n";
        RecordedSchedule s = RecordedSchedule.of(HistoryReader.read(new StringReader(jsonl), "t", HistoryFormat.JSONL));
        assertEquals(new Loss(Map.of("c1", List.of("n1"), "n1", List.of("c1")), 40), s.steps().get(0).action());
        assertEquals(3_000, s.steps().get(0).lengthMs());
        Path file = dir.resolve("schedule.json");
        s.write(file);
        assertEquals(s.steps(), RecordedSchedule.read(file).steps());
        java.nio.file.Files.writeString(file, java.nio.file.Files.readString(file).replace("\"percent\" : 40", "\"percent\" : 140"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RecordedSchedule.read(file));
        assertTrue(e.getMessage().contains("step 1: \"percent\" is 1 to 100, not 140"), e.getMessage());
    }

    @Test
    void slowLinksAreAStepAndSurviveTheFile(@TempDir Path dir) throws Exception {
        String jsonl = String.join("\n",
                client(0, 1_000, "invoke", 0, "c1", "acquire"),
                ev(1, 1_200, "start-slow", "{\"kbit\":1,\"to\":{\"c1\":[\"n1\"],\"n1\":[\"c1\"]}}", ",\"hosts\":[\"c1\",\"n1\"],\"fault\":\"slow-holder\""),
                ev(2, 5_200, "stop-slow", "\"no slow links\"", "")) + "\n";
        RecordedSchedule s = RecordedSchedule.of(HistoryReader.read(new StringReader(jsonl), "t", HistoryFormat.JSONL));
        assertEquals(new Slow(Map.of("c1", List.of("n1"), "n1", List.of("c1")), 1), s.steps().get(0).action());
        assertEquals(4_000, s.steps().get(0).lengthMs());
        assertEquals("c1 sending 1 kbit/s to n1; n1 sending 1 kbit/s to c1", s.steps().get(0).action().describe());
        Path file = dir.resolve("schedule.json");
        s.write(file);
        assertEquals(s.steps(), RecordedSchedule.read(file).steps());
        java.nio.file.Files.writeString(file, java.nio.file.Files.readString(file).replace("\"kbit\" : 1", "\"kbit\" : 0"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RecordedSchedule.read(file));
        assertTrue(e.getMessage().contains("step 1: \"kbit\" is 1 to 100000, not 0"), e.getMessage());
    }

    @Test
    void delayedLinksAreAStepAndSurviveTheFile(@TempDir Path dir) throws Exception {
        String jsonl = String.join("\n",
                client(0, 1_000, "invoke", 0, "c1", "acquire"),
                ev(1, 1_200, "start-delay", "{\"ms\":2000,\"to\":{\"c1\":[\"n1\",\"n2\"]},\"jitter_ms\":1000}", ",\"hosts\":[\"c1\",\"n1\",\"n2\"],\"fault\":\"delay-holder\""),
                ev(2, 6_200, "stop-delay", "\"no delay\"", "")) + "\n";
        RecordedSchedule s = RecordedSchedule.of(HistoryReader.read(new StringReader(jsonl), "t", HistoryFormat.JSONL));
        assertEquals(new Delay(Map.of("c1", List.of("n1", "n2")), 2000, 1000), s.steps().get(0).action());
        assertEquals(5_000, s.steps().get(0).lengthMs());
        assertEquals("c1's links to n1, n2 delayed 2000 ± 1000 ms", s.steps().get(0).action().describe());
        Path file = dir.resolve("schedule.json");
        s.write(file);
        assertEquals(s.steps(), RecordedSchedule.read(file).steps());
        java.nio.file.Files.writeString(file, java.nio.file.Files.readString(file).replace("\"jitter_ms\" : 1000", "\"jitter_ms\" : 3000"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RecordedSchedule.read(file));
        assertTrue(e.getMessage().contains("step 1: \"jitter_ms\" is 0 to \"ms\" (2000), not 3000"), e.getMessage());
    }

    @Test
    void aFastMonotonicClockIsReplayedAsOneAndSurvivesTheFile(@TempDir Path dir) throws Exception {
        String jsonl = String.join("\n",
                client(0, 1_000, "invoke", 0, "c1", "acquire"),
                ev(1, 1_200, "clock-rate", "{\"process\":\"client-c2\",\"rate\":5.0,\"clock\":\"monotonic\"}", ",\"hosts\":[\"c2\"],\"fault\":\"waiter-clock-fast\""),
                ev(2, 5_200, "clock-reset", "[\"client-c2\"]", ",\"hosts\":[\"c2\"]")) + "\n";
        RecordedSchedule s = RecordedSchedule.of(HistoryReader.read(new StringReader(jsonl), "t", HistoryFormat.JSONL));
        assertEquals(new ClockRate("c2", 5.0, true), s.steps().get(0).action());
        assertEquals("run c2's monotonic clock at 5.0×", s.steps().get(0).action().describe());
        Path file = dir.resolve("schedule.json");
        s.write(file);
        assertEquals(s.steps(), RecordedSchedule.read(file).steps());
        java.nio.file.Files.writeString(file, java.nio.file.Files.readString(file).replace("\"monotonic\"", "\"boot\""));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RecordedSchedule.read(file));
        assertTrue(e.getMessage().contains("\"clock\" is \"realtime\" (the default) or \"monotonic\", not boot"), e.getMessage());
    }

    @Test
    void aScheduleIsWrittenAndReadBackTheSame(@TempDir Path dir) throws Exception {
        RecordedSchedule s = RecordedSchedule.of(history());
        Path file = dir.resolve("schedule.json");
        s.write(file);
        RecordedSchedule back = RecordedSchedule.read(file);
        assertEquals(s.steps(), back.steps());
        assertEquals(s.standing(), back.standing());
        assertEquals(s.notReplayed(), back.notReplayed());
        assertTrue(Files.readString(file).contains("\"after_grant_to\" : \"c1\""), Files.readString(file));
    }

    @Test
    void badSchedulesNameTheFileTheStepAndTheField(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("schedule.json");
        Files.writeString(file, "{\"steps\":[{\"kind\":\"pause\",\"target\":\"c1\",\"at_ms\":0},{\"kind\":\"pause\",\"at_ms\":5}]}");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RecordedSchedule.read(file));
        assertTrue(e.getMessage().startsWith(file + ": step 2: expected \"target\""), e.getMessage());

        Files.writeString(file, "{\"steps\":[{\"kind\":\"melt\",\"target\":\"c1\",\"at_ms\":0}]}");
        e = assertThrows(IllegalArgumentException.class, () -> RecordedSchedule.read(file));
        assertTrue(e.getMessage().contains("step 1: kind \"melt\" is none of partition, loss, slow, delay, pause"), e.getMessage());

        Files.writeString(file, "{\"steps\":[{\"kind\":\"kill\",\"target\":\"n1\",\"at_ms\":\"soon\"}]}");
        e = assertThrows(IllegalArgumentException.class, () -> RecordedSchedule.read(file));
        assertTrue(e.getMessage().contains("step 1: expected \"at_ms\" as a number, not \"soon\""), e.getMessage());

        Files.writeString(file, "[1, 2");
        e = assertThrows(IllegalArgumentException.class, () -> RecordedSchedule.read(file));
        assertTrue(e.getMessage().startsWith(file + ": not a schedule"), e.getMessage());
    }

    @Test
    void aReplayedFaultNamesItsStep() throws Exception {
        assertEquals(3, dev.lockstorm.faults.FaultName.parse("pause-client#3").step());
        assertEquals(-1, dev.lockstorm.faults.FaultName.parse("pause-client").step());
        assertEquals("pause-at:after-grant", dev.lockstorm.faults.FaultName.parse("pause-at:after-grant#12").kind());
        assertEquals(java.util.Optional.of("after-grant"), dev.lockstorm.faults.FaultName.parse("pause-at:after-grant#12").checkpoint());
        // the recorded run's own faults, by the event that opened each
        assertEquals(Map.of(4, 1, 8, 2, 10, 3, 11, 4), RecordedSchedule.stepsByEvent(history()));
    }
}
