package dev.lockstorm.results;

import dev.lockstorm.checker.Analysis;
import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Verdict;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one pass condition: each expectation met or not by what a run's results say, the same for
 * {@code --expect}, the JUnit helper's assertions and hunt; a word that is none is refused naming them all.
 */
@Tag("unit")
class ExpectationTest {

    private static boolean met(String word, Results r) {
        return Expectation.parse(word).unmet(r).isEmpty();
    }

    @Test
    void aDoubleHolderWhoseResourceStayedSafeMeetsDoubleHolderAndNoLostUpdate() throws Exception {
        // p0 frozen past its 2 s lease; p1 granted; p0's stale write refused; the final read shows every increment
        CheckResult c = Histories.check(Histories.FROZEN_HOLDER_FENCED);
        Results r = Results.of(c, List.of(), Map.of("system", "redis-single", "faults_injected", 1));
        assertTrue(met("double-holder", r));
        assertTrue(met("no-lost-update", r), r.lock().resource());
        assertTrue(met("stale-writes-rejected", r));
        assertTrue(met("no-defect", r), c.incidents().toString());
        assertTrue(met("lease-limit", r), "the frozen holder's lease ran out: a lease limit, no defect");
        assertFalse(met("defect", r));
        assertTrue(met("exercised:holder-paused-past-lease", r), r.lock().exercisedSummary());
        assertFalse(met("valid", r));
        assertFalse(met("exercised:holder-killed", r));
        assertTrue(Expectation.parse("exercised:holder-killed").unmet(r).orElseThrow().contains("holder paused past its lease ×1"));
    }

    @Test
    void aClientNotLiveAfterTheHealIsADefectForEveryReader() {
        Results live = results(0, 0, List.of());
        Results stuck = results(0, 0, List.of("c2"));
        assertTrue(Expectation.NO_DEFECT.unmet(live).isEmpty());
        assertTrue(Expectation.DEFECT.unmet(stuck).isEmpty(), "a lock nobody can take after the heal is the lock's defect");
        assertEquals("not live after the heal: c2 could not acquire (0 lease limits)", Expectation.NO_DEFECT.unmet(stuck).orElseThrow());
        assertEquals(List.of("not live after the heal: c2 could not acquire"), stuck.defects());
        // a lock defect or a token out of order is one too; liveness not measured is no defect
        assertTrue(Expectation.DEFECT.unmet(results(1, 0, null)).isEmpty());
        assertTrue(Expectation.DEFECT.unmet(results(0, 2, null)).isEmpty());
        assertTrue(Expectation.DEFECT.unmet(results(0, 0, null)).orElseThrow().endsWith("liveness not measured"));
        // a lease limit wants one and no defect beside it: a lock defect, tokens out of order or a stuck client each fail it
        Expectation limit = Expectation.parse("lease-limit");
        assertEquals("no lease limit (0 double holders, 0 lock defects)", limit.unmet(live).orElseThrow());
        assertTrue(limit.unmet(results(1, 0, null)).orElseThrow().startsWith("no lease limit (1 double holders, 1 lock defects)"));
        assertTrue(limit.unmet(stuck).orElseThrow().startsWith("no lease limit"));
    }

    @Test
    void noLostUpdateIsNotMetWhenLostUpdatesWereNotCounted() {
        Results r = results(0, 0, List.of());
        assertFalse(r.lock().lostUpdates().isPresent());
        assertEquals("lost updates not checked: no final read", Expectation.parse("no-lost-update").unmet(r).orElseThrow());
        assertEquals("lost updates not checked: no final read", Expectation.parse("lost-update").unmet(r).orElseThrow());
    }

    @Test
    void aHistoryOfAnotherModelMeetsNoLockExpectation() {
        Results kv = new Results(Verdict.VALID, "kv.jsonl", "cas-register", null, Map.of(), null, null, 10);
        assertTrue(met("valid", kv));
        assertEquals("not a lock history (model cas-register)", Expectation.parse("no-defect").unmet(kv).orElseThrow());
        assertEquals("not a lock history (model cas-register)", Expectation.parse("exercised:holder-killed").unmet(kv).orElseThrow());
    }

    @Test
    void aWordThatIsNoExpectationIsRefusedNamingThem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Expectation.parse("safe"));
        assertTrue(e.getMessage().contains("no-lost-update") && e.getMessage().contains("exercised:KEY"), e.getMessage());
        IllegalArgumentException k = assertThrows(IllegalArgumentException.class, () -> Expectation.parse("exercised:chaos"));
        assertTrue(k.getMessage().contains("holder-paused-past-lease"), k.getMessage());
        for (Expectation.Word w : Expectation.Word.values()) {
            if (w != Expectation.Word.EXERCISED) assertEquals(w, Expectation.parse(w.wire()).word(), "every word parses as itself");
        }
    }

    /** A fenced run's results: these counts of the resource's side, no double holder. */
    private static Results fenced(String fencing, int staleWrites, int staleReads, long lostUpdates, int refused) {
        return fenced(fencing, staleWrites, staleReads, lostUpdates, 0, refused);
    }

    /** The same, {@code forgotten} of the lost updates acknowledged writes that a later read no longer saw. */
    private static Results fenced(String fencing, int staleWrites, int staleReads, long lostUpdates, long forgotten, int refused) {
        Results.Lock lock = new Results.Lock(new Results.Holds(0, 0, 0, 0), staleWrites, staleReads, 0, refused, 0, OptionalLong.of(lostUpdates),
                forgotten, 0, "final read", Map.of("holder-paused", 1), "holder paused ×1");
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("system", "redis-single");
        if (fencing != null) facts.put("fencing", fencing);
        return new Results(Verdict.INVALID, "h", "fenced-mutex", lock, Map.of(), List.of(), Results.Run.of(facts), 40);
    }

    @Test
    void aResourceDefectIsAStaleOperationAcceptedALostUpdateOrACurrentHolderRefusedWhereTheRunFenced() {
        assertEquals(List.of("1 stale write accepted"), fenced("writes", 1, 0, 0, 0).resourceDefects());
        assertEquals(List.of("2 stale reads accepted"), fenced("all", 0, 2, 0, 0).resourceDefects());
        // fencing writes promises nothing of reads: a stale read is no defect of that resource
        assertEquals(List.of(), fenced("writes", 0, 2, 0, 0).resourceDefects());
        assertEquals(List.of("3 updates lost though every holder fenced its reads and writes"), fenced("all", 0, 0, 3, 0).resourceDefects());
        // under write-only fencing a newer holder's read may come before an older holder's write lands, which the resource
        // rightly accepts, and the newer holder's write then overwrites it: the loss proves nothing of the resource
        assertEquals(List.of(), fenced("writes", 0, 0, 3, 0).resourceDefects());
        // unless a read that began after an acknowledged write returned less: the resource lost it, whatever the fencing asked
        assertEquals(List.of("2 acknowledged writes lost by the resource (a read that began after it returned less)"),
                fenced("writes", 0, 0, 3, 2, 0).resourceDefects());
        assertEquals(List.of("3 updates lost though every holder fenced its reads and writes"), fenced("all", 0, 0, 3, 2, 0).resourceDefects(),
                "under fencing all they are among the lost updates");
        assertEquals(List.of("1 current holder refused (no newer token had reached the resource)"), fenced("writes", 0, 0, 0, 1).resourceDefects());
        Results bad = fenced("all", 1, 0, 0, 0);
        assertTrue(met("resource-defect", bad));
        assertEquals("1 stale write accepted", Expectation.parse("no-resource-defect").unmet(bad).orElseThrow());
        Results good = fenced("all", 0, 0, 0, 0);
        assertTrue(met("no-resource-defect", good));
        assertTrue(Expectation.parse("resource-defect").unmet(good).orElseThrow().startsWith("no resource defect: 0 stale writes accepted"));
    }

    @Test
    void aRunThatDidNotFenceMeetsNeitherResourceWord() {
        // without fencing a stale write is what fencing would have saved, not the resource's fault; and nothing proves it safe
        for (Results r : List.of(fenced("none", 4, 0, 2, 0), fenced(null, 4, 0, 2, 0))) {
            assertEquals(List.of(), r.resourceDefects());
            assertFalse(met("resource-defect", r));
            assertFalse(met("no-resource-defect", r));
            assertTrue(Expectation.parse("no-resource-defect").unmet(r).orElseThrow().contains("did not fence"), r.fencing());
        }
    }

    /** A lock run's results with these counts, no lost updates counted. */
    static Results results(int lockDefects, int tokenViolations, List<String> notLive) {
        Map<String, Integer> moments = new LinkedHashMap<>();
        moments.put("holder-paused-past-lease", 0);
        Results.Lock lock = new Results.Lock(new Results.Holds(lockDefects, lockDefects, lockDefects, 0), 0, 0, 0, 0, tokenViolations, OptionalLong.empty(), 0, 0, "no final read",
                moments, "nothing");
        Verdict v = lockDefects + tokenViolations > 0 || notLive != null && !notLive.isEmpty() ? Verdict.INVALID : Verdict.VALID;
        return new Results(v, "h", "fenced-mutex", lock, Map.of(Analysis.Kind.DOUBLE_HOLDERS, new Results.Decided(Analysis.Status.VALID, "")),
                notLive, Results.Run.of(Map.of("system", "redis-single", "faults_injected", 0)), 12);
    }
    @Test
    void aRunEndsOnlyAtFindingsThatStayOnceShownAndAllOfThem() throws Exception {
        // what a growing history, once it shows it, shows for good: a run may end there (run --until)
        assertEquals(List.of("invalid", "double-holder", "stale-writes-rejected", "defect", "resource-defect", "exercised:holder-killed"),
                Expectation.endings(List.of("invalid", "double-holder", "stale-writes-rejected", "defect", "resource-defect", "exercised:holder-killed"),
                        "--until").stream().map(Expectation::text).toList());
        // a later defect undoes these, and a later read may count lost updates otherwise
        for (String w : List.of("valid", "no-defect", "lease-limit", "no-double-holder", "lost-update", "no-lost-update", "no-resource-defect")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Expectation.endings(List.of(w), "--until"));
            assertTrue(e.getMessage().startsWith("--until " + w + ": a run ends only at what stays shown once shown; expected one of invalid,"
                    + " double-holder, stale-writes-rejected, defect, resource-defect, exercised:KEY"), e.getMessage());
        }
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> Expectation.endings(List.of("soon"), "--until"));
        assertTrue(none.getMessage().startsWith("--until soon: expected one of valid, invalid"), none.getMessage());
        // every one must be shown, and it is said in words
        Results r = Results.of(Histories.check(Histories.FROZEN_HOLDER_FENCED), List.of(), Map.of("system", "redis-single", "faults_injected", 1));
        assertEquals(java.util.Optional.of("double-holder, stale-writes-rejected"),
                Expectation.allMet(Expectation.endings(List.of("double-holder", "stale-writes-rejected"), "--until"), r));
        assertEquals(java.util.Optional.empty(), Expectation.allMet(Expectation.endings(List.of("double-holder", "defect"), "--until"), r));
        assertEquals(java.util.Optional.empty(), Expectation.allMet(List.of(), r));
    }
}
