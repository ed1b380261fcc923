package dev.lockstorm.junit;

import dev.lockstorm.results.RunReport;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run's results as a test reads them: from its own directory only, a file it does not understand
 * refused, and the assertions by the same rule as {@code --expect} (a lock not live after the heal is
 * a defect for {@code assertDefect} and {@code assertNoDefect} alike).
 */
@Tag("unit")
class LockStormRunTest {
    @TempDir
    Path dir;

    /** c1 holds; c2 is granted while it holds, with no fault anywhere: a lock defect. */
    private static final String DOUBLE_GRANT = """
            {"index":0,"time":0,"type":"info","process":"nemesis","f":"run","value":{"lease_ms":4000}}
            {"index":1,"time":1000000,"type":"invoke","process":0,"f":"acquire","value":null,"client":"c1"}
            {"index":2,"time":2000000,"type":"ok","process":0,"f":"acquire","value":1,"client":"c1"}
            {"index":3,"time":3000000,"type":"invoke","process":1,"f":"acquire","value":null,"client":"c2"}
            {"index":4,"time":4000000,"type":"ok","process":1,"f":"acquire","value":2,"client":"c2"}
            {"index":5,"time":5000000,"type":"invoke","process":1,"f":"release","value":null,"client":"c2"}
            {"index":6,"time":6000000,"type":"ok","process":1,"f":"release","value":null,"client":"c2"}
            {"index":7,"time":7000000,"type":"invoke","process":0,"f":"release","value":null,"client":"c1"}
            {"index":8,"time":8000000,"type":"ok","process":0,"f":"release","value":null,"client":"c1"}
            """;

    /** One grant, released: nothing wrong. */
    private static final String ONE_HOLD = """
            {"index":0,"time":0,"type":"info","process":"nemesis","f":"run","value":{"lease_ms":4000}}
            {"index":1,"time":1000000,"type":"invoke","process":0,"f":"acquire","value":null,"client":"c1"}
            {"index":2,"time":2000000,"type":"ok","process":0,"f":"acquire","value":1,"client":"c1"}
            {"index":3,"time":3000000,"type":"invoke","process":0,"f":"release","value":null,"client":"c1"}
            {"index":4,"time":4000000,"type":"ok","process":0,"f":"release","value":null,"client":"c1"}
            """;

    private Path run(String history, String system, long seed, List<String> notLive) throws Exception {
        Path run = Files.createDirectories(dir.resolve(system + "-" + seed + "-" + notLive.size()));
        Files.writeString(run.resolve("history.jsonl"), history);
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("system", system);
        facts.put("nemesis", "none");
        facts.put("faults_injected", 0);
        facts.put("seed", seed);
        RunReport.write(run, new RunReport.Context(facts, notLive, 1));
        return run;
    }

    @Test
    void aLockNotLiveAfterTheHealIsADefectToEveryAssertion() throws Exception {
        LockStormSpec spec = LockStormSpec.of("acme-lock");
        LockStormRun stuck = LockStormRun.read(spec, run(ONE_HOLD, "acme-lock", 1, List.of("c2")));
        stuck.assertDefect();
        AssertionFailedError e = assertThrows(AssertionFailedError.class, stuck::assertNoDefect);
        assertTrue(e.getMessage().contains("expected no-defect, but found not live after the heal: c2 could not acquire"), e.getMessage());
        LockStormRun fine = LockStormRun.read(spec, run(ONE_HOLD, "acme-lock", 1, List.of()));
        fine.assertNoDefect().assertSafe();
        assertThrows(AssertionFailedError.class, fine::assertDefect);
        LockStormRun defect = LockStormRun.read(spec, run(DOUBLE_GRANT, "acme-lock", 1, List.of()));
        defect.assertDefect().assertDoubleHolder();
        assertEquals(1, defect.lockDefects());
        assertTrue(defect.lostUpdates().isEmpty(), "no final read: lost updates not counted, never 0");
        AssertionFailedError notCounted = assertThrows(AssertionFailedError.class, defect::assertNoLostUpdates);
        assertTrue(notCounted.getMessage().contains("lost updates not checked"), notCounted.getMessage());
    }

    @Test
    void aRunOfAnotherSpecIsNeverReadAsThisOne() throws Exception {
        Path other = run(ONE_HOLD, "acme-lock", 2, List.of());
        IllegalStateException seed = assertThrows(IllegalStateException.class, () -> LockStormRun.read(LockStormSpec.of("acme-lock"), other));
        assertTrue(seed.getMessage().contains("holds the run of acme-lock seed 2, not of acme-lock under none"), seed.getMessage());
        IllegalStateException system = assertThrows(IllegalStateException.class,
                () -> LockStormRun.read(LockStormSpec.of("acme-fixed-lock").withSeed(2), other));
        assertTrue(system.getMessage().contains("not of acme-fixed-lock"), system.getMessage());
    }

    @Test
    void aResultsFileItDoesNotUnderstandIsAnErrorNotZeros() throws Exception {
        Path r = run(ONE_HOLD, "acme-lock", 1, List.of());
        String json = Files.readString(r.resolve("results.json"));
        Files.writeString(r.resolve("results.json"), json.replace("\"lock_defects\"", "\"lock_defect_count\""));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LockStormRun.read(LockStormSpec.of("acme-lock"), r));
        assertTrue(e.getMessage().contains("results.json: key \"lock_defects\" is missing"), e.getMessage());
    }
}
