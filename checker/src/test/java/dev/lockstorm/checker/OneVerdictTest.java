package dev.lockstorm.checker;

import dev.lockstorm.checker.history.HistoryFormatException;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.io.HistoryFormat;
import dev.lockstorm.checker.io.HistoryReader;
import dev.lockstorm.checker.model.FencedMutex;
import dev.lockstorm.checker.model.Mutex;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import static dev.lockstorm.checker.H.h;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One verdict, decided once: every analysis by its kind, the overall verdict by one rule, counts that
 * were never computed never shown as 0, and a proven violation on one lock never hidden by another.
 */
@Tag("unit")
class OneVerdictTest {

    private static Analysis.Status status(CheckResult r, Analysis.Kind k) {
        return r.analysis(k).orElseThrow().status();
    }

    @Test
    void aLargeHistorysSearchBesideTheLockAnalysesGivesTheVerdictItGivesAfterThem() {
        // above the size at which the search runs on a thread of its own: the same verdicts, for the same reasons
        int cycles = Checker.SEARCH_BESIDE_FROM / 4 + 1;
        H valid = h();
        for (int i = 0; i < cycles; i++) valid.acquire(i % 7, (long) i + 1).release(i % 7);
        CheckResult ok = valid.check(new FencedMutex());
        assertTrue(ok.stats().events() >= Checker.SEARCH_BESIDE_FROM, ok.stats().toString());
        assertEquals(Verdict.VALID, ok.verdict());
        assertEquals(Analysis.Status.VALID, status(ok, Analysis.Kind.LINEARIZABILITY));
        // the same, with a second grant while the last holder holds: the search and the lock analyses both say so
        H twice = h();
        for (int i = 0; i < cycles; i++) twice.acquire(i % 7, (long) i + 1).release(i % 7);
        CheckResult bad = twice.acquire(0, (long) cycles + 1).acquire(1, (long) cycles + 2).release(1).release(0).check(new FencedMutex());
        assertEquals(Verdict.INVALID, bad.verdict());
        assertEquals(Analysis.Status.INVALID, status(bad, Analysis.Kind.LINEARIZABILITY));
        assertEquals(1, bad.doubleHolderCount());
    }

    @Test
    void aLostUpdateOnOneLockIsInvalidWhateverAnotherLockSays() {
        // lock a: two holders both write 1 over 0, the final read says 1: one increment lost; lock b: written, never read back
        CheckResult r = h().on("a").acquire(0, 1L).read(0, 1L, 0).write(0, 1L, 1, OpType.OK).release(0)
                .acquire(1, 2L).read(1, 2L, 0).write(1, 2L, 1, OpType.OK).release(1)
                .on("b").acquire(2, 3L).write(2, 3L, 1, OpType.OK).release(2)
                .on("a").read(3, null, 1).check(new FencedMutex());
        assertEquals(Analysis.Status.INVALID, status(r, Analysis.Kind.RESOURCE), Summary.of(r));
        assertEquals(Verdict.INVALID, r.verdict());
        assertEquals(OptionalLong.of(1), r.lostUpdates());
        assertEquals(List.of("b"), r.resource().unchecked());
        assertTrue(Summary.of(r).contains("(b)"), "the lock not checked is named: " + Summary.of(r));
    }

    @Test
    void aCountNeverComputedIsAbsentNotZero() {
        CheckResult r = h().acquire(0, 1L).write(0, 1L, 1, OpType.OK).release(0).check(new FencedMutex());
        assertEquals(Analysis.Status.NOT_CHECKED, status(r, Analysis.Kind.RESOURCE));
        assertEquals(OptionalLong.empty(), r.lostUpdates());
        assertEquals("not checked", r.lostUpdatesText());
        assertFalse(r.noLostUpdates());
        assertFalse(r.lostUpdatesProven());
    }

    @Test
    void fencingSavedYouCountsRejectedWritesOnlyAndReadsApart() {
        CheckResult r = h().acquire(0, 1L).release(0).acquire(1, 2L).write(1, 2L, 1, OpType.OK).release(1)
                .write(0, 1L, 1, OpType.FAIL).invoke(0, "read", Map.of("token", 1L)).fail(0, "read")
                .invoke(2, "read", Map.of("token", 1L)).fail(2, "read").read(3, null, 1).check(new FencedMutex());
        assertEquals(1, r.staleWritesRejected(), "one write was rejected; the two rejected reads saved no write");
        assertEquals(2, r.fencing().rejectedReads());
        assertTrue(r.analysis(Analysis.Kind.FENCING).orElseThrow().detail().contains("1 rejected (fencing saved you 1 time); 2 reads rejected"),
                r.analysis(Analysis.Kind.FENCING).orElseThrow().detail());
    }

    @Test
    void aLockWithoutTokensHasNoFencingToJudge() {
        CheckResult r = h().acquire(0, null).release(0).acquire(1, null).release(1).check(new Mutex());
        assertEquals(Analysis.Status.NOT_APPLICABLE, status(r, Analysis.Kind.FENCING));
        assertTrue(Summary.of(r).contains("fencing: not applicable: no tokens"), Summary.of(r));
        assertEquals(Verdict.VALID, r.verdict());
    }

    @Test
    void livenessIsAnAnalysisAndEntersTheVerdictByTheOneRule() {
        CheckResult valid = h().acquire(0, 1L).release(0).check(new FencedMutex());
        CheckResult stuck = valid.withLiveness(List.of("process 3"));
        assertEquals(Verdict.INVALID, stuck.verdict());
        assertEquals(Analysis.Status.INVALID, status(stuck, Analysis.Kind.LIVENESS));
        assertTrue(Summary.of(stuck).contains("liveness: invalid: could not acquire after the final heal: process 3"), Summary.of(stuck));
        CheckResult live = valid.withLiveness(List.of());
        assertEquals(Verdict.VALID, live.verdict());
        assertEquals(Verdict.INVALID, Analysis.overall(stuck.analyses()));
        assertEquals(1, live.analyses().stream().filter(a -> a.kind() == Analysis.Kind.LIVENESS).count());
    }

    @Test
    void everyAnalysisHasOneIdentity() {
        CheckResult r = h().acquire(0, 1L).release(0).check(new FencedMutex());
        assertEquals(List.of(Analysis.Kind.LINEARIZABILITY, Analysis.Kind.DOUBLE_HOLDERS, Analysis.Kind.FENCING, Analysis.Kind.RESOURCE),
                r.analyses().stream().map(Analysis::kind).toList());
    }

    @Test
    void indexesThatGoBackAreBadInputNamingTheLine() {
        String text = """
                {"index":0,"type":"invoke","process":0,"f":"acquire","value":null}
                {"index":1,"type":"ok","process":0,"f":"acquire","value":1}
                {"index":1,"type":"invoke","process":1,"f":"acquire","value":null}
                """;
        HistoryFormatException e = assertThrows(HistoryFormatException.class,
                () -> HistoryReader.read(new StringReader(text), "h.jsonl", HistoryFormat.JSONL));
        assertTrue(e.getMessage().startsWith("h.jsonl:3") && e.getMessage().contains("index 1"), e.getMessage());
        HistoryFormatException notNumber = assertThrows(HistoryFormatException.class, () -> HistoryReader.read(new StringReader(
                "{\"index\":\"x\",\"type\":\"invoke\",\"process\":0,\"f\":\"acquire\",\"value\":null}\n"), "h.jsonl", HistoryFormat.JSONL));
        assertTrue(notNumber.getMessage().contains("h.jsonl:1"), notNumber.getMessage());
    }

    @Test
    void timesThatGoBackAreTakenByLineOrderWithAWarning() throws Exception {
        // p1's grant is written after p0's release, with a time before it: the lines decide (valid), and the summary says so
        String text = """
                {"index":0,"time":100,"type":"invoke","process":0,"f":"acquire","value":null}
                {"index":1,"time":200,"type":"ok","process":0,"f":"acquire","value":1}
                {"index":2,"time":300,"type":"invoke","process":0,"f":"release","value":null}
                {"index":3,"time":400,"type":"ok","process":0,"f":"release","value":null}
                {"index":4,"time":350,"type":"invoke","process":1,"f":"acquire","value":null}
                {"index":5,"time":500,"type":"ok","process":1,"f":"acquire","value":2}
                """;
        var h = HistoryReader.read(new StringReader(text), "h.jsonl", HistoryFormat.JSONL);
        CheckResult r = Checker.check(h, new FencedMutex(), dev.lockstorm.checker.linear.SearchLimits.defaults());
        assertEquals(Verdict.VALID, r.verdict());
        assertEquals(1, r.warnings().size());
        assertTrue(Summary.of(r).contains("warning: time went back 1 time") && Summary.of(r).contains("line 5"), Summary.of(r));
    }
}
