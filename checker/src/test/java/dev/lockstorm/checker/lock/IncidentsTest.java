package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.model.FencedMutex;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.lockstorm.checker.H.h;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Double-holder pairs grouped by the hold others overlapped: one incident per frozen holder, whatever the number of pairs. */
@Tag("unit")
class IncidentsTest {

    @Test
    void aFrozenHolderAndManyGrantsIsOneIncident() {
        // p0 holds (token 1) while p1, p2, p1 again take turns: 3 pairs, 1 incident
        CheckResult r = h().acquire(0, 1L).acquire(1, 2L).release(1).acquire(2, 3L).release(2).acquire(1, 4L).release(1).release(0)
                .check(new FencedMutex());
        assertEquals(3, r.doubleHolderCount());
        assertEquals(1, r.incidents().size());
        Incident i = r.incidents().get(0);
        assertEquals(0, i.holder().process());
        assertEquals(3, i.grants().size());
        assertTrue(i.explanation().startsWith("process 0 held the lock from 1.000 ms (token 1) to 14.000 ms; meanwhile 3 grants to"
                + " processes 1, 2 (tokens 2–4)"), i.explanation());
    }

    @Test
    void whatTheLocksClientNotedWithAGrantIsInTheExplanation() {
        // etcd's grant of a key whose lease expired while its client waited, in that client's words
        CheckResult r = h().acquire(0, 1L).acquire(1, 2L).with("notes", List.of("granted but the key does not exist"))
                .release(1).release(0).check(new FencedMutex());
        assertEquals(1, r.incidents().size());
        assertTrue(r.incidents().get(0).explanation().contains("; noted by the lock's client with process 1's grant at 3.000 ms:"
                + " \"granted but the key does not exist\""), r.incidents().get(0).explanation());
        // none noted: nothing said
        assertTrue(!h().acquire(0, 1L).acquire(1, 2L).release(1).release(0).check(new FencedMutex()).incidents().get(0).explanation()
                .contains("noted"));
    }

    @Test
    void twoFrozenHoldersAreTwoIncidents() {
        CheckResult r = h().acquire(0, 1L).acquire(1, 2L).release(1).release(0)
                .acquire(2, 3L).acquire(3, 4L).release(3).release(2).check(new FencedMutex());
        assertEquals(2, r.incidents().size());
        assertEquals(List.of(0, 2), r.incidents().stream().map(i -> i.holder().process()).toList());
    }

    @Test
    void overlappingIncidentsAreEachListed() {
        // p0 holds; p1 is granted and holds on while p0 still does; p2 is granted during both
        CheckResult r = h().acquire(0, 1L).acquire(1, 2L).acquire(2, 3L).release(2).release(0).release(1).check(new FencedMutex());
        assertEquals(3, r.doubleHolderCount(), "p0/p1, p0/p2, p1/p2");
        assertEquals(2, r.incidents().size());
        assertEquals(2, r.incidents().get(0).grants().size(), "p0 overlapped by p1 and p2");
        assertEquals(1, r.incidents().get(1).grants().size(), "p1 overlapped by p2");
    }

    @Test
    void aCrashedHoldersIncidentEndsAtItsCrashWithTheFaultInForce() {
        var hist = h();
        pause(hist, "start-pause");
        hist.acquire(0, 1L).acquire(1, 2L).release(1).invoke(0, "write").info(0, "write");
        pause(hist, "stop-pause");
        CheckResult r = hist.check(new FencedMutex());
        assertEquals(1, r.incidents().size());
        Incident i = r.incidents().get(0);
        assertEquals(OpType.INFO, i.holder().end().type());
        assertTrue(i.explanation().contains("(when it crashed)"), i.explanation());
        assertEquals(1, i.faults().size());
        assertEquals("pause", i.faults().get(0).kind());
    }

    /** A pause of process client-c1-p0 on host c1, as the nemesis records it. */
    private static void pause(dev.lockstorm.checker.H hist, String f) {
        hist.ops().add(new Op(hist.ops().size(), hist.ops().size() * 1_000_000L, OpType.INFO, Op.NEMESIS, f, List.of("client-c1-p0"),
                Map.of("hosts", List.of("c1")), 0));
    }

    @Test
    void faultSpansPairEachStartWithItsHeal() {
        var ops = new java.util.ArrayList<Op>();
        ops.add(new Op(0, 1_000_000_000L, OpType.INFO, Op.NEMESIS, "start-pause", List.of("client-c3-p2"), Map.of("hosts", List.of("c3")), 0));
        ops.add(new Op(1, 2_000_000_000L, OpType.INFO, Op.NEMESIS, "start-partition", Map.of("c1", List.of("n3")), Map.of(), 0));
        ops.add(new Op(2, 3_000_000_000L, OpType.INFO, Op.NEMESIS, "stop-pause", List.of("client-c3-p2"), Map.of(), 0));
        ops.add(new Op(3, 3_500_000_000L, OpType.INFO, Op.NEMESIS, "leader", "n2", Map.of(), 0));
        List<FaultSpan> spans = FaultSpans.of(dev.lockstorm.checker.history.History.of("f", ops));
        assertEquals(2, spans.size(), "the leader observation is no fault: " + spans);
        assertEquals("pause client-c3-p2 from 1.000 s to 3.000 s", spans.get(0).describe());
        assertEquals(List.of("c3"), spans.get(0).hosts());
        assertEquals("partition c1 refuses [n3] from 2.000 s to the end", spans.get(1).describe());
        assertEquals(List.of("c1", "n3"), spans.get(1).hosts());
    }

    @Test
    void aProcessStoppedTwiceIsFrozenFromTheFirstStopUntilTheFirstResume() {
        var ops = new java.util.ArrayList<Op>();
        ops.add(new Op(0, 1_000_000_000L, OpType.INFO, Op.NEMESIS, "start-pause", List.of("client-c1-p0"), Map.of("hosts", List.of("c1")), 0));
        ops.add(new Op(1, 2_000_000_000L, OpType.INFO, Op.NEMESIS, "start-pause", List.of("client-c1-p0"), Map.of("hosts", List.of("c1")), 0));
        ops.add(new Op(2, 3_000_000_000L, OpType.INFO, Op.NEMESIS, "stop-pause", List.of("client-c1-p0"), Map.of("hosts", List.of("c1")), 0));
        ops.add(new Op(3, 9_000_000_000L, OpType.INFO, Op.NEMESIS, "stop-pause", List.of("client-c1-p0"), Map.of("hosts", List.of("c1")), 0));
        List<FaultSpan> spans = FaultSpans.of(dev.lockstorm.checker.history.History.of("f", ops));
        assertEquals(1, spans.size(), spans.toString());
        assertEquals("pause client-c1-p0 from 1.000 s to 3.000 s", spans.get(0).describe(), "one SIGCONT resumes it");
    }

    /** A nemesis event without extra fields, at {@code millis}. */
    private static Op event(int index, long millis, String f, Object value) {
        return new Op(index, millis * 1_000_000L, OpType.INFO, Op.NEMESIS, f, value, Map.of(), 0);
    }

    /** The spans of a history of {@code events}, described. */
    private static List<String> spans(Op... events) {
        return FaultSpans.of(dev.lockstorm.checker.history.History.of("f", List.of(events))).stream().map(FaultSpan::describe).toList();
    }

    @Test
    void aClockResetNamesItsClockAsAListOrAsTheProcessItsMoveNamed() {
        assertEquals(List.of("clock redis-n1 from 1.000 s to 2.000 s", "clock redis-n2 from 1.000 s to 3.000 s"), spans(
                event(0, 1_000, "clock-rate", Map.of("process", "redis-n1", "rate", 2.0)),
                event(1, 1_000, "clock-jump", Map.of("process", "redis-n2", "delta_ms", 500)),
                event(2, 2_000, "clock-reset", Map.of("process", "redis-n1")),
                event(3, 3_000, "clock-reset", List.of("redis-n2"))));
    }

    @Test
    void aClockMovedAgainBeforeItsResetKeepsBothMoves() {
        // Jepsen's bumps come one after another without a reset between them: each moved the clock, and the first is not lost
        assertEquals(List.of("clock redis-n1 from 1.000 s to 2.000 s", "clock redis-n1 from 2.000 s to 3.000 s"), spans(
                event(0, 1_000, "clock-jump", Map.of("process", "redis-n1", "delta_ms", 500)),
                event(1, 2_000, "clock-jump", Map.of("process", "redis-n1", "delta_ms", 700)),
                event(2, 3_000, "clock-reset", Map.of("process", "redis-n1"))));
    }

    @Test
    void heldRenewalsAreAFaultOnTheClientsTheyStall() {
        var ops = new java.util.ArrayList<Op>();
        ops.add(new Op(0, 1_000_000_000L, OpType.INFO, Op.NEMESIS, "hold-renewals", List.of("c2", "c3"), Map.of("hosts", List.of("c2", "c3")), 0));
        ops.add(new Op(1, 4_500_000_000L, OpType.INFO, Op.NEMESIS, "resume-renewals", List.of("c2", "c3"), Map.of("hosts", List.of("c2", "c3")), 0));
        List<FaultSpan> spans = FaultSpans.of(dev.lockstorm.checker.history.History.of("f", ops));
        assertEquals(List.of("renewals c2 from 1.000 s to 4.500 s", "renewals c3 from 1.000 s to 4.500 s"),
                spans.stream().map(FaultSpan::describe).toList());
        assertEquals(List.of("c2", "c3"), spans.get(0).hosts());
    }
}
