package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Checker;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.HistoryFormatException;
import dev.lockstorm.checker.io.HistoryFormat;
import dev.lockstorm.checker.io.HistoryReader;
import dev.lockstorm.checker.linear.SearchLimits;
import dev.lockstorm.checker.model.FencedMutex;
import dev.lockstorm.checker.model.Models;
import dev.lockstorm.checker.model.Mutex;
import dev.lockstorm.checker.model.ReentrantMutex;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.StringReader;
import java.time.Duration;
import java.util.List;

import static dev.lockstorm.checker.H.h;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * When a hold ends: a reentrant hold's count moves only with releases that took effect, a crashed
 * process holds until its crash (the info, or the kill that came first), and a killed process that
 * is never heard from again is dead from its kill. Linearizability and the double-holder analysis
 * must agree on each of these.
 */
@Tag("unit")
class HoldsAndKillsTest {

    /** Both analyses' verdicts: linearizability's, and whether double holders were found. */
    private static void agree(Verdict expected, CheckResult r) {
        assertEquals(expected, r.linearizability().verdict(), "linearizability: " + dev.lockstorm.checker.Summary.of(r));
        assertEquals(expected == Verdict.INVALID, r.doubleHolderCount() > 0, "double holders: " + dev.lockstorm.checker.Summary.of(r));
        assertEquals(expected, r.verdict());
    }

    @Test
    void aFailedReleaseDoesNotLowerTheHoldCount() {
        // count 2, a release fails (count stays 2), one release takes effect (count 1): p0 still holds
        agree(Verdict.INVALID, h().acquire(0, null).acquire(0, null).invoke(0, "release").fail(0, "release")
                .release(0).acquire(1, null).check(new ReentrantMutex()));
        // and with both releases taking effect, the grant is legal
        agree(Verdict.VALID, h().acquire(0, null).acquire(0, null).invoke(0, "release").fail(0, "release")
                .release(0).release(0).acquire(1, null).check(new ReentrantMutex()));
    }

    @Test
    void aFailedReleaseOfAPlainLockLeavesItHeld() {
        agree(Verdict.INVALID, h().acquire(0, 1L).invoke(0, "release").fail(0, "release").acquire(1, 2L).check(new FencedMutex()));
    }

    @Test
    void aCrashedNestedReleaseLeavesTheHoldWhileItsProcessLives() {
        // p0 holds twice; its release crashes (info) only after p1's grant: p0 was alive and held at least once
        agree(Verdict.INVALID, h().acquire(0, null).acquire(0, null).invoke(0, "release").acquire(1, null).info(0, "release")
                .check(new ReentrantMutex()));
        // after the crash, its lease may expire: a grant then is legal
        agree(Verdict.VALID, h().acquire(0, null).acquire(0, null).invoke(0, "release").info(0, "release").acquire(1, null)
                .check(new ReentrantMutex()));
        // the only hold's crashed release may have freed the lock at once
        agree(Verdict.VALID, h().acquire(0, null).invoke(0, "release").acquire(1, null).info(0, "release").check(new Mutex()));
    }

    @Test
    void aCrashedReleaseDoesNotFreeTheProcessesOtherLocks() {
        // p0 holds a and b; its release of a is in flight when p1 is granted b
        agree(Verdict.INVALID, h().on("a").acquire(0, null).on("b").acquire(0, null)
                .on("a").invoke(0, "release").on("b").acquire(1, null).on("a").info(0, "release")
                .check(new Mutex()));
    }

    @Test
    void aHolderKilledAndNeverHeardFromAgainIsDeadFromItsKill() {
        agree(Verdict.VALID, h().acquire(0, 1L).nemesis("kill-client", List.of(0)).acquire(1, 2L).release(1).check(new FencedMutex()));
        // its driver, not knowing yet, invokes once more: that operation crashes, and the kill still counts
        agree(Verdict.VALID, h().acquire(0, 1L).nemesis("kill-client", List.of(0)).acquire(1, 2L).invoke(0, "release")
                .info(0, "release").release(1).check(new FencedMutex()));
        // killed with its acquire in flight: dead from the kill too
        agree(Verdict.VALID, h().invoke(0, "acquire").nemesis("kill-client", List.of(0)).acquire(1, 2L).info(0, "acquire")
                .check(new FencedMutex()));
    }

    @Test
    void aProcessHeardFromAfterItsKillWasNotKilledByIt() {
        // p0's release after the "kill" completed: p0 was alive, so p1's grant before it is a double grant
        agree(Verdict.INVALID, h().acquire(0, 1L).nemesis("kill-client", List.of(0)).acquire(1, 2L).release(0).release(1)
                .check(new FencedMutex()));
    }

    @Test
    void killEventsNameProcessesAsTheHistoryDoes() throws IOException {
        History h = HistoryReader.read(new StringReader("""
                {"type":"invoke","process":"c1","f":"acquire","value":null}
                {"type":"ok","process":"c1","f":"acquire","value":1}
                {"type":"info","process":"nemesis","f":"kill-client","value":["c1"]}
                {"type":"invoke","process":"c2","f":"acquire","value":null}
                {"type":"ok","process":"c2","f":"acquire","value":2}
                """), "h", HistoryFormat.JSONL);
        agree(Verdict.VALID, Checker.check(h, Models.infer(h, false), SearchLimits.withTimeLimit(Duration.ofSeconds(10))));
    }

    @ParameterizedTest
    @ValueSource(strings = {"[4294967296]", "[0.5]", "[-1]", "[null]", "3", "[\"nemesis\"]"})
    void aKillNamingNoExactProcessIsBadInput(String killed) {
        HistoryFormatException e = assertThrows(HistoryFormatException.class, () -> HistoryReader.read(new StringReader(
                "{\"type\":\"invoke\",\"process\":0,\"f\":\"acquire\",\"value\":null}\n"
                        + "{\"type\":\"ok\",\"process\":0,\"f\":\"acquire\",\"value\":1}\n"
                        + "{\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"kill-client\",\"value\":" + killed + "}\n"), "h", HistoryFormat.JSONL));
        assertTrue(e.getMessage().contains("h:3") && e.getMessage().contains("kill-client"), e.getMessage());
    }

    @Test
    void withSeveralLocksTheExplanationNamesTheLockAndReadsOnlyItsOperations() {
        // p0 takes a, then b, releases b; p1 takes a: p0's release of b must not read as the end of its hold of a
        CheckResult r = h().on("a").acquire(0, null).on("b").acquire(0, null).release(0)
                .on("a").acquire(1, null).check(new Mutex());
        String why = r.linearizability().failure().explanation();
        assertTrue(why.contains("acquired lock a at") && why.contains("never released it"), why);
        assertTrue(r.doubleHolders().get(0).explanation().contains("acquired lock a"), r.doubleHolders().get(0).explanation());
    }
}
