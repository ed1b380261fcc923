package dev.lockstorm.suite.internal.run;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.api.Fencing;
import dev.lockstorm.api.LockSystem;
import dev.lockstorm.api.Notes;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.io.HistoryFormat;
import dev.lockstorm.checker.io.HistoryReader;
import dev.lockstorm.locks.internal.registry.Registry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every adapter, with no faults and three clients (of a read-write lock, two writers and a reader):
 * it excludes, its tokens (if it has any) increase, every client gets the lock; a reentrant one is
 * taken again inside its holds; a read-write one has readers and writers, and its writers downgrade
 * while the other writer waits.
 */
@Tag("lab")
class AdaptersIT {
    /** The servers stand from one system to the next of the same topology: no fault runs here, and each family empties them between runs. */
    private static final StandingServers STANDING = new StandingServers();

    /** Every built-in, those on the same servers one after the other (by topology), so that they share them. */
    static List<String> systems() {
        Registry r = Registry.builtIn();
        return r.systemNames().stream().sorted(java.util.Comparator.comparing((String n) -> r.system(n).topology().toString())).toList();
    }

    @AfterAll
    static void stopTheServers() {
        STANDING.close();
    }

    @ParameterizedTest
    @MethodSource("systems")
    void withoutFaultsEveryAdapterIsSafeAndLive(String system) throws Exception {
        LockSystem s = Registry.builtIn().system(system);
        RunSpec spec = RunSpec.builder(s).clients(3).timeLimit(Duration.ofSeconds(5)).fencing(Fencing.WRITES).seed(21)
                .nemesisInterval(Duration.ofSeconds(10)).holds(Duration.ZERO, Duration.ofMillis(20)).quiet(Duration.ofSeconds(15))
                .command(List.of("AdaptersIT", system)).build();
        RunResult r = LabRuns.run(spec, STANDING);
        CheckResult c = r.check();
        assertEquals(Verdict.VALID, c.verdict(), Summary.of(c));
        if (s.fencingToken()) {
            assertTrue(c.fencing().tokens() >= spec.clients(), "tokens granted: " + c.fencing().tokens());
        } else {
            assertEquals(0, c.fencing().tokens(), "a lock without fencing tokens granted some");
            // at least one increment per client: how many is throughput, which depends on the machine's load (redlock acknowledged
            // 9 in 5 s beside two other test forks); bench measures it
            assertTrue(c.resource().acknowledged() >= spec.clients(), "increments acknowledged: " + c.resource().acknowledged());
        }
        if (s.readWrite()) {
            // readers beside readers, writers alone; writers downgraded while another writer waited (CURATOR-621's interleaving)
            assertEquals("linearizability (rw-lock)", c.analyses().get(0).name(), Summary.of(c));
            assertTrue(c.coverage().count("downgrade-contended") >= 1, c.coverage().describe());
        }
        if (s.reentrant()) {
            // the workload took the lock again inside its holds, and the checker counted the holds
            assertEquals("linearizability (reentrant-mutex)", c.analyses().get(0).name(), Summary.of(c));
        }
        if (system.equals("redlock") || system.equals("redisson-redlock")) {
            // a majority-judged lock says on how many masters each grant holds: a majority of the three (two clients racing
            // for it leave some grants on a bare majority even with no fault)
            List<Op> grants = HistoryReader.read(r.dir().resolve("history.jsonl"), HistoryFormat.JSONL).ops().stream()
                    .filter(o -> o.type() == OpType.OK && o.f().startsWith("acquire")).toList();
            assertFalse(grants.isEmpty(), "no grant");
            for (Op g : grants) {
                assertTrue(g.extra("notes") instanceof List<?> notes && notes.stream().map(n -> Notes.heldOn(String.valueOf(n)))
                        .anyMatch(h -> h.isPresent() && h.get().of() == 3 && h.get().servers() >= 2), "grant " + g + " notes no hold on a majority of 3");
            }
        }
        assertEquals(List.of(), r.notLive());
    }
}
