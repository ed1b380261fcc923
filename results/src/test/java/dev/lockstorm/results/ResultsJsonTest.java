package dev.lockstorm.results;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.io.Json;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** results.json's schema: what is written is read back as the same record, and a file it does not understand is refused by key. */
@Tag("unit")
class ResultsJsonTest {
    @TempDir
    Path dir;

    private static Map<String, Object> facts() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("system", "redis-single");
        m.put("nemesis", "pause-client");
        m.put("seed", 3L);
        m.put("faults_injected", 2L);
        m.put("time_limit_s", 30L);
        return m;
    }

    @Test
    void aRunsResultsAreReadBackAsTheRecordOfItsCheck() throws Exception {
        CheckResult c = Histories.check(Histories.FROZEN_HOLDER_FENCED).withLiveness(List.of("c3"));
        Path file = dir.resolve("results.json");
        ResultsJson.write(c, List.of("c3"), facts(), file);
        Results read = ResultsJson.read(file);
        assertEquals(Results.of(c, List.of("c3"), facts()), read);
        assertEquals(1, read.lock().holds().doubleHolders());
        assertEquals(1, read.lock().staleWritesRejected());
        assertEquals(0L, read.lock().lostUpdates().orElseThrow());
        assertEquals(List.of("c3"), read.notLive());
        assertEquals(2, read.run().faultsInjected());
        assertEquals(3L, read.run().seed());
        assertEquals(1, read.lock().exercised().get("holder-paused-past-lease"));
    }

    @Test
    void doubleHoldersTheTimeLimitLeftUncountedAreAbsentNeverZero() throws Exception {
        // 3,000 holders at once and no time: the sweep stops early, so no count of it is the history's
        List<dev.lockstorm.checker.history.Op> ops = new java.util.ArrayList<>();
        for (int p = 0; p < 3000; p++) {
            ops.add(dev.lockstorm.checker.history.Op.of(0, 2L * p, dev.lockstorm.checker.history.OpType.INVOKE, p, "acquire", null));
            ops.add(dev.lockstorm.checker.history.Op.of(0, 2L * p + 1, dev.lockstorm.checker.history.OpType.OK, p, "acquire", (long) p + 1));
        }
        CheckResult c = dev.lockstorm.checker.Checker.check(dev.lockstorm.checker.history.History.of("many", ops), new dev.lockstorm.checker.model.FencedMutex(),
                dev.lockstorm.checker.linear.SearchLimits.withTimeLimit(java.time.Duration.ZERO));
        Path file = dir.resolve("results.json");
        ResultsJson.write(c, file);
        String json = Files.readString(file);
        for (String key : List.of("double_holders", "incident_count", "lock_defects", "lease_limits", "count", "incidents")) {
            assertTrue(!java.util.regex.Pattern.compile("\"" + key + "\":\\s*\\d").matcher(json).find(), key + " written though not counted");
        }
        Results read = ResultsJson.read(file);
        assertNull(read.lock().holds());
        assertThrows(IllegalStateException.class, () -> read.lock().counted());
        assertEquals(Results.NOT_COUNTED, Expectation.parse("no-defect").unmet(read).orElseThrow());
        assertEquals(Results.NOT_COUNTED, Expectation.parse("double-holder").unmet(read).orElseThrow());
        assertTrue(read.counts().contains("double holders not counted"), read.counts());
    }

    @Test
    void aHistoryCheckedOnItsOwnHasNoRunAndNoLiveness() throws Exception {
        CheckResult c = Histories.check(Histories.FROZEN_HOLDER_FENCED);
        Path file = dir.resolve("results.json");
        ResultsJson.write(c, file);
        Results read = ResultsJson.read(file);
        assertNull(read.run());
        assertNull(read.notLive());
        assertEquals(Results.of(c, null, Map.of()), read);
    }

    @Test
    void aMissingOrRenamedKeyIsAnErrorNeverZero() throws Exception {
        IllegalArgumentException missing = refused(m -> m.remove("lock_defects"));
        assertTrue(missing.getMessage().endsWith("results.json: key \"lock_defects\" is missing"), missing.getMessage());
        IllegalArgumentException renamed = refused(m -> m.put("lock_defect_count", m.remove("lock_defects")));
        assertTrue(renamed.getMessage().contains("key \"lock_defects\" is missing"), renamed.getMessage());
        IllegalArgumentException unknown = refused(m -> m.put("defects_found", 0L));
        assertTrue(unknown.getMessage().contains("results.json: unknown key defects_found; expected only schema, verdict, source"), unknown.getMessage());
        IllegalArgumentException inRun = refused(m -> ((Map<String, Object>) m.get("run")).put("seed", "three"));
        assertTrue(inRun.getMessage().contains("results.json, run: key \"seed\": expected a whole number, found \"three\""), inRun.getMessage());
        IllegalArgumentException moment = refused(m -> ((Map<String, Object>) ((Map<String, Object>) m.get("coverage")).get("moments")).put("holder-killed", -1L));
        assertTrue(moment.getMessage().contains("results.json, coverage, moments: key \"holder-killed\": expected a count (0 or more), found -1"),
                moment.getMessage());
        IllegalArgumentException analysis = refused(m -> ((Map<String, Object>) m.get("analyses")).put("vibes", Map.of("verdict", "valid")));
        assertTrue(analysis.getMessage().contains("results.json, analyses: unknown key vibes"), analysis.getMessage());
        IllegalArgumentException verdict = refused(m -> m.put("verdict", "fine"));
        assertTrue(verdict.getMessage().contains("key \"verdict\": expected valid, invalid or unknown, found \"fine\""), verdict.getMessage());
    }

    @Test
    void aFileOfAnotherSchemaVersionSaysHowToWriteItAgain() throws Exception {
        IllegalArgumentException old = refused(m -> m.remove("schema"));
        assertTrue(old.getMessage().contains("no schema version (written by lockstorm 0.2.0 or before); this lockstorm reads version 1"
                + " (bin/lockstorm report RUN_DIR writes a run's results again)"), old.getMessage());
        IllegalArgumentException later = refused(m -> m.put("schema", 2L));
        assertTrue(later.getMessage().contains("schema version 2; this lockstorm reads version 1"), later.getMessage());
        Path notJson = dir.resolve("broken.json");
        Files.writeString(notJson, "{\"verdict\": ");
        IOException e = assertThrows(IOException.class, () -> ResultsJson.read(notJson));
        assertTrue(e.getMessage().startsWith(notJson + ": not JSON"), e.getMessage());
    }

    @Test
    void reRenderingARunOfAnOlderLockstormKeepsItsFactsAndLivenessUnderTheSchema() throws Exception {
        Files.writeString(dir.resolve("history.jsonl"), Histories.FROZEN_HOLDER_FENCED);
        Files.writeString(dir.resolve("results.json"), "{\"verdict\":\"invalid\",\"double_holders\":1,\"run\":{\"system\":\"redis-single\","
                + "\"seed\":9,\"faults_injected\":1},\"analyses\":{\"liveness\":{\"verdict\":\"invalid\",\"clients_without_acquire\":[\"c2\"]}}}");
        RunReport.rerender(dir);
        Results r = ResultsJson.read(dir.resolve("results.json"));
        assertEquals("redis-single", r.run().system());
        assertEquals(9L, r.run().seed());
        assertEquals(List.of("c2"), r.notLive());
        assertEquals(List.of("not live after the heal: c2 could not acquire"), r.defects());
        RunReport.rerender(dir);
        assertEquals(r, ResultsJson.read(dir.resolve("results.json")), "a file of this schema is read as such and written the same");
    }

    /** The error reading a run's results.json changed by {@code change}. */
    @SuppressWarnings("unchecked")
    private IllegalArgumentException refused(Consumer<Map<String, Object>> change) throws Exception {
        CheckResult c = Histories.check(Histories.FROZEN_HOLDER_FENCED).withLiveness(List.of());
        Path file = dir.resolve("results.json");
        ResultsJson.write(c, List.of(), facts(), file);
        Map<String, Object> m = (Map<String, Object>) Json.readFile(file);
        change.accept(m);
        Json.writeFile(file, m);
        return assertThrows(IllegalArgumentException.class, () -> ResultsJson.read(file));
    }
}
