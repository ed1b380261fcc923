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

    /**
     * 20 s, a fault every 5 s or so (two or three faults), the default holds (drawn from 0 to 1.5 × the
     * 4 s lease, so that a third of them outlive it), fencing none.
     */
    static RunSpec spec(String system, String nemesis, long seed) {
        return builder(system, nemesis, seed).build();
    }

    /** The same, for a test that sets more (the system's options). */
    static RunSpec.Builder builder(String system, String nemesis, long seed) {
        return RunSpec.builtIn(system).timeLimit(Duration.ofSeconds(20)).nemesis(NemesisKinds.byName(nemesis)).seed(seed)
                .nemesisInterval(Duration.ofSeconds(5))
                .command(List.of("LabRuns", system, nemesis));
    }

    /** Runs {@code spec}, prints its summary and checks that every file of a run was written. */
    static RunResult run(RunSpec spec) throws Exception {
        return run(spec, null);
    }

    /** The same, on the servers {@code standing} kept from the run before when they fit (null: servers of its own). */
    static RunResult run(RunSpec spec, StandingServers standing) throws Exception {
        Runner runner = new Runner(System.out);
        RunResult r = (standing == null ? runner : runner.keeping(standing)).run(spec, STORE.newRun(spec.system().name()));
        System.out.print(Summary.of(r.check()));
        for (String f : List.of("history.jsonl", "results.json", "summary.txt", "report.html", "junit.xml", "command.txt")) {
            assertTrue(Files.exists(r.dir().resolve(f)), f + " in " + r.dir());
        }
        return r;
    }

    /**
     * Double holders only where any lease lock has them (every incident a lease limit: a holder past
     * its lease, frozen or cut off), tokens in order, at least one fault injected, and every client got
     * the lock again after the final heal.
     */
    static void assertNoDefect(RunResult r) {
        assertEquals(0, r.check().defectIncidents(), Summary.of(r.check()));
        assertEquals(0, r.check().tokenViolations(), Summary.of(r.check()));
        assertTrue(r.faults() >= 1, "faults injected: " + r.faults());
        assertEquals(List.of(), r.notLive());
    }

    /** No double holder, a valid history, at least one fault injected, and (when {@code live}) every client got the lock again after the final heal. */
    static void assertSafe(RunResult r, boolean live) {
        assertEquals(0, r.check().doubleHolderCount(), Summary.of(r.check()));
        // safe: every analysis but liveness valid (liveness enters the verdict too; here it is asked for only when {@code live})
        for (var a : r.check().analyses()) {
            if (a.kind() != dev.lockstorm.checker.Analysis.Kind.LIVENESS) {
                assertTrue(a.status() != dev.lockstorm.checker.Analysis.Status.INVALID && a.status() != dev.lockstorm.checker.Analysis.Status.UNKNOWN,
                        a.name() + ": " + Summary.of(r.check()));
            }
        }
        assertTrue(r.faults() >= 1, "faults injected: " + r.faults());
        if (live) {
            assertEquals(List.of(), r.notLive());
            assertEquals(Verdict.VALID, r.check().verdict(), Summary.of(r.check()));
        }
    }
}
