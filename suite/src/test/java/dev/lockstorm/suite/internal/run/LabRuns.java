package dev.lockstorm.suite.internal.run;

import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKinds;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the lab-tier run tests share: a 20 s run of a system under a nemesis, and running a spec into the test run store. */
final class LabRuns {
    private static final RunStore STORE = new RunStore(Path.of("target", "it-results").toAbsolutePath());

    private LabRuns() {
    }

    /** 20 s, a fault every 5 s or so (two or three faults), holds up to a second, fencing none. */
    static RunSpec spec(String system, String nemesis, long seed) {
        return builder(system, nemesis, seed).build();
    }

    /** The same, for a test that sets more (the system's options). */
    static RunSpec.Builder builder(String system, String nemesis, long seed) {
        return RunSpec.builtIn(system).timeLimit(Duration.ofSeconds(20)).nemesis(NemesisKinds.byName(nemesis)).seed(seed)
                .nemesisInterval(Duration.ofSeconds(5)).holds(Duration.ZERO, Duration.ofMillis(1000))
                .command(List.of("LabRuns", system, nemesis));
    }

    /** Runs {@code spec}, prints its summary and checks that every file of a run was written. */
    static RunResult run(RunSpec spec) throws Exception {
        RunResult r = new Runner(System.out).run(spec, STORE.newRun(spec.system().name()));
        System.out.print(Summary.of(r.check()));
        for (String f : List.of("history.jsonl", "results.json", "summary.txt", "report.html", "junit.xml", "command.txt")) {
            assertTrue(Files.exists(r.dir().resolve(f)), f + " in " + r.dir());
        }
        return r;
    }

    /** No double holder, a valid history, at least one fault injected, and (when {@code live}) every client got the lock again after the final heal. */
    static void assertSafe(RunResult r, boolean live) {
        assertEquals(0, r.check().doubleHolderCount(), Summary.of(r.check()));
        assertEquals(Verdict.VALID, r.check().verdict(), Summary.of(r.check()));
        assertTrue(r.faults() >= 1, "faults injected: " + r.faults());
        if (live) assertEquals(List.of(), r.notLive());
    }
}
