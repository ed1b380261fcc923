package dev.lockstorm.suite.run;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.workloads.store.FencedStore;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ZooKeeper runs that must stay safe: the recipe when only servers fail. (The Curator GC pause is a
 * named scenario: ScenariosIT.)
 */
class ZooKeeperScenariosIT {
    private static final RunStore STORE = new RunStore(Path.of("target", "it-results").toAbsolutePath());

    static RunSpec spec(String system, String nemesis, FencedStore.Fencing fencing, long seed) {
        return new RunSpec(system, 5, Duration.ofSeconds(30), nemesis, fencing, seed, Duration.ofSeconds(4),
                Duration.ofSeconds(5), Duration.ofMillis(1000), Duration.ofSeconds(20), List.of("ZooKeeperScenariosIT", system, nemesis));
    }

    static RunResult run(RunSpec spec) throws Exception {
        RunResult r = new Runner(System.out).run(spec, STORE.newRun(spec.system()));
        System.out.print(Summary.of(r.check()));
        for (String f : List.of("history.jsonl", "results.json", "report.html", "junit.xml", "command.txt")) {
            assertTrue(Files.exists(r.dir().resolve(f)), f + " in " + r.dir());
        }
        return r;
    }

    @Test
    void zkRecipeStaysSafeWhenOnlyServersArePartitioned() throws Exception {
        RunResult r = run(spec("zk-recipe", "partition", FencedStore.Fencing.NONE, 13));
        assertEquals(0, r.check().doubleHolderCount(), Summary.of(r.check()));
        assertEquals(Verdict.VALID, r.check().verdict(), Summary.of(r.check()));
        assertTrue(r.faults() >= 1);
    }

    @Test
    void zkRecipeStaysSafeWhenServersAreKilled() throws Exception {
        RunResult r = run(spec("zk-recipe", "kill", FencedStore.Fencing.NONE, 14));
        assertEquals(0, r.check().doubleHolderCount(), Summary.of(r.check()));
        assertEquals(Verdict.VALID, r.check().verdict(), Summary.of(r.check()));
        assertTrue(r.faults() >= 1);
    }
}
