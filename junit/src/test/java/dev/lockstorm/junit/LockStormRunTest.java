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

    /** One grant to each client listed, in order, each held until every later one is released; as JSON Lines after a 4 s lease. */
    private static String holds(String... clients) {
        StringBuilder h = new StringBuilder("{\"index\":0,\"time\":0,\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"run\",\"value\":{\"lease_ms\":4000}}\n");
        List<String> events = new java.util.ArrayList<>();
        for (int p = 0; p < clients.length; p++) {
            events.add(p + " invoke acquire null " + clients[p]);
            events.add(p + " ok acquire " + (p + 1) + " " + clients[p]);
        }
        for (int p = clients.length - 1; p >= 0; p--) {
            events.add(p + " invoke release null " + clients[p]);
            events.add(p + " ok release null " + clients[p]);
        }
        for (int i = 0; i < events.size(); i++) {
            String[] e = events.get(i).split(" ");
            h.append(String.format("{\"index\":%d,\"time\":%d,\"type\":\"%s\",\"process\":%s,\"f\":\"%s\",\"value\":%s,\"client\":\"%s\"}%n",
                    i + 1, (i + 1) * 1_000_000L, e[1], e[0], e[2], e[3], e[4]));
        }
        return h.toString();
    }

    /** c1 holds; c2 is granted while it holds, with no fault anywhere: a lock defect. */
    private static final String DOUBLE_GRANT = holds("c1", "c2");

    /** One grant, released: nothing wrong. */
    private static final String ONE_HOLD = holds("c1");

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
