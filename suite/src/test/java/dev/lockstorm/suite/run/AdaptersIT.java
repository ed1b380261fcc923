package dev.lockstorm.suite.run;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.workloads.LockSystems;
import dev.lockstorm.workloads.store.FencedStore;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every adapter, with no faults: it excludes, its tokens (if it has any) increase, every client gets the lock. */
class AdaptersIT {
    static List<String> systems() {
        return LockSystems.all();
    }

    @ParameterizedTest
    @MethodSource("systems")
    void withoutFaultsEveryAdapterIsSafeAndLive(String system) throws Exception {
        RunSpec spec = new RunSpec(system, 4, Duration.ofSeconds(8), "none", FencedStore.Fencing.WRITES, 21, Duration.ofSeconds(4),
                Duration.ofSeconds(10), Duration.ofMillis(20), Duration.ofSeconds(15), List.of("AdaptersIT", system));
        RunResult r = ZooKeeperScenariosIT.run(spec);
        CheckResult c = r.check();
        assertEquals(Verdict.VALID, c.verdict(), Summary.of(c));
        if (LockSystems.hasFencingToken(system)) {
            assertTrue(c.fencing().tokens() > 20, "tokens granted: " + c.fencing().tokens());
        } else {
            assertEquals(0, c.fencing().tokens(), "a lock without fencing tokens granted some");
            assertTrue(c.resource().acknowledged() > 20, "increments acknowledged: " + c.resource().acknowledged());
        }
        assertEquals(List.of(), r.notLive());
    }
}
