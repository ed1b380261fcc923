package dev.lockstorm.suite.internal.run;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.nemesis.NemesisKinds;
import org.junit.jupiter.api.Tag;
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
@Tag("lab")
class ZooKeeperScenariosIT {
    private static final RunStore STORE = new RunStore(Path.of("target", "it-results").toAbsolutePath());

    static RunSpec spec(String system, String nemesis, long seed) {
        return RunSpec.builtIn(system).timeLimit(Duration.ofSeconds(30)).nemesis(NemesisKinds.byName(nemesis)).seed(seed)
                .nemesisInterval(Duration.ofSeconds(5)).holds(Duration.ZERO, Duration.ofMillis(1000))
                .command(List.of("ZooKeeperScenariosIT", system, nemesis)).build();
    }

    static RunResult run(RunSpec spec) throws Exception {
        RunResult r = new Runner(System.out).run(spec, STORE.newRun(spec.system().name()));
        System.out.print(Summary.of(r.check()));
        for (String f : List.of("history.jsonl", "results.json", "summary.txt", "report.html", "junit.xml", "command.txt")) {
            assertTrue(Files.exists(r.dir().resolve(f)), f + " in " + r.dir());
        }
        return r;
    }

    @Test
    void zkRecipeStaysSafeWhenOnlyServersArePartitioned() throws Exception {
        RunResult r = run(spec("zk-recipe", "partition", 13));
        assertEquals(0, r.check().doubleHolderCount(), Summary.of(r.check()));
        assertEquals(Verdict.VALID, r.check().verdict(), Summary.of(r.check()));
        assertTrue(r.faults() >= 1);
    }

    @Test
    void zkRecipeStaysSafeWhenServersAreKilled() throws Exception {
        RunResult r = run(spec("zk-recipe", "kill", 14));
        assertEquals(0, r.check().doubleHolderCount(), Summary.of(r.check()));
        assertEquals(Verdict.VALID, r.check().verdict(), Summary.of(r.check()));
        assertTrue(r.faults() >= 1);
    }
}
