package dev.lockstorm.checker.lock;

import dev.lockstorm.api.LeaseModel;
import dev.lockstorm.api.Notes;
import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.H;
import dev.lockstorm.checker.model.FencedMutex;
import dev.lockstorm.checker.model.Mutex;
import dev.lockstorm.faults.FaultEffect;
import dev.lockstorm.faults.NemesisEvent;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.lockstorm.checker.H.h;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A cause must be sufficient under the lock's own lease model, not merely present: each rule with
 * both sides, the fault that could have ended the lease (a lease limit) and the one that could not
 * (a lock defect), by timing, size, direction and target.
 */
@Tag("unit")
class LeaseLimitsTest {
    private static final LeaseModel RENEWED_10S = new LeaseModel.Renewed(Duration.ofSeconds(10), Duration.ofMillis(3333),
            LeaseModel.Clock.SERVICE, LeaseModel.Judges.ONE);
    private static final LeaseModel FIXED_4S = new LeaseModel.Fixed(Duration.ofSeconds(4), LeaseModel.Clock.SERVICE, LeaseModel.Judges.ONE);

    /** The run event of a run whose lock's lease lives as {@code model}, on {@code servers}. */
    private static Map<String, Object> run(LeaseModel model, String... servers) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("lease_ms", 4000);
        m.put("lease_model", model.toData());
        if (servers.length > 0) m.put("servers", List.of(servers));
        return m;
    }

    private static Incident.Cause cause(H history) {
        CheckResult r = history.check(new FencedMutex());
        assertEquals(1, r.incidents().size(), "one incident");
        return r.incidents().get(0).cause();
    }

    /** c1 holds; {@code fault} starts {@code before} ms after its grant and is undone {@code length} ms later; c2 is granted at {@code grantAt} ms. */
    private static Incident.Cause underPause(LeaseModel model, long before, long length, long grantAt) {
        return cause(h().nemesis(NemesisEvent.RUN.f(), run(model)).acquire(0, 1L).with("client", "c1")
                .gap(before).nemesis("start-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                .gap(length).nemesis("stop-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                .gap(grantAt - before - length).acquire(1, 2L).with("client", "c2").release(0).release(1));
    }

    @Test
    void aShortPauseLongBeforeTheGrantExplainsNothingAndOneLongerThanTheLeaseDoes() {
        // a 50 ms pause, 1.8 s before the grant, inside a 10 s renewed lease
        Incident.Cause brief = underPause(RENEWED_10S, 100, 50, 1950);
        assertFalse(brief.leaseLimit(), brief.why());
        assertTrue(brief.why().contains("pause of the holder") && brief.why().contains("ended"), brief.why());
        Incident.Cause past = underPause(RENEWED_10S, 100, 11_000, 11_200);
        assertTrue(past.leaseLimit(), past.why());
        assertTrue(past.why().contains("frozen before the grant"), past.why());
        // long enough, but the grant came before the lease could run out
        Incident.Cause early = underPause(RENEWED_10S, 100, 11_000, 2_000);
        assertFalse(early.leaseLimit(), early.why());
    }

    /** c1 holds a fixed 4 s lease from its grant; c2 is granted {@code grantAt} ms later, with no fault. */
    private static Incident fixedLeaseThenAGrantAt(long grantAt) {
        CheckResult r = h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S)).acquire(0, 1L).with("client", "c1")
                .gap(grantAt).acquire(1, 2L).with("client", "c2").release(0).release(1).check(new FencedMutex());
        assertEquals(1, r.incidents().size(), "one incident");
        return r.incidents().get(0);
    }

    @Test
    void aCausePlacesWhereTheHoldersLeaseCouldEndOrRanTo() {
        // past the lease: it could have run out by the grant, and the cause says where
        Incident past = fixedLeaseThenAGrantAt(5_000);
        long grant = past.grants().get(0).start().time();
        assertTrue(past.cause().leaseLimit(), past.cause().why());
        assertTrue(past.cause().leaseEnds() != dev.lockstorm.checker.history.Op.NO_TIME && past.cause().leaseEnds() <= grant,
                past.cause().leaseEnds() + " by " + grant);
        // within it: a defect, and the lease ran past the grant
        Incident within = fixedLeaseThenAGrantAt(2_000);
        long second = within.grants().get(0).start().time();
        assertFalse(within.cause().leaseLimit(), within.cause().why());
        assertTrue(within.cause().leaseEnds() > second, within.cause().leaseEnds() + " after " + second);
        // a renewed lease frozen past its ttl: the end by the freeze; one that does not end by itself places none
        Incident.Cause frozen = underPause(RENEWED_10S, 100, 11_000, 11_200);
        assertTrue(frozen.leaseEnds() != dev.lockstorm.checker.history.Op.NO_TIME, frozen.why());
        assertEquals(dev.lockstorm.checker.history.Op.NO_TIME, underPause(RENEWED_10S, 100, 50, 1950).leaseEnds());
    }

    /** A Maelstrom-style history: processes named c1 and c2, no client field; the nemesis freezes {@code paused} from 10 ms to 2 s; c2 is granted at 1.5 s. */
    private static Incident.Cause namedProcessesWithAPauseOf(String paused) throws java.io.IOException {
        String run = "{\"kind\":\"renewed\",\"ttl_ms\":1000,\"interval_ms\":333,\"clock\":\"service\",\"judges\":\"one\"}";
        dev.lockstorm.checker.history.History h = dev.lockstorm.checker.io.HistoryReader.read(new java.io.StringReader(String.join("\n",
                "{\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"run\",\"time\":0,\"value\":{\"lease_ms\":1000,\"lease_model\":" + run + "}}",
                "{\"type\":\"invoke\",\"process\":\"c1\",\"f\":\"acquire\",\"time\":1000000,\"value\":null}",
                "{\"type\":\"ok\",\"process\":\"c1\",\"f\":\"acquire\",\"time\":2000000,\"value\":1}",
                "{\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"start-pause\",\"time\":10000000,\"value\":[\"" + paused + "\"]}",
                "{\"type\":\"invoke\",\"process\":\"c2\",\"f\":\"acquire\",\"time\":1400000000,\"value\":null}",
                "{\"type\":\"ok\",\"process\":\"c2\",\"f\":\"acquire\",\"time\":1500000000,\"value\":2}",
                "{\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"stop-pause\",\"time\":2000000000,\"value\":[\"" + paused + "\"]}",
                "")), "maelstrom", dev.lockstorm.checker.io.HistoryFormat.JSONL);
        CheckResult r = dev.lockstorm.checker.Checker.check(h, new FencedMutex(), dev.lockstorm.checker.linear.SearchLimits.withTimeLimit(Duration.ofSeconds(10)));
        assertEquals(1, r.incidents().size(), "one incident");
        return r.incidents().get(0).cause();
    }

    @Test
    void aHistoryThatNamesItsProcessesTiesAFaultToTheProcessItNames() throws java.io.IOException {
        Incident.Cause holderFrozen = namedProcessesWithAPauseOf("c1");
        assertTrue(holderFrozen.leaseLimit(), "the pause names the holder, c1, past its 1 s lease: " + holderFrozen.why());
        Incident.Cause otherFrozen = namedProcessesWithAPauseOf("c3");
        assertFalse(otherFrozen.leaseLimit(), "a pause of another process explains nothing: " + otherFrozen.why());
    }

    @Test
    void aRenewedLeaseHeldPastItsTtlWithoutAFaultIsADefectAndAFixedOneIsALimit() {
        Incident.Cause renewed = cause(h().nemesis(NemesisEvent.RUN.f(), run(RENEWED_10S)).acquire(0, 1L).with("client", "c1")
                .gap(15_000).acquire(1, 2L).with("client", "c2").release(0).release(1));
        assertFalse(renewed.leaseLimit(), "a session renewed by heartbeats does not run out by itself: " + renewed.why());
        Incident.Cause fixed = cause(h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S)).acquire(0, 1L).with("client", "c1")
                .gap(5_000).acquire(1, 2L).with("client", "c2").release(0).release(1));
        assertTrue(fixed.leaseLimit(), fixed.why());
        assertTrue(fixed.why().contains("past its fixed 4.000 s lease"), fixed.why());
        // a fixed lease ends on its own time: a freeze of the holder does not end it early
        Incident.Cause frozen = underPause(FIXED_4S, 100, 1_000, 2_000);
        assertFalse(frozen.leaseLimit(), frozen.why());
    }

    /** c1 holds; its links to n1 suffer {@code f} with {@code value} from 100 ms for {@code length} ms; c2 is granted at {@code grantAt}. */
    private static Incident.Cause underLinks(LeaseModel model, String f, Map<String, Object> value, long length, long grantAt) {
        return cause(h().nemesis(NemesisEvent.RUN.f(), run(model, "n1")).acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("start-" + f, value).with("hosts", List.of("c1", "n1"))
                .gap(length).nemesis("stop-" + f, "healed")
                .gap(grantAt - 100 - length).acquire(1, 2L).with("client", "c2").release(0).release(1));
    }

    @Test
    void aLinkFaultMustBeBigAndLongEnoughToStopRenewals() {
        Map<String, Object> smallDelay = Map.of("ms", 5, "jitter_ms", 0, "to", Map.of("c1", List.of("n1")));
        Incident.Cause delay = underLinks(RENEWED_10S, "delay", smallDelay, 20_000, 21_000);
        assertFalse(delay.leaseLimit(), delay.why());
        assertTrue(delay.why().contains("holds each renewal's round trip back 10.000 ms"), delay.why());
        Map<String, Object> bigDelay = Map.of("ms", 9_000, "jitter_ms", 0, "to", Map.of("c1", List.of("n1")));
        assertTrue(underLinks(RENEWED_10S, "delay", bigDelay, 20_000, 21_000).leaseLimit());
        // 3.3 s each way: a renewal answered 6.6 s after it left, the next sent an interval (3.3 s) later, lands 10 s after the
        // last (one way alone, 6.7 s, would leave the lease running)
        Map<String, Object> roundTrip = Map.of("ms", 3_300, "jitter_ms", 0, "to", Map.of("c1", List.of("n1")));
        Incident.Cause both = underLinks(RENEWED_10S, "delay", roundTrip, 20_000, 21_000);
        assertTrue(both.leaseLimit(), both.why());
        Map<String, Object> shorter = Map.of("ms", 3_000, "jitter_ms", 0, "to", Map.of("c1", List.of("n1")));
        assertFalse(underLinks(RENEWED_10S, "delay", shorter, 20_000, 21_000).leaseLimit(), "6 s, an interval and the reply allowance come to less than 10 s");

        Map<String, Object> onePercent = Map.of("percent", 1, "from", Map.of("n1", List.of("c1")));
        Incident.Cause loss = underLinks(RENEWED_10S, "loss", onePercent, 20, 12_000);
        assertFalse(loss.leaseLimit(), loss.why());
        Map<String, Object> heavy = Map.of("percent", 40, "from", Map.of("n1", List.of("c1")));
        assertFalse(underLinks(RENEWED_10S, "loss", heavy, 20, 12_000).leaseLimit(), "40 % for 20 ms: too short");
        assertTrue(underLinks(RENEWED_10S, "loss", heavy, 11_000, 12_000).leaseLimit(), "40 % for 11 s");
        assertFalse(underLinks(RENEWED_10S, "loss", onePercent, 11_000, 12_000).leaseLimit(), "1 % for 11 s: TCP carries renewals through");

        Map<String, Object> fast = Map.of("kbit", 10_000, "to", Map.of("c1", List.of("n1")));
        assertFalse(underLinks(RENEWED_10S, "slow", fast, 11_000, 12_000).leaseLimit(), "10 Mbit/s carries a renewal");
        Map<String, Object> crawl = Map.of("kbit", 1, "to", Map.of("c1", List.of("n1")));
        assertTrue(underLinks(RENEWED_10S, "slow", crawl, 11_000, 12_000).leaseLimit());
    }

    /** c1 holds; {@code process}'s clock on {@code host} jumps {@code deltaMs}; c2 is granted {@code grantAt} ms after c1. */
    private static Incident.Cause underJump(LeaseModel model, String process, String host, long deltaMs, long grantAt) {
        return cause(h().nemesis(NemesisEvent.RUN.f(), run(model, "n1")).acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("clock-jump", Map.of("process", process, "delta_ms", deltaMs)).with("hosts", List.of(host))
                .gap(grantAt - 100).acquire(1, 2L).with("client", "c2").release(0).release(1));
    }

    @Test
    void aServerClockEndsALeaseOnlyMovingAheadByEnough() {
        Incident.Cause back = underJump(FIXED_4S, "redis-n1", "n1", -60_000, 1_000);
        assertFalse(back.leaseLimit(), back.why());
        assertTrue(back.why().contains("did not move it ahead (back 60.000 s)"), back.why());
        Incident.Cause minute = underJump(FIXED_4S, "redis-n1", "n1", 60_000, 1_000);
        assertTrue(minute.leaseLimit(), "a minute ahead ends a 4 s lease");
        // the lease ends as the clock moves, not 56 s before the run began (the words once said "by -55.900 s")
        assertTrue(minute.why().contains("could run out at 103.000 ms, as the clock moved"), minute.why());
        assertTrue(underJump(FIXED_4S, "redis-n1", "n1", 3_500, 1_000).why().contains("could run out at 501.000 ms"),
                "3.5 s ahead of a 4 s lease from 1 ms: half a second in, after the jump at 103 ms");
        Incident.Cause little = underJump(FIXED_4S, "redis-n1", "n1", 500, 1_000);
        assertFalse(little.leaseLimit(), "0.5 s ahead, 1 s into a 4 s lease: " + little.why());
        assertTrue(underJump(FIXED_4S, "redis-n1", "n1", 3_500, 1_000).leaseLimit(), "3.5 s ahead, 1 s into a 4 s lease");
        // renewed every 3.3 s with a 10 s ttl: a jump must exceed the 6.7 s between a renewal and the end
        assertFalse(underJump(RENEWED_10S, "zk-n1", "n1", 2_000, 1_000).leaseLimit());
        assertTrue(underJump(RENEWED_10S, "zk-n1", "n1", 8_000, 1_000).leaseLimit());
    }

    @Test
    void aLeaseTimedOnTheServersMonotonicClockOutlivesTheirWallClockSetAhead() {
        // ZooKeeper's session tracker and etcd's lessor read the monotonic clock: a minute ahead on the wall clock ends nothing
        LeaseModel monotonic = new LeaseModel.Renewed(Duration.ofSeconds(10), Duration.ofMillis(3333), LeaseModel.Clock.SERVICE_MONOTONIC,
                LeaseModel.Judges.LEADER);
        Incident.Cause jump = underJump(monotonic, "zk-n1", "n1", 60_000, 1_000);
        assertFalse(jump.leaseLimit(), jump.why());
        assertTrue(jump.why().contains("timed on the servers' monotonic clock"), jump.why());
        // the same jump ends a lease timed on the wall clock
        assertTrue(underJump(RENEWED_10S, "zk-n1", "n1", 60_000, 1_000).leaseLimit());
        // a monotonic clock running 10× fast from 100 ms to 1 s gains 8.1 s, more than the 6.7 s a renewal leaves
        Incident.Cause fast = cause(h().nemesis(NemesisEvent.RUN.f(), run(monotonic, "n1")).acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("clock-rate", Map.of("process", "zk-n1", "rate", 10.0, "clock", "monotonic")).with("hosts", List.of("n1"))
                .gap(900).acquire(1, 2L).with("client", "c2").release(0).release(1));
        assertTrue(fast.leaseLimit(), fast.why());
    }

    /**
     * A group whose leader (the watch's {@code leaders}, one every 200 ms from the start) judges a lease timed on the servers'
     * monotonic clock: c1 holds; {@code host}'s monotonic clock runs 10× fast from 100 ms; c2 is granted at 1 s.
     */
    private static Incident.Cause underAFastClockOf(String host, String... leaders) {
        LeaseModel monotonic = new LeaseModel.Renewed(Duration.ofSeconds(10), Duration.ofMillis(3333), LeaseModel.Clock.SERVICE_MONOTONIC,
                LeaseModel.Judges.LEADER);
        var h = h().nemesis(NemesisEvent.RUN.f(), run(monotonic, "n1", "n2", "n3"));
        for (String leader : leaders) h = h.nemesis("leader", leader).with("hosts", leader == null ? List.of() : List.of(leader)).gap(200);
        return cause(h.acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("clock-rate", Map.of("process", "zk-" + host, "rate", 10.0, "clock", "monotonic")).with("hosts", List.of(host))
                .gap(900).acquire(1, 2L).with("client", "c2").release(0).release(1));
    }

    @Test
    void aClockTheLeaseIsNotJudgedOnEndsNothing() {
        // n2 never led while its clock ran fast: the leader n1 judged the lease, on its own clock
        Incident.Cause follower = underAFastClockOf("n2", "n1");
        assertFalse(follower.leaseLimit(), follower.why());
        assertTrue(follower.why().contains("the clock of n2 moved (") && follower.why().contains("which the run's leader watch named n1 from then"),
                follower.why());
        // the leader's own clock, or a follower's that led before the grant, or a span the watch cannot vouch for: a lease limit
        assertTrue(underAFastClockOf("n1", "n1").leaseLimit());
        assertTrue(underAFastClockOf("n2", "n2").leaseLimit());
        assertTrue(underAFastClockOf("n2", (String) null).leaseLimit(), "no leader named: any member may have judged it");
        // no watch at all: as before, any server's clock
        LeaseModel monotonic = new LeaseModel.Renewed(Duration.ofSeconds(10), Duration.ofMillis(3333), LeaseModel.Clock.SERVICE_MONOTONIC,
                LeaseModel.Judges.LEADER);
        assertTrue(cause(h().nemesis(NemesisEvent.RUN.f(), run(monotonic, "n1", "n2", "n3")).acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("clock-rate", Map.of("process", "zk-n2", "rate", 10.0, "clock", "monotonic")).with("hosts", List.of("n2"))
                .gap(900).acquire(1, 2L).with("client", "c2").release(0).release(1)).leaseLimit());
    }

    @Test
    void theLeaderWatchMayNameALeaderTwiceItsIntervalLate() {
        // n1 leads; n2's clock runs fast; the watch names n2 700 ms after the grant: within the second a watch that asks every
        // 500 ms may lag (n2 may have led at the grant), past the 200 ms of one that asks every 100 ms
        for (Integer every : new Integer[]{null, 100}) {
            LeaseModel monotonic = new LeaseModel.Renewed(Duration.ofSeconds(10), Duration.ofMillis(3333), LeaseModel.Clock.SERVICE_MONOTONIC,
                    LeaseModel.Judges.LEADER);
            Map<String, Object> facts = run(monotonic, "n1", "n2", "n3");
            if (every != null) facts.put("leader_watch_ms", every);
            Incident.Cause c = cause(h().nemesis(NemesisEvent.RUN.f(), facts).nemesis("leader", "n1").with("hosts", List.of("n1"))
                    .acquire(0, 1L).with("client", "c1")
                    .gap(100).nemesis("clock-rate", Map.of("process", "zk-n2", "rate", 10.0, "clock", "monotonic")).with("hosts", List.of("n2"))
                    .gap(900).acquire(1, 2L).with("client", "c2")
                    .gap(700).nemesis("leader", "n2").with("hosts", List.of("n2")).release(0).release(1));
            assertEquals(every == null, c.leaseLimit(), every + ": " + c.why());
        }
    }

    /**
     * Faults too small alone add up: c1 holds a lease renewed every 3.3 s with a 10 s ttl; it is frozen
     * from 1 s for {@code frozenMs} while n1's clock jumps {@code jumpMs} ahead at 2 s (none when 0);
     * c2 is granted at 7 s, inside the freeze.
     */
    private static Incident.Cause frozenWhileTheClockJumps(long frozenMs, long jumpMs) {
        var h = h().nemesis(NemesisEvent.RUN.f(), run(RENEWED_10S, "n1")).acquire(0, 1L).with("client", "c1")
                .gap(1_000).nemesis("start-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"));
        if (jumpMs != 0) h = h.gap(1_000).nemesis("clock-jump", Map.of("process", "zk-n1", "delta_ms", jumpMs)).with("hosts", List.of("n1")).gap(5_000);
        else h = h.gap(6_000);
        h = h.acquire(1, 2L).with("client", "c2");
        return cause(h.gap(frozenMs - 6_000).nemesis("stop-pause", List.of("client-c1-p0")).with("hosts", List.of("c1")).release(0).release(1));
    }

    @Test
    void aFreezeAndAServerClockJumpEachTooSmallTogetherEndTheLease() {
        // frozen 6.5 s: last renewed no earlier than -2.3 s (before its ask, so at 0), the lease could run out at 10 s, after the grant
        Incident.Cause freeze = frozenWhileTheClockJumps(6_500, 0);
        assertFalse(freeze.leaseLimit(), freeze.why());
        // a 4 s jump alone is less than the 6.7 s between a renewal and the lease's end
        Incident.Cause jump = underJump(RENEWED_10S, "zk-n1", "n1", 4_000, 7_000);
        assertFalse(jump.leaseLimit(), jump.why());
        // both: the lease stamped by 0 s, 4 s ahead from 2 s, ran out at 6 s, inside the freeze and before the grant
        Incident.Cause both = frozenWhileTheClockJumps(6_500, 4_000);
        assertTrue(both.leaseLimit(), both.why());
        assertTrue(both.why().contains("with the servers' clocks moved 4.000 s ahead (clock zk-n1 from 2.004 s"), both.why());
        assertSame(FaultEffect.Freeze.class, both.fault().effect().getClass(), both.why());
        // a jump back adds nothing
        assertFalse(frozenWhileTheClockJumps(6_500, -4_000).leaseLimit());
        // nor does one too small for what is left: 1 s ahead leaves the lease until 9 s
        assertFalse(frozenWhileTheClockJumps(6_500, 1_000).leaseLimit());
    }

    /**
     * c1 holds a lease renewed every 3.3 s with a 10 s ttl; it is frozen from 1 s to 6 s, then cut off from n1 from
     * {@code 6 s + gapMs} to 12 s; c2 is granted at 11.5 s.
     */
    private static Incident.Cause frozenThenCutOff(long gapMs) {
        Map<String, Object> grudge = Map.of("c1", List.of("n1"), "n1", List.of("c1"));
        return cause(h().nemesis(NemesisEvent.RUN.f(), run(RENEWED_10S, "n1")).acquire(0, 1L).with("client", "c1")
                .gap(1_000).nemesis("start-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                .gap(5_000).nemesis("stop-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                .gap(gapMs).nemesis("start-partition", grudge)
                .gap(5_500 - gapMs).acquire(1, 2L).with("client", "c2")
                .gap(500).nemesis("stop-partition", grudge).release(0).release(1));
    }

    @Test
    void faultsBackToBackEachTooShortTogetherKeepTheHolderFromRenewing() {
        // the freeze (5 s) alone ends before the lease, heard of at 0, could run out at 10 s; the cut (from 6 s) alone leaves it
        // until 12.7 s at the earliest; with nothing between them the holder was held up from 1 s to 12 s
        Incident.Cause both = frozenThenCutOff(0);
        assertTrue(both.leaseLimit(), both.why());
        assertTrue(both.why().contains("by faults back to back (the pause of the holder"), both.why());
        assertSame(FaultEffect.Freeze.class, both.fault().effect().getClass(), both.why());
        // 2 s between them, time for a renewal: each is judged alone, and neither suffices
        Incident.Cause apart = frozenThenCutOff(2_000);
        assertFalse(apart.leaseLimit(), apart.why());
    }

    @Test
    void aSessionCutOffByOnePartitionAndThenAnotherIsUnheardForBoth() {
        // a 2 s detection; c1 cut off n1 from 1 s by one grudge, which a second grudge, still cutting c1 off, replaces at 2.5 s;
        // c2 is granted at 3.2 s: 1.5 s and 0.7 s of it alone are each within the detection, 2.2 s in all are not
        LeaseModel session = new LeaseModel.Session(Duration.ofSeconds(2), LeaseModel.Judges.ONE);
        Map<String, Object> first = Map.of("c1", List.of("n1"), "n1", List.of("c1"));
        Map<String, Object> second = Map.of("c1", List.of("n1"), "n1", List.of("c1", "c3"), "c3", List.of("n1"));
        Incident.Cause both = cause(h().nemesis(NemesisEvent.RUN.f(), run(session, "n1")).acquire(0, 1L).with("client", "c1")
                .gap(1_000).nemesis("start-partition", first)
                .gap(1_500).nemesis("start-partition", second)
                .gap(700).acquire(1, 2L).with("client", "c2")
                .gap(300).nemesis("stop-partition", second).release(0).release(1));
        assertTrue(both.leaseLimit(), both.why());
        assertTrue(both.why().contains("by faults back to back"), both.why());
    }

    @Test
    void serverClockJumpsEachTooSmallAddUp() {
        // two jumps of 2 s, 1 s into a fixed 4 s lease: 1 + 2 + 2 ≥ 4; one of them alone is not enough (see above)
        Incident.Cause two = cause(h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S, "n1")).acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("clock-jump", Map.of("process", "redis-n1", "delta_ms", 2_000)).with("hosts", List.of("n1"))
                .gap(100).nemesis("clock-jump", Map.of("process", "redis-n1", "delta_ms", 2_000)).with("hosts", List.of("n1"))
                .gap(800).acquire(1, 2L).with("client", "c2").release(0).release(1));
        assertTrue(two.leaseLimit(), two.why());
        assertTrue(two.why().contains("moved 4.000 s ahead in all"), two.why());
        // renewed: 3.5 s each within one interval exceeds the 6.7 s between a renewal and the end; the same jumps 5 s apart do not
        Incident.Cause close = cause(h().nemesis(NemesisEvent.RUN.f(), run(RENEWED_10S, "n1")).acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("clock-jump", Map.of("process", "zk-n1", "delta_ms", 3_500)).with("hosts", List.of("n1"))
                .gap(1_000).nemesis("clock-jump", Map.of("process", "zk-n1", "delta_ms", 3_500)).with("hosts", List.of("n1"))
                .gap(1_000).acquire(1, 2L).with("client", "c2").release(0).release(1));
        assertTrue(close.leaseLimit(), close.why());
        Incident.Cause apart = cause(h().nemesis(NemesisEvent.RUN.f(), run(RENEWED_10S, "n1")).acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("clock-jump", Map.of("process", "zk-n1", "delta_ms", 3_500)).with("hosts", List.of("n1"))
                .gap(5_000).nemesis("clock-jump", Map.of("process", "zk-n1", "delta_ms", 3_500)).with("hosts", List.of("n1"))
                .gap(1_000).acquire(1, 2L).with("client", "c2").release(0).release(1));
        assertFalse(apart.leaseLimit(), apart.why());
    }

    /**
     * n1's clock jumps 3.5 s ahead at 100 ms and is set right at 800 ms ({@code setRight}) or never; c1 asks at 600 ms, is
     * answered at 1.5 s (its lease stamped no earlier than 1.25 s); c2 is granted at 2.5 s, 1 s into c1's fixed 4 s lease.
     */
    private static Incident.Cause askedDuringAJump(boolean setRight) {
        var h = h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S, "n1"))
                .gap(100).nemesis("clock-jump", Map.of("process", "redis-n1", "delta_ms", 3_500)).with("hosts", List.of("n1"))
                .gap(500).invoke(0, "acquire", null).with("client", "c1").gap(200);
        if (setRight) h = h.nemesis("clock-reset", List.of("redis-n1")).with("hosts", List.of("n1"));
        return cause(h.gap(700).add(dev.lockstorm.checker.history.OpType.OK, 0, "acquire", 1L).with("client", "c1")
                .gap(1_000).acquire(1, 2L).with("client", "c2").release(0).release(1));
    }

    @Test
    void aClockMovedBeforeTheHoldersLeaseWasStampedDoesNotEndIt() {
        // set right while c1 waited, before its lease could have been stamped: it was timed on the true clock
        Incident.Cause setRight = askedDuringAJump(true);
        assertFalse(setRight.leaseLimit(), setRight.why());
        assertTrue(setRight.why().contains("moved nothing after the holder's fixed 4.000 s lease began (no earlier than 1.25"), setRight.why());
        // still ahead when c1's lease was stamped: stamped on the moved clock, it runs its whole length on it
        Incident.Cause stillAhead = askedDuringAJump(false);
        assertFalse(stillAhead.leaseLimit(), stillAhead.why());
        assertTrue(stillAhead.why().contains("moved nothing after the holder's"), stillAhead.why());
        // the same jump after the grant to c1 ends its lease (3.5 s of the 4 s gone at once)
        assertTrue(underJump(FIXED_4S, "redis-n1", "n1", 3_500, 1_000).leaseLimit());
    }

    /**
     * n1's clock moved by {@code move} ({@code clock-jump} or {@code clock-rate} with its value) {@code moveAt} ms into the
     * run, and set right {@code resetAt} ms in (or never, when negative); c1 is granted about 200 ms in, c2 at {@code grantAt}.
     */
    private static Incident.Cause underMoveAndReset(LeaseModel model, String f, Map<String, Object> move, long moveAt, long resetAt, long grantAt) {
        Map<String, Object> value = new LinkedHashMap<>(move);
        value.put("process", "redis-n1");
        var h = h().nemesis(NemesisEvent.RUN.f(), run(model, "n1"));
        // the grant to c1 (0), the move (1) and the reset (2), in the order of their times
        java.util.TreeMap<Long, Integer> steps = new java.util.TreeMap<>(Map.of(200L, 0, moveAt, 1));
        if (resetAt >= 0) steps.put(resetAt, 2);
        long now = 1;
        for (Map.Entry<Long, Integer> step : steps.entrySet()) {
            h = h.gap(step.getKey() - now);
            now = step.getKey();
            h = switch (step.getValue()) {
                case 0 -> h.acquire(0, 1L).with("client", "c1");
                case 1 -> h.nemesis(f, value).with("hosts", List.of("n1"));
                default -> h.nemesis("clock-reset", List.of("redis-n1")).with("hosts", List.of("n1"));
            };
        }
        return cause(h.gap(grantAt - now).acquire(1, 2L).with("client", "c2").release(0).release(1));
    }

    @Test
    void aClockSetRightMovesALeaseStampedWhileItWasMoved() {
        // set back a minute before c1's grant and right 300 ms after it: Redis keeps the key's expiry as a time on its clock,
        // so once the clock is right the key is a minute past it
        Incident.Cause backThenRight = underMoveAndReset(FIXED_4S, "clock-jump", Map.of("delta_ms", -60_000), 100, 500, 1_000);
        assertTrue(backThenRight.leaseLimit(), backThenRight.why());
        assertTrue(backThenRight.why().contains("a server's clock was set right at 50"), backThenRight.why());
        assertTrue(backThenRight.why().contains("on the clock as moved (back 60.000 s)"), backThenRight.why());
        // set right before the grant to c1 (stamped on the true clock), or never (stamped on the clock set back): nothing ends it early
        assertFalse(underMoveAndReset(FIXED_4S, "clock-jump", Map.of("delta_ms", -60_000), 100, 150, 1_000).leaseLimit());
        assertFalse(underMoveAndReset(FIXED_4S, "clock-jump", Map.of("delta_ms", -60_000), 100, -1, 1_000).leaseLimit());
        // a wall clock running at half speed and set right 2.8 s later: the lease was stamped only 50 ms into it, so setting it
        // right moves the lease 50 ms ahead, not the 1.45 s the clock had lost by then
        Incident.Cause slow = underMoveAndReset(FIXED_4S, "clock-rate", Map.of("rate", 0.5), 100, 3_000, 3_200);
        assertFalse(slow.leaseLimit(), slow.why());
        // set right after a renewal made while it was a minute back: that renewal is a minute old at once
        Incident.Cause renewed = underMoveAndReset(RENEWED_10S, "clock-jump", Map.of("delta_ms", -60_000), 1_000, 21_000, 21_500);
        assertTrue(renewed.leaseLimit(), renewed.why());
        assertTrue(renewed.why().contains("a server's clock set right at 21."), renewed.why());
    }

    @Test
    void movesOfOneClockAreSetRightTogetherByItsReset() {
        // back 30 s, c1 granted, back 30 s more, set right: both moves end where the clock is right again, and c1's lease,
        // stamped between them, is 30 s older then (the second move came after its stamp)
        var h = h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S, "n1"))
                .nemesis("clock-jump", Map.of("process", "redis-n1", "delta_ms", -30_000)).with("hosts", List.of("n1"))
                .gap(100).acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("clock-jump", Map.of("process", "redis-n1", "delta_ms", -30_000)).with("hosts", List.of("n1"))
                .gap(300).nemesis("clock-reset", List.of("redis-n1")).with("hosts", List.of("n1"))
                .gap(500).acquire(1, 2L).with("client", "c2").release(0).release(1);
        List<FaultSpan> spans = FaultSpans.of(h.build());
        assertEquals(2, spans.size(), spans.toString());
        long reset = spans.get(1).end().time();
        assertEquals(List.of(reset, reset), spans.stream().map(FaultSpan::setRight).toList());
        Incident.Cause c = cause(h);
        assertTrue(c.leaseLimit(), c.why());
        assertTrue(c.why().contains("30.000 s ahead of the holder's"), c.why());
    }

    @Test
    void aFixedLeaseOutlivesItsLengthOnItsServersClockSetBackAfterItWasStamped() {
        // c1 granted at 200 ms, the only server's clock a minute back from 1 s: by that clock c1's 4 s lease runs to 64 s, so
        // a grant at 5 s is the service's own, not the lease's end
        Incident.Cause back = underMoveAndReset(FIXED_4S, "clock-jump", Map.of("delta_ms", -60_000), 1_000, -1, 5_000);
        assertFalse(back.leaseLimit(), back.why());
        assertTrue(back.why().contains("but the clock it is timed on was set back after it was stamped"), back.why());
        // at half speed from 1 s: 2 s behind by 5 s, still short of the lease's end
        assertFalse(underMoveAndReset(FIXED_4S, "clock-rate", Map.of("rate", 0.5), 1_000, -1, 5_000).leaseLimit());
        // set right before the grant, or set back before c1's grant (its lease stamped on that clock): the lease ran out by itself
        assertTrue(underMoveAndReset(FIXED_4S, "clock-jump", Map.of("delta_ms", -60_000), 1_000, 3_000, 5_000).leaseLimit());
        assertTrue(underMoveAndReset(FIXED_4S, "clock-jump", Map.of("delta_ms", -60_000), 100, -1, 5_000).leaseLimit());
        // the run names two servers: the other may have judged the lease, on a clock that kept time
        Incident.Cause two = cause(h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S, "n1", "n2")).gap(200).acquire(0, 1L).with("client", "c1")
                .gap(800).nemesis("clock-jump", Map.of("process", "redis-n1", "delta_ms", -60_000)).with("hosts", List.of("n1"))
                .gap(4_000).acquire(1, 2L).with("client", "c2").release(0).release(1));
        assertTrue(two.leaseLimit(), two.why());
        // every server set back (Redlock's masters, one fault or one each): whichever judged it, the lease outlasted its length by
        // the least of the moves, 3 s, so a grant at 5 s came within it and at 9 s after it
        for (LeaseModel model : List.of(FIXED_4S, new LeaseModel.Fixed(Duration.ofSeconds(4), LeaseModel.Clock.SERVICE, LeaseModel.Judges.MAJORITY))) {
            Incident.Cause both = cause(h().nemesis(NemesisEvent.RUN.f(), run(model, "n1", "n2")).gap(200).acquire(0, 1L).with("client", "c1")
                    .gap(800).nemesis("clock-jump", Map.of("process", "redis-n1", "delta_ms", -60_000)).with("hosts", List.of("n1"))
                    .nemesis("clock-jump", Map.of("process", "redis-n2", "delta_ms", -3_000)).with("hosts", List.of("n2"))
                    .gap(4_000).acquire(1, 2L).with("client", "c2").release(0).release(1));
            assertFalse(both.leaseLimit(), model + ": " + both.why());
            assertTrue(both.why().contains("redis-n2"), "the least move is named: " + both.why());
            Incident.Cause later = cause(h().nemesis(NemesisEvent.RUN.f(), run(model, "n1", "n2")).gap(200).acquire(0, 1L).with("client", "c1")
                    .gap(800).nemesis("clock-jump", Map.of("process", "redis-n1", "delta_ms", -60_000)).with("hosts", List.of("n1"))
                    .nemesis("clock-jump", Map.of("process", "redis-n2", "delta_ms", -3_000)).with("hosts", List.of("n2"))
                    .gap(8_000).acquire(1, 2L).with("client", "c2").release(0).release(1));
            assertTrue(later.leaseLimit(), model + ": " + later.why());
        }
    }

    /**
     * c1 granted at 200 ms (its client's note {@code heldOn}, if any), the servers n1–n3; each {@code jumps} entry moves one
     * server's clock ahead by its ms, 100 ms apart from 1 s; c2 granted at 2 s.
     */
    private static Incident.Cause underJumps(LeaseModel model, String leader, Notes.HeldOn heldOn, Object... jumps) {
        H b = h().nemesis(NemesisEvent.RUN.f(), run(model, "n1", "n2", "n3"));
        if (leader != null) b.nemesis(NemesisEvent.LEADER.f(), leader);
        b.gap(200).acquire(0, 1L).with("client", "c1");
        if (heldOn != null) b.with("notes", List.of("granted after 2 attempts", heldOn.toString()));
        b.gap(800);
        for (int i = 0; i < jumps.length; i += 2) {
            b.nemesis("clock-jump", Map.of("process", "redis-" + jumps[i], "delta_ms", jumps[i + 1])).with("hosts", List.of(jumps[i])).gap(100);
        }
        return cause(b.gap(1_000 - 50 * jumps.length).acquire(1, 2L).with("client", "c2").release(0).release(1));
    }

    @Test
    void eachServersClockIsItsOwnAndAMajorityJudgedLeaseEndsWhereEnoughOfTheServersHoldingItEndIt() {
        LeaseModel one = FIXED_4S;
        LeaseModel majority = new LeaseModel.Fixed(Duration.ofSeconds(4), LeaseModel.Clock.SERVICE, LeaseModel.Judges.MAJORITY);
        Notes.HeldOn all = new Notes.HeldOn(3, 3), bare = new Notes.HeldOn(2, 3);
        // two servers' clocks 1.5 s ahead each: no clock read the 4 s lease run out by 2 s, however the moves add up
        Incident.Cause split = underJumps(one, null, null, "n2", 1_500, "n3", 1_500);
        assertFalse(split.leaseLimit(), split.why());
        // one server's clock moved twice: those moves add up, 3 s on n2
        assertTrue(underJumps(one, null, null, "n2", 1_500, "n2", 1_500).leaseLimit());
        // one server judges: where the leader watch named n1 throughout, n3's clock timed no lease
        Incident.Cause watched = underJumps(one, "n1", null, "n3", 3_000);
        assertFalse(watched.leaseLimit(), watched.why());
        assertTrue(watched.why().contains("which the run's leader watch named n1"), watched.why());
        assertTrue(underJumps(one, "n3", null, "n3", 3_000).leaseLimit());
        // Redlock's masters, the key on all three: gone from n3 alone, n1 and n2 still hold it, no majority for another
        Incident.Cause alone = underJumps(majority, null, all, "n3", 3_000);
        assertFalse(alone.leaseLimit(), alone.why());
        assertTrue(alone.why().contains("fewer than 2 servers' clocks ahead"), alone.why());
        assertTrue(alone.why().contains("its client noted it held on 3 of 3 servers"), alone.why());
        // the key on a bare majority (n3 and one other): gone from n3, the third server and n3 are a majority for another; one
        // clock was enough only by that count, which the words say
        Incident.Cause onBare = underJumps(majority, null, bare, "n3", 3_000);
        assertTrue(onBare.leaseLimit(), onBare.why());
        assertTrue(onBare.why().endsWith("(its client noted it held on 2 of 3 servers, and another grant needs 2 of them)"), onBare.why());
        // a client that does not say is taken to hold a bare majority: never blamed for what such a grant does, and told so
        Incident.Cause unsaid = underJumps(majority, null, null, "n3", 3_000);
        assertTrue(unsaid.leaseLimit(), unsaid.why());
        assertTrue(unsaid.why().endsWith("(held on a bare majority at least, 2 of 3 servers: its client did not say on how many)"), unsaid.why());
        // one server judges: one clock needs no count
        assertFalse(underJumps(one, null, null, "n3", 3_000).why().contains("held on"));
        // ... but not by moves summed over servers
        assertFalse(underJumps(majority, null, null, "n2", 1_500, "n3", 1_500).leaseLimit());
        // held on all three, gone from two of them: a majority may grant it again
        Incident.Cause two = underJumps(majority, null, all, "n2", 3_000, "n3", 3_000);
        assertTrue(two.leaseLimit(), two.why());
        assertTrue(two.why().contains("on each of 2 servers' clocks"), two.why());
        // all three moved, by too little each: the second most moved clock got 1 s ahead
        assertFalse(underJumps(majority, null, all, "n1", 1_000, "n2", 3_000, "n3", 1_000).leaseLimit());
        // two clocks moved twice each: 3 s on each
        assertTrue(underJumps(majority, null, all, "n2", 1_500, "n3", 1_500, "n2", 1_500, "n3", 1_500).leaseLimit());
    }

    @Test
    void aHeldOnNoteReadsBackAndAnyOtherNoteSaysNothing() {
        Notes.HeldOn held = new Notes.HeldOn(2, 3);
        assertEquals(Optional.of(held), Notes.heldOn(held.toString()));
        for (String other : List.of("held on 4 of 3 servers", "held on 0 of 3 servers", "held on two of 3 servers", "unbacked grant: x",
                "held on 2 of 3 servers!", "held on 99999999999 of 3 servers")) {
            assertEquals(Optional.empty(), Notes.heldOn(other), other);
        }
        assertThrows(IllegalArgumentException.class, () -> new Notes.HeldOn(3, 2));
    }

    /**
     * c1 granted at 200 ms under a lease renewed every 1.333 s (its client's note {@code heldOn}, if any), the servers
     * {@code servers}; from 300 ms to 5.5 s, {@code fault} ("cut" or "pause") of the servers {@code hit}; c2 granted at 5 s.
     */
    private static Incident.Cause underLosses(Notes.HeldOn heldOn, List<String> servers, String fault, String... hit) {
        LeaseModel renewed = new LeaseModel.Renewed(Duration.ofSeconds(4), Duration.ofMillis(1_333), LeaseModel.Clock.SERVICE, LeaseModel.Judges.MAJORITY);
        H b = h().nemesis(NemesisEvent.RUN.f(), run(renewed, servers.toArray(String[]::new))).gap(200).acquire(0, 1L).with("client", "c1");
        if (heldOn != null) b.with("notes", List.of(heldOn.toString()));
        b.gap(100);
        List<String> hosts = List.of(hit);
        if (fault.equals("cut")) {
            Map<String, List<String>> grudge = new java.util.LinkedHashMap<>();
            grudge.put("c1", hosts);
            for (String n : hosts) grudge.put(n, List.of("c1"));
            List<String> named = new java.util.ArrayList<>(List.of("c1"));
            named.addAll(hosts);
            b.nemesis("start-partition", grudge).with("hosts", named).gap(4_700).acquire(1, 2L).with("client", "c2").gap(500)
                    .nemesis("stop-partition", "fully connected");
        } else {
            List<String> processes = hosts.stream().map(n -> "redis-" + n).toList();
            b.nemesis("start-pause", processes).with("hosts", hosts).gap(4_700).acquire(1, 2L).with("client", "c2").gap(500)
                    .nemesis("stop-pause", processes);
        }
        return cause(b.release(0).release(1));
    }

    @Test
    void aMajorityJudgedLeaseEndsWhereEnoughOfTheServersHoldingItStoppedHearingItsHolder() {
        List<String> three = List.of("n1", "n2", "n3"), five = List.of("n1", "n2", "n3", "n4", "n5");
        Notes.HeldOn all = new Notes.HeldOn(3, 3), bare = new Notes.HeldOn(2, 3);
        for (String fault : List.of("cut", "pause")) {
            // held on all three, one server lost: the two others renew it and are a majority no one else can have
            Incident.Cause one = underLosses(all, three, fault, "n3");
            assertFalse(one.leaseLimit(), fault + ": " + one.why());
            assertTrue(one.why().contains("its client noted it held on 3 of 3 servers"), one.why());
            assertTrue(underLosses(all, three, fault, "n2", "n3").leaseLimit(), fault);
            // held on a bare majority: losing one of the two ends it, n3 and the third server a majority for another
            Incident.Cause bareOne = underLosses(bare, three, fault, "n3");
            assertTrue(bareOne.leaseLimit(), fault + ": " + bareOne.why());
            assertTrue(bareOne.why().contains("its client noted it held on 2 of 3 servers, and another grant needs 2 of them"), bareOne.why());
            // unsaid: so many lost that those left are no majority, as for a lease held on every server, which the words say
            Incident.Cause unsaid = underLosses(null, three, fault, "n3");
            assertFalse(unsaid.leaseLimit(), fault);
            assertTrue(unsaid.why().contains("its client did not say on how many servers it held the lock, so it is taken as held on all 3,"
                    + " and another grant needs 2 of them"), unsaid.why());
            Incident.Cause unsaidTwo = underLosses(null, three, fault, "n2", "n3");
            assertTrue(unsaidTwo.leaseLimit(), fault);
            assertFalse(unsaidTwo.why().contains("did not say"), "held on every server or fewer, two lost end it: " + unsaidTwo.why());
            // five servers, held on four: another grant needs three, the free one and two of the four
            assertFalse(underLosses(new Notes.HeldOn(4, 5), five, fault, "n5").leaseLimit(), fault);
            assertTrue(underLosses(new Notes.HeldOn(4, 5), five, fault, "n4", "n5").leaseLimit(), fault);
            // held on all five, two lost: three still hold it, and another grant needs three
            assertFalse(underLosses(new Notes.HeldOn(5, 5), five, fault, "n4", "n5").leaseLimit(), fault);
        }
    }

    /**
     * c1 granted at 200 ms on all three servers under a renewed 4 s lease a majority judges; n3 frozen from 300 ms to 5.5 s
     * ({@code frozen}), and c1 cut from n2 from {@code cutFrom} to 5.5 s; c2 granted at 5 s.
     */
    private static Incident.Cause frozenAndCut(boolean frozen, long cutFrom) {
        LeaseModel renewed = new LeaseModel.Renewed(Duration.ofSeconds(4), Duration.ofMillis(1_333), LeaseModel.Clock.SERVICE, LeaseModel.Judges.MAJORITY);
        H b = h().nemesis(NemesisEvent.RUN.f(), run(renewed, "n1", "n2", "n3")).gap(200).acquire(0, 1L).with("client", "c1")
                .with("notes", List.of(new Notes.HeldOn(3, 3).toString())).gap(100);
        if (frozen) b.nemesis("start-pause", List.of("redis-n3")).with("hosts", List.of("n3"));
        b.gap(cutFrom - 300).nemesis("start-partition", Map.of("c1", List.of("n2"), "n2", List.of("c1"))).with("hosts", List.of("c1", "n2"))
                .gap(5_000 - cutFrom).acquire(1, 2L).with("client", "c2").gap(500).nemesis("stop-partition", "fully connected");
        if (frozen) b.nemesis("stop-pause", List.of("redis-n3"));
        return cause(b.release(0).release(1));
    }

    @Test
    void aGrantItsClientNotedHeldOnFewerThanAMajorityIsTheLocksDefectWhateverEndedTheLease() {
        // held on n1 alone, a lock whose lease three servers judge by majority granted without one: the cut that took n1 explains nothing
        Incident.Cause minority = underLosses(new Notes.HeldOn(1, 3), List.of("n1", "n2", "n3"), "cut", "n1", "n2", "n3");
        assertFalse(minority.leaseLimit(), minority.why());
        assertTrue(minority.why().contains("held on 1 of 3 servers, fewer than the 2 a majority of them is"), minority.why());
        // the same count under a lease one server judges says nothing of the grant
        LeaseModel one = new LeaseModel.Renewed(Duration.ofSeconds(4), Duration.ofMillis(1_333), LeaseModel.Clock.SERVICE, LeaseModel.Judges.ONE);
        Incident.Cause judgedByOne = cause(h().nemesis(NemesisEvent.RUN.f(), run(one, "n1", "n2", "n3")).gap(200).acquire(0, 1L).with("client", "c1")
                .with("notes", List.of(new Notes.HeldOn(1, 3).toString())).gap(100)
                .nemesis("start-partition", Map.of("c1", List.of("n1", "n2", "n3"), "n1", List.of("c1"), "n2", List.of("c1"), "n3", List.of("c1")))
                .with("hosts", List.of("c1", "n1", "n2", "n3")).gap(4_700).acquire(1, 2L).with("client", "c2").gap(500)
                .nemesis("stop-partition", "fully connected").release(0).release(1));
        assertTrue(judgedByOne.leaseLimit(), judgedByOne.why());
    }

    @Test
    void serversLostToDifferentFaultsCountTogetherWhereAMajorityJudgesEachLongEnough() {
        // n3 frozen and n2 cut from the holder, both past the lease: neither alone ends a lease held on all three, both do
        Incident.Cause both = frozenAndCut(true, 300);
        assertTrue(both.leaseLimit(), both.why());
        assertTrue(both.why().contains("n2: the holder was cut off") && both.why().contains("n3: the holder was kept from renewing"), both.why());
        // the cut alone: n1 and n3 still renew it
        assertFalse(frozenAndCut(false, 300).leaseLimit());
        // the cut from 3 s: n2 heard a renewal 1.333 s before it at the earliest, its lease there runs to 5.67 s, after the grant
        Incident.Cause late = frozenAndCut(true, 3_000);
        assertFalse(late.leaseLimit(), late.why());
        // n3's clock 3 s ahead (more than the 2.67 s a renewal leaves) and the holder cut from n2: two servers ran it out
        LeaseModel renewed = new LeaseModel.Renewed(Duration.ofSeconds(4), Duration.ofMillis(1_333), LeaseModel.Clock.SERVICE, LeaseModel.Judges.MAJORITY);
        Incident.Cause clockAndCut = cause(h().nemesis(NemesisEvent.RUN.f(), run(renewed, "n1", "n2", "n3")).gap(200).acquire(0, 1L).with("client", "c1")
                .with("notes", List.of(new Notes.HeldOn(3, 3).toString())).gap(100)
                .nemesis("start-partition", Map.of("c1", List.of("n2"), "n2", List.of("c1"))).with("hosts", List.of("c1", "n2")).gap(200)
                .nemesis("clock-jump", Map.of("process", "redis-n3", "delta_ms", 3_000)).with("hosts", List.of("n3"))
                .gap(4_500).acquire(1, 2L).with("client", "c2").gap(500).nemesis("stop-partition", "fully connected").release(0).release(1));
        assertTrue(clockAndCut.leaseLimit(), clockAndCut.why());
        assertTrue(clockAndCut.why().contains("n3: the servers' clocks moved 3.000 s ahead"), clockAndCut.why());
    }

    @Test
    void leasesAndClockMovesOfCenturiesAreWeighedWithoutOverflow() {
        // the longest lease a history can say, and a jump as long: a sum of the two would go past a long and turn negative
        long most = 9_223_372_036_854L;
        LeaseModel longest = new LeaseModel.Fixed(Duration.ofMillis(most), LeaseModel.Clock.SERVICE, LeaseModel.Judges.ONE);
        Incident.Cause jumped = underJump(longest, "redis-n1", "n1", most, 1_000);
        assertTrue(jumped.leaseLimit(), jumped.why());
        Incident.Cause none = cause(h().nemesis(NemesisEvent.RUN.f(), run(longest, "n1")).acquire(0, 1L).with("client", "c1")
                .gap(1_000).acquire(1, 2L).with("client", "c2").release(0).release(1));
        assertFalse(none.leaseLimit(), none.why());
        assertEquals(Long.MAX_VALUE, none.leaseEnds(), "a lease that runs past the last time a history can hold, not before its start");
        // a clock running 1e300 times fast
        Incident.Cause fast = underMoveAndReset(FIXED_4S, "clock-rate", Map.of("rate", 1e300), 1_000, -1, 2_000);
        assertTrue(fast.leaseLimit(), fast.why());
    }

    @Test
    void aClockSetAheadCountsOnlyUntilItIsSetRight() {
        // 2 s ahead from 1 s to 1.5 s of a fixed 4 s lease granted at 200 ms: at most 1.3 + 2 s read on it, and 2.8 s at the grant at
        // 3 s; the lease outlived the jump (a key expires only once its time is passed, and then it stays gone)
        Incident.Cause undone = underMoveAndReset(FIXED_4S, "clock-jump", Map.of("delta_ms", 2_000), 1_000, 1_500, 3_000);
        assertFalse(undone.leaseLimit(), undone.why());
        // the same jump never set right: 2.8 + 2 s by the grant
        assertTrue(underMoveAndReset(FIXED_4S, "clock-jump", Map.of("delta_ms", 2_000), 1_000, -1, 3_000).leaseLimit());
        // 3 s ahead is enough before it is set right: 1.3 + 3 s; the lease ran out while the clock was ahead
        Incident.Cause enough = underMoveAndReset(FIXED_4S, "clock-jump", Map.of("delta_ms", 3_000), 1_000, 1_500, 3_000);
        assertTrue(enough.leaseLimit(), enough.why());
        assertTrue(enough.why().contains("could run out at 1.2"), enough.why());
    }

    @Test
    void aClockRunningFastGainsOnARenewedLeaseOnlyWhatItGainsBetweenTwoRenewals() {
        // 1.2× for 40 s: 8 s gained in all, but 0.67 s between two renewals of a 10 s lease renewed every 3.3 s
        Incident.Cause slightly = underMoveAndReset(RENEWED_10S, "clock-rate", Map.of("rate", 1.2), 1_000, -1, 41_000);
        assertFalse(slightly.leaseLimit(), slightly.why());
        assertTrue(slightly.why().contains("between two renewals"), slightly.why());
        // 4×: 10 s between two renewals
        assertTrue(underMoveAndReset(RENEWED_10S, "clock-rate", Map.of("rate", 4.0), 1_000, -1, 41_000).leaseLimit());
    }

    @Test
    void aFixedLeaseThatRanOutByItselfIsTheCauseNotAClockThatMovedMeanwhile() {
        // 3.5 s ahead at 100 ms would end a 4 s lease, but the grant came 5 s in: the lease had ended by itself, the jump only overlapped
        Incident.Cause late = underJump(FIXED_4S, "redis-n1", "n1", 3_500, 5_000);
        assertTrue(late.leaseLimit(), late.why());
        assertTrue(late.why().contains("past its fixed 4.000 s lease"), late.why());
        assertNull(late.fault(), "no fault is named when none was needed");
        // within the lease the jump is what ended it
        Incident.Cause early = underJump(FIXED_4S, "redis-n1", "n1", 3_500, 1_000);
        assertSame(FaultEffect.Clock.class, early.fault().effect().getClass(), early.why());

        // a freeze of the holder never ends a fixed lease: past its end, the end is named, not the freeze
        Incident.Cause frozen = underPause(FIXED_4S, 100, 4_000, 5_000);
        assertTrue(frozen.leaseLimit(), frozen.why());
        assertNull(frozen.fault(), frozen.why());

        // an undeclared model may be renewed: the freeze that stopped the renewals explains the grant in either reading, so it is named
        Incident.Cause undeclared = cause(h().nemesis(NemesisEvent.RUN.f(), Map.of("lease_ms", 4000)).acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("start-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                .gap(4_900).acquire(1, 2L).with("client", "c2")
                .nemesis("stop-pause", List.of("client-c1-p0")).with("hosts", List.of("c1")).release(0).release(1));
        assertTrue(undeclared.leaseLimit(), undeclared.why());
        assertSame(FaultEffect.Freeze.class, undeclared.fault().effect().getClass(), undeclared.why());
    }

    @Test
    void aHolderThatStillBelievesPastItsOwnFixedLeaseIsADefectWhateverClockMoved() {
        // c1's own clock never moved: 5 s into a fixed 4 s lease it must know the lease is gone, whatever a server's clock did
        Incident.Cause c = cause(h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S, "n1")).acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("clock-jump", Map.of("process", "redis-n1", "delta_ms", 3_500)).with("hosts", List.of("n1"))
                .gap(4_900).acquire(1, 2L).with("client", "c2")
                .invoke(0, "write", Map.of("token", 1, "value", 1)).gap(200)
                .add(dev.lockstorm.checker.history.OpType.OK, 0, "write", null).with("still_held", true)
                .with("still_held_at", 5_100_000_000L).release(0).release(1));
        assertFalse(c.leaseLimit(), c.why());
        assertTrue(c.why().contains("still held the lock at 5.100 s"), c.why());
    }

    /** {@code h}, then c1 writes 100 ms on, its client telling it it still holds (asked at {@code asked}, answered at {@code at} ns); both release. */
    private static Incident.Cause afterAYes(H h, long asked, long at) {
        return cause(h.gap(100).invoke(0, "write", Map.of("token", 1, "value", 1)).gap(10)
                .add(dev.lockstorm.checker.history.OpType.OK, 0, "write", null).with("still_held", true)
                .with("still_held_asked", asked).with("still_held_at", at).release(0).release(1));
    }

    @Test
    void aYesAfterAGrantThatAServersClockExplainsIsNoDefect() {
        // the server's clock 3.5 s ahead ended c1's fixed 4 s lease before c2's grant at 1 s; c1's client, asked after that
        // grant, still said "yes", as a correct lock does that times its belief on its own clock: it cannot see the server's
        Incident.Cause c = afterAYes(h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S, "n1")).acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("clock-jump", Map.of("process", "redis-n1", "delta_ms", 3_500)).with("hosts", List.of("n1"))
                .gap(900).acquire(1, 2L).with("client", "c2"), 1_101_000_000L, 1_105_000_000L);
        assertTrue(c.leaseLimit(), c.why());
        assertTrue(c.why().startsWith("a server's clock moved 3.500 s ahead"), c.why());
    }

    /** An imported history, with no run event and so no lease: c1 holds; {@code process}'s clock on {@code host} jumps; c2 is granted. */
    private static Incident.Cause underJumpWithoutALease(long deltaMs) {
        return cause(h().acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("clock-jump", Map.of("process", "n1", "delta_ms", deltaMs)).with("hosts", List.of("n1"))
                .gap(900).acquire(1, 2L).with("client", "c2").release(0).release(1));
    }

    @Test
    void withoutALeaseAServerClockSetBackStillExcusesNothingAndWhatIsTakenAsEnoughSaysSo() {
        Incident.Cause back = underJumpWithoutALease(-60_000);
        assertFalse(back.leaseLimit(), back.why());
        assertTrue(back.why().contains("did not move ahead (clock n1 from") && back.why().contains(", back 60.000 s"), back.why());
        // set back before the holder's grant and right again before the other's: a lease stamped meanwhile was a minute older at once
        Incident.Cause backThenRight = cause(h().nemesis("clock-jump", Map.of("process", "n1", "delta_ms", -60_000)).with("hosts", List.of("n1"))
                .gap(100).acquire(0, 1L).with("client", "c1")
                .gap(300).nemesis("clock-reset", List.of("n1")).with("hosts", List.of("n1"))
                .gap(600).acquire(1, 2L).with("client", "c2").release(0).release(1));
        assertTrue(backThenRight.leaseLimit(), backThenRight.why());
        // set back only after the holder's grant: setting it right gives back what the jump took, no more
        Incident.Cause afterTheStamp = cause(h().acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("clock-jump", Map.of("process", "n1", "delta_ms", -60_000)).with("hosts", List.of("n1"))
                .gap(300).nemesis("clock-reset", List.of("n1")).with("hosts", List.of("n1"))
                .gap(600).acquire(1, 2L).with("client", "c2").release(0).release(1));
        assertFalse(afterTheStamp.leaseLimit(), afterTheStamp.why());
        Incident.Cause ahead = underJumpWithoutALease(60_000);
        assertTrue(ahead.leaseLimit(), ahead.why());
        assertTrue(ahead.why().contains("does not say the lock's lease, so the fault's size and timing are not judged"), ahead.why());
        Incident.Cause paused = cause(h().acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("start-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                .gap(50).nemesis("stop-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                .gap(900).acquire(1, 2L).with("client", "c2").release(0).release(1));
        assertTrue(paused.leaseLimit(), paused.why());
        assertTrue(paused.why().contains("not judged"), "a pause of any size is taken as enough, and it says so: " + paused.why());
    }

    /** The leader watch names {@code leader}; c1 holds; {@code paused}'s server is frozen; c2 is granted during the freeze. */
    private static Incident.Cause duringAServerFreeze(String leader, String paused) {
        return cause(h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S, "n1", "n2", "n3")).nemesis("leader", leader).with("hosts", List.of(leader))
                .acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("start-pause", List.of("redis-" + paused)).with("hosts", List.of(paused))
                .gap(1_000).acquire(1, 2L).with("client", "c2")
                .gap(100).nemesis("stop-pause", List.of("redis-" + paused)).with("hosts", List.of(paused)).release(0).release(1));
    }

    /** A group's leader frozen, the watch naming another before the grant: the group kept no committed grant, whoever judged the lease. */
    @Test
    void aGroupThatGrantsAgainAfterItsLeaderFailedOverLostTheFirstGrant() {
        LeaseModel session = new LeaseModel.Renewed(Duration.ofSeconds(4), Duration.ofMillis(1333), LeaseModel.Clock.SERVICE, LeaseModel.Judges.LEADER);
        Incident.Cause frozen = cause(h().nemesis(NemesisEvent.RUN.f(), run(session, "n1", "n2", "n3")).nemesis("leader", "n2").with("hosts", List.of("n2"))
                .acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("start-pause", List.of("zk-n2")).with("hosts", List.of("n2"))
                .gap(500).nemesis("leader", "n1").with("hosts", List.of("n1"))
                .gap(500).acquire(1, 2L).with("client", "c2")
                .gap(100).nemesis("stop-pause", List.of("zk-n2")).with("hosts", List.of("n2")).release(0).release(1));
        assertFalse(frozen.leaseLimit(), frozen.why());
        assertTrue(frozen.why().contains("a group that commits a grant on a majority keeps it across a change of leader, so the first grant was lost"
                + " or never committed before it was answered"), frozen.why());
        assertFalse(frozen.why().contains("replica"), frozen.why());
    }

    @Test
    void aGrantWhileTheHoldersLeaderWasFrozenIsADefectThatNamesTheFailover() {
        Incident.Cause failover = duringAServerFreeze("n2", "n2");
        assertFalse(failover.leaseLimit(), failover.why());
        assertTrue(failover.why().contains("while n2, its leader when the holder was granted (the run's leader watch), was frozen"), failover.why());
        // another server frozen: nothing ties the second grant to it, and the words say what was weighed
        Incident.Cause elsewhere = duringAServerFreeze("n1", "n2");
        assertFalse(elsewhere.leaseLimit(), elsewhere.why());
        assertTrue(elsewhere.why().startsWith("nothing before the grant could have ended the holder's lease"), elsewhere.why());
        // the run's only server frozen: no other server could have granted it again, so no failover is named (a grant made
        // while the only server was frozen came from no server at all)
        Incident.Cause only = cause(h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S, "n1")).nemesis("leader", "n1").with("hosts", List.of("n1"))
                .acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("start-pause", List.of("redis-n1")).with("hosts", List.of("n1"))
                .gap(1_000).acquire(1, 2L).with("client", "c2")
                .gap(100).nemesis("stop-pause", List.of("redis-n1")).with("hosts", List.of("n1")).release(0).release(1));
        assertFalse(only.leaseLimit(), only.why());
        assertFalse(only.why().contains("failover") || only.why().contains("its leader when the holder was granted"), only.why());
    }

    /** Three servers, {@code leader} named at c1's grant; {@code refuses} from 100 ms; c2 granted 1 s later. */
    private static Incident.Cause duringALeaderCut(String leader, Map<String, Object> refuses) {
        return cause(h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S, "n1", "n2", "n3")).nemesis("leader", leader).with("hosts", List.of(leader))
                .acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("start-partition", refuses).with("hosts", List.of("n1", "n2", "n3"))
                .gap(1_000).acquire(1, 2L).with("client", "c2")
                .gap(100).nemesis("stop-partition", "fully connected").release(0).release(1));
    }

    @Test
    void aGrantWhileTheHoldersLeaderWasCutOffFromAMajorityIsADefectThatNamesTheFailover() {
        Map<String, Object> n2Alone = Map.of("n2", List.of("n1", "n3"), "n1", List.of("n2"), "n3", List.of("n2"));
        Incident.Cause cut = duringALeaderCut("n2", n2Alone);
        assertFalse(cut.leaseLimit(), cut.why());
        assertTrue(cut.why().contains("while n2, its leader when the holder was granted (the run's leader watch), was cut off from a majority"), cut.why());
        // the leader kept a majority (n1 alone was cut off): nothing ties the second grant to a failover
        Map<String, Object> n1Alone = Map.of("n1", List.of("n2", "n3"), "n2", List.of("n1"), "n3", List.of("n1"));
        Incident.Cause kept = duringALeaderCut("n2", n1Alone);
        assertFalse(kept.leaseLimit(), kept.why());
        assertTrue(kept.why().startsWith("nothing before the grant could have ended the holder's lease"), kept.why());
    }

    /** Three servers, n2 named at c1's grant; n2 killed at 100 ms; {@code next} named at 600 ms (or nobody); c2 granted at 1.1 s. */
    private static Incident.Cause afterALeaderKill(String next) {
        var h = h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S, "n1", "n2", "n3")).nemesis("leader", "n2").with("hosts", List.of("n2"))
                .acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("kill", List.of("n2")).with("hosts", List.of("n2"));
        if (next != null) h = h.gap(500).nemesis("leader", next).with("hosts", List.of(next));
        return cause(h.gap(500).acquire(1, 2L).with("client", "c2").gap(100).nemesis("start", List.of("n2")).with("hosts", List.of("n2"))
                .release(0).release(1));
    }

    @Test
    void aLeaderKilledBeforeANewLeaderGrantsIsAFailoverAndWithoutOneARestart() {
        Incident.Cause failover = afterALeaderKill("n3");
        assertFalse(failover.leaseLimit(), failover.why());
        assertTrue(failover.why().contains("was killed and the watch then named n3"), failover.why());
        Incident.Cause restart = afterALeaderKill(null);
        assertFalse(restart.leaseLimit(), restart.why());
        assertTrue(restart.why().contains("a server that restarts without what it held forgets the lock"), restart.why());
    }

    /** A Hazelcast CP session: 5 s, heartbeats every second, judged by a Raft group whose new leader keeps an unheard session {@code grace} past its end. */
    private static LeaseModel raftSession(Duration grace) {
        return new LeaseModel.Renewed(Duration.ofSeconds(5), Duration.ofSeconds(1), LeaseModel.Clock.SERVICE, LeaseModel.Judges.MAJORITY, grace);
    }

    /**
     * Three servers led by n3; c1 holds; from 100 ms {@code isolated} is cut off from the other servers (and from both
     * clients when {@code fromClients}) for 7.5 s; the watch names {@code next} {@code electedMs} after the cut began (never when
     * null); c2 is granted at {@code grantMs}.
     */
    private static Incident.Cause afterALeaderCut(LeaseModel model, String isolated, boolean fromClients, String next, long electedMs, long grantMs) {
        List<String> others = new java.util.ArrayList<>(List.of("n1", "n2", "n3"));
        others.remove(isolated);
        Map<String, Object> refuses = new LinkedHashMap<>();
        List<String> refused = new java.util.ArrayList<>(others);
        if (fromClients) refused.addAll(List.of("c1", "c2"));
        refuses.put(isolated, refused);
        for (String o : refused) refuses.put(o, List.of(isolated));
        var h = h().nemesis(NemesisEvent.RUN.f(), run(model, "n1", "n2", "n3")).nemesis("leader", "n3").with("hosts", List.of("n3"))
                .acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("start-partition", refuses).with("hosts", List.of("n1", "n2", "n3"));
        long now = 100;
        if (next != null && electedMs < grantMs - 100) {
            h = h.gap(electedMs).nemesis("leader", next).with("hosts", List.of(next));
            now += electedMs;
        }
        if (grantMs > 7_600) {
            h = h.gap(7_600 - now).nemesis("stop-partition", "fully connected");
            now = 7_600;
        }
        return cause(h.gap(grantMs - now).acquire(1, 2L).with("client", "c2").gap(100).nemesis("stop-partition", "fully connected")
                .release(0).release(1));
    }

    /**
     * Hazelcast as a loaded CI run saw it: n3, the CP group's leader, cut off from the servers and the clients from 100 ms to
     * {@code healMs}; the watch names n1 at 4.635 s; c2 granted at 7.81 s. The holder's session (5 s, every 1 s, a new leader's
     * grace 1 s) could run out at 6.0 s.
     */
    private static Incident.Cause leaderCutHealedAt(long healMs) {
        Map<String, Object> refuses = new LinkedHashMap<>();
        refuses.put("n3", List.of("n1", "n2", "c1", "c2"));
        for (String o : List.of("n1", "n2", "c1", "c2")) refuses.put(o, List.of("n3"));
        return cause(h().nemesis(NemesisEvent.RUN.f(), run(raftSession(Duration.ofSeconds(1)), "n1", "n2", "n3")).nemesis("leader", "n3")
                .with("hosts", List.of("n3")).acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("start-partition", refuses).with("hosts", List.of("n1", "n2", "n3"))
                .gap(4_535).nemesis("leader", "n1").with("hosts", List.of("n1"))
                .gap(healMs - 4_635).nemesis("stop-partition", "fully connected")
                .gap(7_810 - healMs).acquire(1, 2L).with("client", "c2").release(0).release(1));
    }

    @Test
    void renewalsHeldAtACutOffLeaderUntilTheHealMayLandAnIntervalLater() {
        // healed 0.54 s before the session's end: the renewal held at n3 is lost there, and the next, up to 1 s later, too late
        Incident.Cause late = leaderCutHealedAt(5_458);
        assertTrue(late.leaseLimit(), late.why());
        assertTrue(late.why().contains("while the holder's renewals still went to the old one until 5.464 s, the next due up to 1.000 s later"),
                late.why());
        // healed 2 s before it: a renewal after the heal had an interval and more to land
        Incident.Cause early = leaderCutHealedAt(4_000);
        assertFalse(early.leaseLimit(), early.why());
        assertTrue(early.why().contains("time for its renewals to reach it"), early.why());
    }

    @Test
    void aLeaderFailoverEndsARaftSessionOnlyWhereANewLeaderKeepsItBrieflyAndTheHolderCouldNotRenewInTime() {
        // Hazelcast: the cut-off leader was also the holder's way in, the group leaderless for 3.7 s, a new leader keeping
        // the session one heartbeat past its end: the session could end at 5.1 s, and the grant came at 10.3 s
        Incident.Cause hazelcast = afterALeaderCut(raftSession(Duration.ofSeconds(1)), "n3", true, "n1", 3_700, 10_300);
        assertTrue(hazelcast.leaseLimit(), hazelcast.why());
        assertTrue(hazelcast.why().contains("failed over (n3, the leader when it began (the run's leader watch), cut off from a majority of the"
                + " servers and from the holder"), hazelcast.why());
        assertTrue(hazelcast.why().contains("last heard no earlier than 2.000 ms, could run out at 6.002 s, before the grant"), hazelcast.why());
        assertEquals(6_002_000_000L, hazelcast.leaseEnds());
        // a new leader that gives every session a whole ttl: the same failover ends nothing
        Incident.Cause restarted = afterALeaderCut(raftSession(null), "n3", true, "n1", 3_700, 10_300);
        assertFalse(restarted.leaseLimit(), restarted.why());
        assertTrue(restarted.why().contains("a new leader gives the holder's 5.000 s lease renewed every 1.000 s a whole ttl"), restarted.why());
        // ZooKeeper and etcd: the same, but the holder may have been attached to n3, cut off from it past its lease
        Incident.Cause attached = afterALeaderCut(new LeaseModel.Renewed(Duration.ofSeconds(5), Duration.ofSeconds(1), LeaseModel.Clock.SERVICE,
                LeaseModel.Judges.LEADER), "n3", true, "n1", 3_700, 10_300);
        assertTrue(attached.leaseLimit(), attached.why());
        assertTrue(attached.why().startsWith("the holder was cut off before the grant"), attached.why());
        // a key's master failing over: a replica promoted without the grant
        Incident.Cause promoted = afterALeaderCut(new LeaseModel.Fixed(Duration.ofSeconds(30), LeaseModel.Clock.SERVICE, LeaseModel.Judges.KEY_MASTER),
                "n3", true, "n1", 3_700, 10_300);
        assertFalse(promoted.leaseLimit(), promoted.why());
        assertTrue(promoted.why().contains("a failover to a replica that missed it"), promoted.why());
        // the clients still reached the old leader, and the new one came 5 s before the session's end: time to renew
        Incident.Cause early = afterALeaderCut(raftSession(Duration.ofSeconds(1)), "n3", false, "n1", 1_000, 10_300);
        assertFalse(early.leaseLimit(), early.why());
        assertTrue(early.why().contains("time for its renewals to reach it"), early.why());
        // ... but a takeover with less than a heartbeat left before the session's end may come before the holder's next one
        Incident.Cause late = afterALeaderCut(raftSession(Duration.ofSeconds(1)), "n3", false, "n1", 4_950, 10_300);
        assertTrue(late.leaseLimit(), late.why());
        assertTrue(late.why().contains("less than a renewal interval after the takeover"), late.why());
        // a server other than the leader cut off: no failover
        Incident.Cause follower = afterALeaderCut(raftSession(Duration.ofSeconds(1)), "n2", true, null, 0, 10_300);
        assertFalse(follower.leaseLimit(), follower.why());
        assertFalse(follower.why().contains("failed over"), follower.why());
        // no new leader named before the grant: the history does not show the takeover
        Incident.Cause unnamed = afterALeaderCut(raftSession(Duration.ofSeconds(1)), "n3", true, null, 0, 10_300);
        assertFalse(unnamed.leaseLimit(), unnamed.why());
        assertTrue(unnamed.why().contains("named no new leader between the failover"), unnamed.why());
        // a grant before the session could end, whatever the failover
        Incident.Cause soon = afterALeaderCut(raftSession(Duration.ofSeconds(1)), "n3", true, "n1", 3_700, 4_500);
        assertFalse(soon.leaseLimit(), soon.why());
        assertTrue(soon.why().contains("could run out at 6.002 s at the earliest, after the grant at 4.50"), soon.why());
    }

    @Test
    void aClientsWallClockNeverExcusesAGrant() {
        Incident.Cause holder = underJump(FIXED_4S, "client-c1", "c1", -60_000, 1_000);
        assertFalse(holder.leaseLimit(), holder.why());
        assertTrue(holder.why().contains("a client's clock moved (clock client-c1"), holder.why());
        assertFalse(underJump(FIXED_4S, "client-c1", "c1", 60_000, 1_000).leaseLimit());
        // a host the run did not list among its servers, and no client: not a clock the lease is timed on, and not called a client's
        Incident.Cause other = underJump(FIXED_4S, "redis-n2", "n2", 60_000, 1_000);
        assertFalse(other.leaseLimit(), other.why());
        assertTrue(other.why().contains("the clock of n2, not one of the lock's servers, moved (clock redis-n2"), other.why());
    }

    /** Three servers; c1 holds; {@code refuses} for 12 s from 100 ms; c2 granted at 12.2 s. */
    private static Incident.Cause underCut(LeaseModel model, Map<String, Object> refuses) {
        return cause(h().nemesis(NemesisEvent.RUN.f(), run(model, "n1", "n2", "n3")).acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("start-partition", refuses).with("hosts", List.of("n1", "n2", "n3", "c1", "c2"))
                .gap(12_000).nemesis("stop-partition", "fully connected")
                .gap(100).acquire(1, 2L).with("client", "c2").release(0).release(1));
    }

    @Test
    void aCutMustKeepTheHolderFromTheServersThatJudgeItsLease() {
        LeaseModel quorum = new LeaseModel.Renewed(Duration.ofSeconds(10), Duration.ofMillis(3333), LeaseModel.Clock.SERVICE, LeaseModel.Judges.MAJORITY);
        // isolate-node: n1 alone; the holder still reaches n2 and n3, a majority
        Map<String, Object> isolateNode = Map.of("n1", List.of("n2", "n3", "c1", "c2"), "n2", List.of("n1"), "n3", List.of("n1"),
                "c1", List.of("n1"), "c2", List.of("n1"));
        Incident.Cause one = underCut(quorum, isolateNode);
        assertFalse(one.leaseLimit(), one.why());
        assertTrue(one.why().contains("did not keep the holder from the servers that judge its lease"), one.why());
        // the holder cut off from every server
        Map<String, Object> isolateHolder = Map.of("c1", List.of("n1", "n2", "n3"), "n1", List.of("c1"), "n2", List.of("c1"), "n3", List.of("c1"));
        assertTrue(underCut(quorum, isolateHolder).leaseLimit());
        // the holder reaches only n1, which is cut from n2 and n3: no majority through it
        Map<String, Object> minority = Map.of("c1", List.of("n2", "n3"), "n2", List.of("c1", "n1"), "n3", List.of("c1", "n1"), "n1", List.of("n2", "n3"));
        assertTrue(underCut(quorum, minority).leaseLimit());
        // the holder reaches only n3, which still talks with n1 and n2: Redlock's masters each renew the holder themselves, so
        // two of three stop hearing it however they talk among themselves
        Map<String, Object> oneLeft = Map.of("c1", List.of("n1", "n2"), "n1", List.of("c1"), "n2", List.of("c1"));
        assertTrue(underCut(quorum, oneLeft).leaseLimit(), underCut(quorum, oneLeft).why());
        // two clients cut from each other
        Map<String, Object> clients = Map.of("c1", List.of("c2"), "c2", List.of("c1"));
        assertFalse(underCut(quorum, clients).leaseLimit());
        assertFalse(underCut(RENEWED_10S, clients).leaseLimit());
    }

    /**
     * Three servers; the holder and the next one unnamed (an imported history's numbered processes, no {@code client}) unless
     * {@code named}; {@code refuses} for 12 s from 100 ms; the next grant at 12.2 s.
     */
    private static Incident.Cause underCutOfUnplacedHolder(LeaseModel model, Map<String, Object> refuses, boolean named) {
        H h = h().nemesis(NemesisEvent.RUN.f(), run(model, "n1", "n2", "n3")).acquire(0, 1L);
        if (named) h.with("client", "c1");
        h.gap(100).nemesis("start-partition", refuses).with("hosts", List.of("n1", "n2", "n3"))
                .gap(12_000).nemesis("stop-partition", "fully connected").gap(100).acquire(1, 2L);
        if (named) h.with("client", "c2");
        return cause(h.release(0).release(1));
    }

    @Test
    void aHolderWhoseHistoryDoesNotSayWhereItRanIsJudgedAsIfItUsedTheServerTheCutKeptFromTheOthers() {
        LeaseModel quorum = new LeaseModel.Renewed(Duration.ofSeconds(10), Duration.ofMillis(3333), LeaseModel.Clock.SERVICE, LeaseModel.Judges.MAJORITY);
        // Jepsen's isolated node: its clients run elsewhere and each reaches the servers through one of them, which may be n1
        Map<String, Object> isolateNode = Map.of("n1", List.of("n2", "n3"), "n2", List.of("n1"), "n3", List.of("n1"));
        Incident.Cause unplaced = underCutOfUnplacedHolder(quorum, isolateNode, false);
        assertTrue(unplaced.leaseLimit(), "the holder may have used n1: " + unplaced.why());
        assertTrue(unplaced.why().contains("judged as if through n1") && unplaced.why().contains("cut off before the grant"), unplaced.why());
        // where the history places the holder on a host of its own, the isolated node kept it from nothing
        Incident.Cause placed = underCutOfUnplacedHolder(quorum, isolateNode, true);
        assertFalse(placed.leaseLimit(), placed.why());
        assertFalse(placed.why().contains("judged as if"), placed.why());
        // a cut that leaves every server a majority it hears (two clients' hosts apart) holds up nothing that passes a server
        Map<String, Object> clients = Map.of("c7", List.of("c8"), "c8", List.of("c7"));
        Incident.Cause apart = underCutOfUnplacedHolder(quorum, clients, false);
        assertFalse(apart.leaseLimit(), apart.why());
        // timing still rules: the same cut healed long before the lease could run out explains nothing
        Incident.Cause brief = cause(h().nemesis(NemesisEvent.RUN.f(), run(quorum, "n1", "n2", "n3")).acquire(0, 1L)
                .gap(100).nemesis("start-partition", isolateNode).with("hosts", List.of("n1", "n2", "n3"))
                .gap(200).nemesis("stop-partition", "fully connected").gap(2_000).acquire(1, 2L).release(0).release(1));
        assertFalse(brief.leaseLimit(), brief.why());
        assertTrue(brief.why().contains("judged as if through n1"), "the words still say where it was placed: " + brief.why());
    }

    /** c1 holds a 10 s renewed lease on one of n1..n3; a fault in the history's own words ({@code bump-clock}) on {@code hosts} from 100 ms for {@code length} ms; c2 granted at 12.2 s. */
    private static Incident.Cause underAnUnknownWord(List<String> hosts, long length) {
        return cause(h().nemesis(NemesisEvent.RUN.f(), run(RENEWED_10S, "n1", "n2", "n3")).acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("start-bump-clock", Map.of("n1", 30)).with("hosts", hosts)
                .gap(length).nemesis("stop-bump-clock", null).with("hosts", hosts)
                .gap(12_100 - length).acquire(1, 2L).with("client", "c2").release(0).release(1));
    }

    @Test
    void aFaultInWordsLockstormDoesNotKnowIsNotRuledOutWhereItCouldHaveReachedTheHolder() {
        // on a server, or on the holder's own host, it may have done anything: not a defect, and the words say why
        for (List<String> hosts : List.of(List.of("n1"), List.of("c1"), List.<String>of())) {
            Incident.Cause reached = underAnUnknownWord(hosts, 12_000);
            assertTrue(reached.leaseLimit(), hosts + ": " + reached.why());
            assertTrue(reached.why().contains("words lockstorm does not know"), reached.why());
            assertTrue(reached.why().contains("(start-bump-clock {\"n1\": 30} from"), "its value as the line wrote it: " + reached.why());
        }
        // on another client's host only, it kept the holder from nothing
        Incident.Cause elsewhere = underAnUnknownWord(List.of("c3"), 12_000);
        assertFalse(elsewhere.leaseLimit(), elsewhere.why());
        // it lasts from its start- to its stop- word: ended 100 ms in, the 10 s lease was renewed after it
        Incident.Cause brief = underAnUnknownWord(List.of("n1"), 100);
        assertFalse(brief.leaseLimit(), brief.why());
        assertTrue(brief.why().contains("ended"), brief.why());
    }

    /** Three servers, the watch naming {@code leader} (none when null); c1 holds; {@code refuses} for 12 s from 100 ms; c2 granted at 12.2 s. */
    private static Incident.Cause underCutLedBy(String leader, Map<String, Object> refuses) {
        return underCutLedBy(leader, refuses, null, false);
    }

    /**
     * The same, c1's grant recording the servers its client was {@code attached} to (none when null), and, when
     * {@code movedSince}, a brief freeze of c2 healed between that record and the cut.
     */
    private static Incident.Cause underCutLedBy(String leader, Map<String, Object> refuses, List<String> attached, boolean movedSince) {
        LeaseModel session = new LeaseModel.Renewed(Duration.ofSeconds(4), Duration.ofMillis(1333), LeaseModel.Clock.SERVICE, LeaseModel.Judges.LEADER);
        var h = h().nemesis(NemesisEvent.RUN.f(), run(session, "n1", "n2", "n3"));
        if (leader != null) h = h.nemesis("leader", leader).with("hosts", List.of(leader));
        h = h.acquire(0, 1L).with("client", "c1");
        if (attached != null) h = h.with("attached", attached);
        if (movedSince) {
            h = h.gap(10).nemesis("start-pause", List.of("client-c2-p1")).with("hosts", List.of("c2"))
                    .gap(10).nemesis("stop-pause", List.of("client-c2-p1")).with("hosts", List.of("c2"));
        }
        return cause(h
                .gap(100).nemesis("start-partition", refuses).with("hosts", List.of("n1", "n2", "n3"))
                .gap(12_000).nemesis("stop-partition", "fully connected")
                .gap(100).acquire(1, 2L).with("client", "c2").release(0).release(1));
    }

    /**
     * A consensus group's leader hears the holder only through the member it is attached to, which the history does not
     * record: a cut among the servers alone keeps the holder from its judge when some member may be cut off from the
     * leader, and from nothing when every member still reaches it.
     */
    @Test
    void aCutAmongAGroupsServersKeepsTheHolderFromItsLeaderOnlyThroughAMemberCutOffFromIt() {
        // n1 and n3 cannot talk, n2 talks to both (the grudge of the ZooKeeper run that found this)
        Map<String, Object> bridged = Map.of("n1", List.of("n3"), "n3", List.of("n1"));
        Incident.Cause unknownLeader = underCutLedBy(null, bridged);
        assertTrue(unknownLeader.leaseLimit(), unknownLeader.why());
        assertTrue(unknownLeader.why().contains("kept from its group's leader (a member it was or may have been attached to"), unknownLeader.why());
        Incident.Cause ledByN1 = underCutLedBy("n1", bridged);
        assertTrue(ledByN1.leaseLimit(), "n3 was cut off from the leader n1: " + ledByN1.why());
        Incident.Cause ledByTheBridge = underCutLedBy("n2", bridged);
        assertFalse(ledByTheBridge.leaseLimit(), "every member still reached the leader n2: " + ledByTheBridge.why());
        assertTrue(ledByTheBridge.why().contains("did not keep the holder from the servers that judge its lease"), ledByTheBridge.why());
        // a follower cut off from the other servers alone: the holder may have used it
        Map<String, Object> n1Apart = Map.of("n1", List.of("n2", "n3"), "n2", List.of("n1"), "n3", List.of("n1"));
        assertTrue(underCutLedBy("n2", n1Apart).leaseLimit());
        // ... which a majority of independent servers, each hearing the holder itself, does not notice
        assertFalse(underCut(new LeaseModel.Renewed(Duration.ofSeconds(4), Duration.ofMillis(1333), LeaseModel.Clock.SERVICE, LeaseModel.Judges.MAJORITY),
                n1Apart).leaseLimit());
        // clients cut from each other keep the holder from no server
        assertFalse(underCutLedBy(null, Map.of("c1", List.of("c2"), "c2", List.of("c1"))).leaseLimit());
    }

    @Test
    void aCutAmongTheServersIsJudgedThroughTheMemberTheHolderWasAttachedTo() {
        Map<String, Object> bridged = Map.of("n1", List.of("n3"), "n3", List.of("n1"));
        // on the bridge n2, which reached every member: no leader was out of its reach
        Incident.Cause onTheBridge = underCutLedBy(null, bridged, List.of("n2"), false);
        assertFalse(onTheBridge.leaseLimit(), onTheBridge.why());
        assertTrue(onTheBridge.why().contains("did not keep the holder from the servers that judge its lease (partition"), onTheBridge.why());
        assertTrue(onTheBridge.why().contains(", its client attached to n2)"), onTheBridge.why());
        // on n1, cut off from n3, which may have led
        assertTrue(underCutLedBy(null, bridged, List.of("n1"), false).leaseLimit());
        // on n1 when n1 itself led: its renewals reached the leader
        Incident.Cause onTheLeader = underCutLedBy("n1", bridged, List.of("n1"), false);
        assertFalse(onTheLeader.leaseLimit(), onTheLeader.why());
        // a record made before something else was injected may be stale: any member may be it again
        assertTrue(underCutLedBy("n1", bridged, List.of("n1"), true).leaseLimit());
        // on n1, which the cut parts from the holder: it reconnects wherever it can, so any member may carry it
        Map<String, Object> fromItsMember = Map.of("n1", List.of("n3", "c1"), "n3", List.of("n1"), "c1", List.of("n1"));
        assertTrue(underCutLedBy("n1", fromItsMember, List.of("n1"), false).leaseLimit());

        // a frozen follower it was not attached to kept it from nothing; its own member, or the leader, frozen did
        Incident.Cause elsewhere = underAMemberFreeze(LeaseModel.Judges.LEADER, false, List.of("n3"));
        assertFalse(elsewhere.leaseLimit(), elsewhere.why());
        assertTrue(underAMemberFreeze(LeaseModel.Judges.LEADER, false, List.of("n1")).leaseLimit());
    }

    /** A CP session as Hazelcast's: renewed through any member, its leader's wall clock timing it, no failover grace. */
    private static final LeaseModel GROUP_SESSION = new LeaseModel.Renewed(Duration.ofSeconds(4), Duration.ofMillis(1333), LeaseModel.Clock.SERVICE,
            LeaseModel.Judges.GROUP);

    /** The watch names {@code leader}; c1 holds; {@code refuses} from 100 ms for 12 s; c2 granted 100 ms after the heal. */
    private static Incident.Cause underGroupCut(String leader, Map<String, Object> refuses) {
        return cause(h().nemesis(NemesisEvent.RUN.f(), run(GROUP_SESSION, "n1", "n2", "n3")).nemesis("leader", leader).with("hosts", List.of(leader))
                .acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("start-partition", refuses).with("hosts", List.of("n1", "n2", "n3", "c1"))
                .gap(12_000).nemesis("stop-partition", "fully connected")
                .gap(100).acquire(1, 2L).with("client", "c2").release(0).release(1));
    }

    /** The watch names n2; c1 holds; the members {@code frozen} from 100 ms for 12 s; c2 granted 100 ms after they thaw. */
    private static Incident.Cause underGroupFreeze(String... frozen) {
        List<String> processes = java.util.Arrays.stream(frozen).map(n -> "hz-" + n).toList();
        return cause(h().nemesis(NemesisEvent.RUN.f(), run(GROUP_SESSION, "n1", "n2", "n3")).nemesis("leader", "n2").with("hosts", List.of("n2"))
                .acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("start-pause", processes).with("hosts", List.of(frozen))
                .gap(12_000).nemesis("stop-pause", processes).with("hosts", List.of(frozen))
                .gap(100).acquire(1, 2L).with("client", "c2").release(0).release(1));
    }

    /**
     * A group whose client is connected to every member and renews through whichever answers (Hazelcast's CP sessions, a
     * member forwarding each heartbeat to the Raft leader): the holder is kept from the leader only where no member it talks
     * with reaches a leader with a majority, and frozen members end its lease only when those left are no majority.
     */
    @Test
    void aGroupRenewedThroughAnyMemberLosesTheHolderOnlyWhereNoMemberItTalksWithReachesALeader() {
        // cut from n2 and n3, the holder still talks with the leader n1: its heartbeats go there
        Map<String, Object> leaderOnly = Map.of("c1", List.of("n2", "n3"), "n2", List.of("c1"), "n3", List.of("c1"));
        Incident.Cause throughTheLeader = underGroupCut("n1", leaderOnly);
        assertFalse(throughTheLeader.leaseLimit(), throughTheLeader.why());
        assertTrue(throughTheLeader.why().contains("did not keep the holder from the servers that judge its lease"), throughTheLeader.why());
        // ... which independent servers a majority of which judge would have lost
        assertTrue(underCut(new LeaseModel.Renewed(Duration.ofSeconds(4), Duration.ofMillis(1333), LeaseModel.Clock.SERVICE, LeaseModel.Judges.MAJORITY),
                leaderOnly).leaseLimit());
        // cut from the leader n1 and from n2: n3, which it still talks with, forwards to n1
        Map<String, Object> throughN3 = Map.of("c1", List.of("n1", "n2"), "n1", List.of("c1"), "n2", List.of("c1"));
        assertFalse(underGroupCut("n1", throughN3).leaseLimit());
        // on the minority's side of a split with n1: n2 and n3 have the majority, and it reaches neither, whoever the watch named
        Map<String, Object> split = Map.of("c1", List.of("n2", "n3"), "n1", List.of("n2", "n3"), "n2", List.of("c1", "n1"), "n3", List.of("c1", "n1"));
        Incident.Cause minority = underGroupCut("n2", split);
        assertTrue(minority.leaseLimit(), minority.why());
        assertTrue(minority.why().contains("no member it talked with reached a leader with a majority"), minority.why());
        assertTrue(underGroupCut("n1", split).leaseLimit(), "n1 led, but with no majority: the other two choose a leader out of its reach");
        // no two members talk: no leader has a majority, nothing commits a heartbeat
        Map<String, Object> apart = Map.of("n1", List.of("n2", "n3"), "n2", List.of("n1", "n3"), "n3", List.of("n1", "n2"));
        assertTrue(underGroupCut("n1", apart).leaseLimit());
        // the leader alone cut off: the other two, which the holder reaches, have a majority; the takeover is the failover
        // rule's, and this group's new leader gives a whole ttl
        Map<String, Object> leaderApart = Map.of("n1", List.of("n2", "n3"), "n2", List.of("n1"), "n3", List.of("n1"));
        assertFalse(underGroupCut("n1", leaderApart).leaseLimit());
        // cut off from every member
        assertTrue(underGroupCut("n1", Map.of("c1", List.of("n1", "n2", "n3"), "n1", List.of("c1"), "n2", List.of("c1"), "n3", List.of("c1")))
                .leaseLimit());

        // a frozen follower is one its client gives up on; two frozen members leave no majority to commit a heartbeat
        Incident.Cause oneFollower = underGroupFreeze("n1");
        assertFalse(oneFollower.leaseLimit(), oneFollower.why());
        Incident.Cause twoMembers = underGroupFreeze("n1", "n3");
        assertTrue(twoMembers.leaseLimit(), twoMembers.why());
        assertTrue(twoMembers.why().contains("the servers that judge it were frozen"), twoMembers.why());
    }

    @Test
    void aGroupsLeaseIsTimedOnItsLeadersClockAlone() {
        // n1 leads; n2's wall clock jumps 9 s ahead: a clock the leader does not time the session on
        java.util.function.Function<String, Incident.Cause> jumpOf = host -> cause(h().nemesis(NemesisEvent.RUN.f(), run(GROUP_SESSION, "n1", "n2", "n3"))
                .nemesis("leader", "n1").with("hosts", List.of("n1")).acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("clock-jump", Map.of("process", "hz-" + host, "delta_ms", 9_000)).with("hosts", List.of(host))
                .gap(900).acquire(1, 2L).with("client", "c2").release(0).release(1));
        Incident.Cause follower = jumpOf.apply("n2");
        assertFalse(follower.leaseLimit(), follower.why());
        assertTrue(follower.why().contains("the lease is judged by the group's leader"), follower.why());
        assertTrue(jumpOf.apply("n1").leaseLimit());
    }

    /** n1 (not the leader n2) frozen for 12 s from 100 ms while c1 holds; c2 granted at 12.2 s (or at 1.1 s when {@code early}). */
    private static Incident.Cause underAMemberFreeze(LeaseModel.Judges judges, boolean early) {
        return underAMemberFreeze(judges, early, null);
    }

    /** The same, c1's grant recording the servers its client was {@code attached} to (none when null). */
    private static Incident.Cause underAMemberFreeze(LeaseModel.Judges judges, boolean early, List<String> attached) {
        LeaseModel session = new LeaseModel.Renewed(Duration.ofSeconds(4), Duration.ofMillis(1333), LeaseModel.Clock.SERVICE, judges);
        var h = h().nemesis(NemesisEvent.RUN.f(), run(session, "n1", "n2", "n3")).nemesis("leader", "n2").with("hosts", List.of("n2"))
                .acquire(0, 1L).with("client", "c1");
        if (attached != null) h = h.with("attached", attached);
        h = h.gap(100).nemesis("start-pause", List.of("zk-n1")).with("hosts", List.of("n1"));
        if (early) h = h.gap(1_000).acquire(1, 2L).with("client", "c2").gap(11_000).nemesis("stop-pause", List.of("zk-n1")).with("hosts", List.of("n1"));
        else h = h.gap(12_000).nemesis("stop-pause", List.of("zk-n1")).with("hosts", List.of("n1")).gap(100).acquire(1, 2L).with("client", "c2");
        return cause(h.release(0).release(1));
    }

    @Test
    void aFrozenMemberMayHaveBeenTheOneThroughWhichTheHolderReachedItsGroupsLeader() {
        Incident.Cause member = underAMemberFreeze(LeaseModel.Judges.LEADER, false);
        assertTrue(member.leaseLimit(), member.why());
        assertTrue(member.why().contains("kept from its group's leader (a member it was or may have been attached to, or the leader, was frozen)"),
                member.why());
        Incident.Cause soon = underAMemberFreeze(LeaseModel.Judges.LEADER, true);
        assertFalse(soon.leaseLimit(), "a second into the freeze the 4 s session still ran: " + soon.why());
        Incident.Cause redlock = underAMemberFreeze(LeaseModel.Judges.MAJORITY, false);
        assertFalse(redlock.leaseLimit(), "independent servers: the holder reaches the other two itself: " + redlock.why());
        assertTrue(redlock.why().contains("did not touch the holder"), redlock.why());
    }

    /** The watch names n1 master; c1 holds a 10 s renewed lease; {@code frozen} servers are frozen from 100 ms for {@code lengthMs}; c2 is granted 100 ms after. */
    private static Incident.Cause underServersFrozen(LeaseModel model, List<String> frozen, long lengthMs) {
        return underServerFault(model, "start-pause", "stop-pause", frozen.stream().map(n -> "redis-" + n).toList(), frozen, lengthMs);
    }

    /** The same with {@code opens} … {@code closes} of {@code value} on {@code hosts}: the servers' fault. */
    private static Incident.Cause underServerFault(LeaseModel model, String opens, String closes, List<String> value, List<String> hosts, long lengthMs) {
        return cause(h().nemesis(NemesisEvent.RUN.f(), run(model, "n1", "n2", "n3")).nemesis("leader", "n1").with("hosts", List.of("n1"))
                .acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis(opens, value).with("hosts", hosts)
                .gap(lengthMs).nemesis(closes, value).with("hosts", hosts)
                .gap(100).acquire(1, 2L).with("client", "c2").release(0).release(1));
    }

    private static LeaseModel renewed10s(LeaseModel.Judges judges) {
        return new LeaseModel.Renewed(Duration.ofSeconds(10), Duration.ofMillis(3333), LeaseModel.Clock.SERVICE, judges);
    }

    /** The servers' fault of {@code opens} ("start-pause", "kill") on {@code servers} for {@code lengthMs}, as the helpers above write it. */
    private static Incident.Cause underServersDown(String opens, LeaseModel model, List<String> servers, long lengthMs) {
        return opens.equals("kill") ? underServersKilled(model, servers, lengthMs) : underServersFrozen(model, servers, lengthMs);
    }

    /**
     * Servers that time a lease themselves, frozen or killed, take no renewal while their clocks run on (a key restarted on its data
     * finds its expiry passed, one restarted without data lost it): past the ttl the lease is gone when they come back.
     */
    @ParameterizedTest
    @ValueSource(strings = {"start-pause", "kill"})
    void serversThatTimeTheLeaseFrozenOrDownPastItsTtlEndIt(String opens) {
        String words = opens.equals("kill") ? "were down" : "were frozen";
        Incident.Cause master = underServersDown(opens, renewed10s(LeaseModel.Judges.ONE), List.of("n1"), 12_000);
        assertTrue(master.leaseLimit(), master.why());
        assertTrue(master.why().contains("kept from renewing its lease (the servers that judge it " + words), master.why());
        Incident.Cause brief = underServersDown(opens, renewed10s(LeaseModel.Judges.ONE), List.of("n1"), 2_000);
        assertFalse(brief.leaseLimit(), "2 s of a 10 s lease renewed every 3.3 s: " + brief.why());
        assertFalse(underServersDown(opens, renewed10s(LeaseModel.Judges.MAJORITY), List.of("n1"), 12_000).leaseLimit(), "two of three still renew");
        assertTrue(underServersDown(opens, renewed10s(LeaseModel.Judges.MAJORITY), List.of("n1", "n2"), 12_000).leaseLimit(), "one of three is no majority");
    }

    @Test
    void aFrozenReplicaTimesNothingAndAFrozenServerKeepsItsConnections() {
        Incident.Cause replica = underServersFrozen(renewed10s(LeaseModel.Judges.KEY_MASTER), List.of("n2"), 12_000);
        assertFalse(replica.leaseLimit(), "the master n1 timed the lease, not the frozen replica: " + replica.why());
        Incident.Cause session = underServersFrozen(new LeaseModel.Session(Duration.ofSeconds(2), LeaseModel.Judges.ONE), List.of("n1"), 12_000);
        assertFalse(session.leaseLimit(), "a frozen server keeps its connections: " + session.why());
    }

    /** The watch names n1 master; c1 holds; {@code killed} servers are killed from 100 ms and started again {@code downMs} later; c2 is granted 100 ms after. */
    private static Incident.Cause underServersKilled(LeaseModel model, List<String> killed, long downMs) {
        return underServerFault(model, "kill", "start", killed, killed, downMs);
    }

    /** A session lock lives with its connection in the server's memory: the server's crash ends it at once, whatever the timing. */
    @Test
    void aSessionLockEndsWhenItsServerIsKilled() {
        LeaseModel session = new LeaseModel.Session(Duration.ofSeconds(2), LeaseModel.Judges.ONE);
        Incident.Cause killed = underServersKilled(session, List.of("n1"), 1_000);
        assertTrue(killed.leaseLimit(), killed.why());
        assertTrue(killed.why().contains("the server that held the holder's session was killed (kill n1"), killed.why());
        // killed inside the holder's acquire and answering it after the restart: that session's lock began after the crash
        Incident.Cause inAcquire = cause(h().nemesis(NemesisEvent.RUN.f(), run(session, "n1")).invoke(0, "acquire").with("client", "c1")
                .gap(100).nemesis("kill", List.of("n1")).with("hosts", List.of("n1"))
                .gap(1_000).nemesis("start", List.of("n1")).with("hosts", List.of("n1"))
                .gap(50).ok(0, "acquire", 1L).with("client", "c1")
                .gap(10).acquire(1, 2L).with("client", "c2").release(0).release(1));
        assertFalse(inAcquire.leaseLimit(), inAcquire.why());
    }

    /** A server restarted before a renewed lease could run out forgot the lock; a fixed lease, a follower and a kill inside the acquire are other rules. */
    @Test
    void killsThatCouldNotEndARenewedLeaseFallToTheOtherRules() {
        Incident.Cause brief = underServersKilled(renewed10s(LeaseModel.Judges.ONE), List.of("n1"), 2_000);
        assertTrue(brief.why().contains("a server that restarts without what it held forgets the lock"), brief.why());
        // a fixed lease ends on its own time; a group's new leader gives every lease a whole ttl (the failover's rules)
        Incident.Cause fixed = underServersKilled(FIXED_4S, List.of("n1"), 1_000);
        assertFalse(fixed.leaseLimit(), fixed.why());
        assertTrue(fixed.why().contains("a server that restarts without what it held forgets the lock"), fixed.why());
        assertFalse(underServersKilled(renewed10s(LeaseModel.Judges.LEADER), List.of("n2"), 12_000).leaseLimit(), "a follower killed");
        // killed inside the holder's acquire, its grant answered after the restart: that lease began after the kill
        Incident.Cause inAcquire = cause(h().nemesis(NemesisEvent.RUN.f(), run(renewed10s(LeaseModel.Judges.ONE), "n1")).invoke(0, "acquire").with("client", "c1")
                .gap(100).nemesis("kill", List.of("n1")).with("hosts", List.of("n1"))
                .gap(12_000).nemesis("start", List.of("n1")).with("hosts", List.of("n1"))
                .gap(50).ok(0, "acquire", 1L).with("client", "c1")
                .gap(10).acquire(1, 2L).with("client", "c2").release(0).release(1));
        assertFalse(inAcquire.leaseLimit(), inAcquire.why());
        assertTrue(inAcquire.why().contains("answered it after they restarted"), inAcquire.why());
    }

    /**
     * Servers frozen inside the holder's acquire answered its grant after they thawed: the lease that answer stamped began after
     * the freeze, so the freeze explains no grant to another (a lock that retries its grant over the key, without NX, steals it).
     */
    @Test
    void serversFrozenInsideTheAcquireAnsweredTheGrantAfterTheyThawed() {
        List<String> processes = List.of("redis-n1");
        for (LeaseModel model : List.of(renewed10s(LeaseModel.Judges.ONE), new LeaseModel.Undeclared(Duration.ofSeconds(2)))) {
            Incident.Cause c = cause(h().nemesis(NemesisEvent.RUN.f(), run(model, "n1")).invoke(0, "acquire").with("client", "c1")
                    .gap(100).nemesis("start-pause", processes).with("hosts", List.of("n1"))
                    .gap(12_000).nemesis("stop-pause", processes).with("hosts", List.of("n1"))
                    .gap(5).ok(0, "acquire", 1L).with("client", "c1")
                    .gap(10).acquire(1, 2L).with("client", "c2").release(0).release(1));
            assertFalse(c.leaseLimit(), c.why());
            assertTrue(c.why().contains("answered it after they thawed"), c.why());
        }
        // the reply sent just before the freeze, heard a moment into it: the lease began before the freeze and ran out under it
        Incident.Cause sentBefore = cause(h().nemesis(NemesisEvent.RUN.f(), run(renewed10s(LeaseModel.Judges.ONE), "n1"))
                .invoke(0, "acquire").with("client", "c1")
                .gap(100).nemesis("start-pause", processes).with("hosts", List.of("n1"))
                .gap(5).ok(0, "acquire", 1L).with("client", "c1")
                .gap(12_000).nemesis("stop-pause", processes).with("hosts", List.of("n1"))
                .gap(10).acquire(1, 2L).with("client", "c2").release(0).release(1));
        assertTrue(sentBefore.leaseLimit(), sentBefore.why());
    }

    @Test
    void aSessionLockEndsOnlyWhenTheServerClosesTheConnection() {
        LeaseModel session = new LeaseModel.Session(null, LeaseModel.Judges.ONE);
        Incident.Cause frozen = underPause(session, 100, 30_000, 30_200);
        assertFalse(frozen.leaseLimit(), frozen.why());
        assertTrue(frozen.why().contains("kernel keeps its connection open"), frozen.why());
        Map<String, Object> isolateHolder = Map.of("c1", List.of("n1", "n2", "n3"), "n1", List.of("c1"), "n2", List.of("c1"), "n3", List.of("c1"));
        assertFalse(underCut(session, isolateHolder).leaseLimit(), "no detection: a cut is noticed only after hours");
        assertTrue(underCut(new LeaseModel.Session(Duration.ofSeconds(5), LeaseModel.Judges.ONE), isolateHolder).leaseLimit());
        assertFalse(underPause(new LeaseModel.Unbounded(), 100, 30_000, 30_200).leaseLimit());
        // a cut answered with resets breaks the connection the moment the server next sends to the holder: a grant 40 ms in
        // is a lease limit, with or without a detection time; the same cut dropping packets silently needs the server's 2 s
        for (LeaseModel m : List.of(session, new LeaseModel.Session(Duration.ofSeconds(2), LeaseModel.Judges.ONE))) {
            Incident.Cause reset = underBriefCut(m, "reset");
            assertTrue(reset.leaseLimit(), reset.why());
            assertTrue(reset.why().contains("a cut that answers with resets breaks the connection"), reset.why());
        }
        Incident.Cause silent = underBriefCut(new LeaseModel.Session(Duration.ofSeconds(2), LeaseModel.Judges.ONE), null);
        assertFalse(silent.leaseLimit(), silent.why());
    }

    /** c1 holds; from 100 ms it hears nothing from {@code refused} while they hear it, until 100 ms after c2's grant at {@code grantAt} ms. */
    private static Incident.Cause underLostReplies(LeaseModel model, List<String> refused, long grantAt, String... servers) {
        return cause(h().nemesis(NemesisEvent.RUN.f(), run(model, servers)).acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("start-partition", Map.of("c1", refused)).with("hosts", List.of("c1", "n1", "n2", "n3")).with("cut", "inbound")
                .gap(grantAt - 100).acquire(1, 2L).with("client", "c2").gap(100).nemesis("stop-partition", "fully connected").release(0).release(1));
    }

    @Test
    void aHolderThatHearsNothingFromTheServersRenewsNothingThoughTheyStillHearIt() {
        List<String> all = List.of("n1", "n2", "n3");
        // a renewal waits on the last one's answer, and TCP sends nothing new past what goes unacknowledged: judged as a cut,
        // by the same timing (redisson-watchdog under flaky-net: the next grant the lease after the holder's, no renewal landed)
        Incident.Cause past = underLostReplies(RENEWED_10S, all, 10_500, "n1", "n2", "n3");
        assertTrue(past.leaseLimit(), past.why());
        assertTrue(past.why().contains("kept from renewing its lease (it heard no replies"), past.why());
        Incident.Cause early = underLostReplies(RENEWED_10S, all, 5_000, "n1", "n2", "n3");
        assertFalse(early.leaseLimit(), "the lease, heard of at the grant, had 5 s to run: " + early.why());
        // a session's server probes the connection and hears no answer: gone after its detection, as under a silent cut
        assertTrue(underLostReplies(new LeaseModel.Session(Duration.ofSeconds(2), LeaseModel.Judges.ONE), List.of("n1"), 3_000, "n1").leaseLimit());
        assertFalse(underLostReplies(new LeaseModel.Session(Duration.ofSeconds(2), LeaseModel.Judges.ONE), List.of("n1"), 1_000, "n1").leaseLimit());
        // a fixed lease ends on its own time whatever the holder hears
        assertFalse(underLostReplies(FIXED_4S, all, 3_000, "n1", "n2", "n3").leaseLimit());
        // Redlock's holder that still hears two masters of three renews through them
        LeaseModel quorum = new LeaseModel.Renewed(Duration.ofSeconds(10), Duration.ofMillis(3333), LeaseModel.Clock.SERVICE, LeaseModel.Judges.MAJORITY);
        Incident.Cause oneMaster = underLostReplies(quorum, List.of("n1"), 10_500, "n1", "n2", "n3");
        assertFalse(oneMaster.leaseLimit(), oneMaster.why());
        assertTrue(underLostReplies(quorum, List.of("n1", "n2"), 10_500, "n1", "n2", "n3").leaseLimit());
    }

    /** c1 holds on n1; from 100 ms c1 and n1 refuse each other ({@code cut}: how; null, silently); c2 is granted 40 ms later. */
    private static Incident.Cause underBriefCut(LeaseModel model, String cut) {
        var h = h().nemesis(NemesisEvent.RUN.f(), run(model, "n1")).acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("start-partition", Map.of("c1", List.of("n1"), "n1", List.of("c1"))).with("hosts", List.of("c1", "n1"));
        if (cut != null) h = h.with("cut", cut);
        return cause(h.gap(40).acquire(1, 2L).with("client", "c2").gap(100).nemesis("stop-partition", "fully connected").release(0).release(1));
    }

    @Test
    void aTokenlessGranteeFrozenInsideItsAcquireMayHaveBeenGrantedFirst() {
        // c2 asks, is frozen after its grant for 6 s; c1 is granted 5 s after c2's ask; c2's answer comes while c1 holds
        var h = h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S)).invoke(1, "acquire").with("client", "c2")
                .nemesis("start-pause", List.of("client-c2-p1")).with("hosts", List.of("c2")).with("fault", "pause-at:after-grant")
                .gap(5_000).acquire(0, null).with("client", "c1")
                .gap(1_000).nemesis("stop-pause", List.of("client-c2-p1")).with("hosts", List.of("c2"))
                .ok(1, "acquire", null).with("client", "c2").release(0).release(1);
        CheckResult r = h.check(new Mutex());
        assertEquals(1, r.incidents().size());
        assertTrue(r.incidents().get(0).cause().leaseLimit(), r.incidents().get(0).cause().why());
        // c2 asked only 1 s before c1's grant: its 4 s lease could not have ended by then
        var soon = h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S)).acquire(0, null).with("client", "c1")
                .invoke(1, "acquire").with("client", "c2")
                .nemesis("start-pause", List.of("client-c2-p1")).with("hosts", List.of("c2")).with("fault", "pause-at:after-grant")
                .gap(1_000).nemesis("stop-pause", List.of("client-c2-p1")).with("hosts", List.of("c2"))
                .ok(1, "acquire", null).with("client", "c2").release(0).release(1);
        CheckResult s = soon.check(new Mutex());
        assertFalse(s.incidents().get(0).cause().leaseLimit(), s.incidents().get(0).cause().why());
        // frozen at a point of its acquire the lock places before its grant (between a GET and its SET): its grant came after the freeze
        Map<String, Object> placed = run(FIXED_4S);
        placed.put("checkpoints", Map.of("after-get", "before-grant"));
        var beforeGrant = h().nemesis(NemesisEvent.RUN.f(), placed).invoke(1, "acquire").with("client", "c2")
                .nemesis("start-pause", List.of("client-c2-p1")).with("hosts", List.of("c2")).with("fault", "pause-at:after-get")
                .gap(5_000).acquire(0, null).with("client", "c1")
                .gap(1_000).nemesis("stop-pause", List.of("client-c2-p1")).with("hosts", List.of("c2"))
                .ok(1, "acquire", null).with("client", "c2").release(0).release(1);
        CheckResult b = beforeGrant.check(new Mutex());
        assertFalse(b.incidents().get(0).cause().leaseLimit(), b.incidents().get(0).cause().why());
    }

    @Test
    void aGranteeWhoseOwnLinksWereDelayedWhileItAskedMayHaveBeenGrantedFirst() {
        // c2's links to n1 delayed 3 s each way from before it asked: its SET landed at 3 s, its 2 s key ran out at 5 s, c1 was
        // granted at 5.11 s, and c2's answer came only at 6 s, while c1 held: c2's lease ended before c1's grant
        Incident.Cause c = delayedFromTheStart("c2");
        assertTrue(c.leaseLimit(), c.why());
        assertTrue(c.why().startsWith("every grant meanwhile went to a client held up inside its acquire"), c.why());
        // a delay on another client's links held up nothing of c2's: the service granted twice
        Incident.Cause other = delayedFromTheStart("c3");
        assertFalse(other.leaseLimit(), other.why());
        // cut off both ways from before it asked until 5.2 s: its call reached n1 only then, after c1's grant, so it was not first
        Incident.Cause cut = cause(h().nemesis(NemesisEvent.RUN.f(), run(FIXED_2S, "n1"))
                .nemesis("start-partition", Map.of("c2", List.of("n1"), "n1", List.of("c2"))).with("hosts", List.of("c2", "n1"))
                .invoke(1, "acquire").with("client", "c2")
                .gap(5_100).acquire(0, null).with("client", "c1")
                .gap(100).nemesis("stop-partition", "fully connected")
                .gap(800).ok(1, "acquire", null).with("client", "c2").gap(500).release(0).release(1));
        assertFalse(cut.leaseLimit(), cut.why());
    }

    private static final LeaseModel FIXED_2S = new LeaseModel.Fixed(Duration.ofSeconds(2), LeaseModel.Clock.SERVICE, LeaseModel.Judges.ONE);

    /** {@code host}'s links to n1 delayed 3 s each way from the start; c2 asks, c1 is granted 5.1 s later, c2 answered 0.9 s after. */
    private static Incident.Cause delayedFromTheStart(String host) {
        Map<String, Object> delay = Map.of("ms", 3_000, "jitter_ms", 0, "to", Map.of(host, List.of("n1")));
        return cause(h().nemesis(NemesisEvent.RUN.f(), run(FIXED_2S, "n1")).nemesis("start-delay", delay).with("hosts", List.of(host, "n1"))
                .invoke(1, "acquire").with("client", "c2")
                .gap(5_100).acquire(0, null).with("client", "c1")
                .gap(900).ok(1, "acquire", null).with("client", "c2")
                .gap(500).release(0).nemesis("stop-delay", "no delay").release(1));
    }

    @Test
    void aGranteeFrozenInsideItsAcquireWhoseClientStillSaidYesAfterTheHoldsGrantIsNotExcused() {
        // tokenless: c2 asks and is frozen (where, the history does not say) for 6 s; c1 is granted 5 s in, c2 answered 1 s later. Granted
        // first, c2's lease had ended by c1's grant; yet its client told it it still held the lock after c1's answer: so either
        // it was granted after c1 began, and the service granted twice, or its belief was false. A defect both ways
        Incident.Cause c = granteeFrozenThenSaysYes(6_100_000_000L);
        assertFalse(c.leaseLimit(), c.why());
        assertTrue(c.why().contains("process 1 (client c2), held up inside its acquire (pause client-c2-p1 from") && c.why().contains(
                "may have been granted before this hold began, but its client told it it still held the lock at 6.105 s (asked at 6.100 s),"
                + " after this hold's answer: had it been granted first, its lease had ended by then"), c.why());
        // asked before c1's answer, the same "yes" proves nothing: c2 may have been granted first and not yet know
        Incident.Cause early = granteeFrozenThenSaysYes(4_000_000_000L);
        assertTrue(early.leaseLimit(), early.why());
    }

    /** c2 frozen 6 s inside its acquire, c1 granted 5 s in; c2, answered at 6 s, writes, its client saying "yes" asked at {@code asked}. */
    private static Incident.Cause granteeFrozenThenSaysYes(long asked) {
        return cause(h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S)).invoke(1, "acquire").with("client", "c2")
                .nemesis("start-pause", List.of("client-c2-p1")).with("hosts", List.of("c2"))
                .gap(5_000).acquire(0, null).with("client", "c1")
                .gap(1_000).nemesis("stop-pause", List.of("client-c2-p1")).with("hosts", List.of("c2"))
                .ok(1, "acquire", null).with("client", "c2")
                .gap(100).invoke(1, "write", Map.of("value", 1)).gap(10)
                .add(dev.lockstorm.checker.history.OpType.OK, 1, "write", null).with("still_held", true)
                .with("still_held_asked", asked).with("still_held_at", 6_105_000_000L).release(0).release(1));
    }

    @Test
    void aHolderCutOffOrFrozenBeforeItAskedWasGrantedOnlyAfterTheFault() {
        // c1 cut off both ways (or frozen) from before it asked until 5 s: its call reached n1 only then, and its answer followed
        // at once, so its fixed 4 s lease began after the fault, not at the ask; c2's grant 1 s after c1's answer is the service's
        List<H> cases = List.of(
                h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S, "n1")).nemesis("start-partition", Map.of("c1", List.of("n1"), "n1", List.of("c1")))
                        .with("hosts", List.of("c1", "n1")).gap(100).invoke(0, "acquire").with("client", "c1")
                        .gap(4_900).nemesis("stop-partition", "fully connected"),
                h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S, "n1")).nemesis("start-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                        .gap(100).invoke(0, "acquire").with("client", "c1")
                        .gap(4_900).nemesis("stop-pause", List.of("client-c1-p0")).with("hosts", List.of("c1")));
        for (H before : cases) {
            Incident.Cause c = cause(before.gap(10).ok(0, "acquire", 1L).with("client", "c1")
                    .gap(1_000).acquire(1, 2L).with("client", "c2").release(0).release(1));
            assertFalse(c.leaseLimit(), c.why());
        }
        // a cut begun after the ask may have kept the reply to a grant made before it: the lease may have begun at the ask
        Incident.Cause inside = cause(h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S, "n1")).invoke(0, "acquire").with("client", "c1")
                .gap(100).nemesis("start-partition", Map.of("c1", List.of("n1"), "n1", List.of("c1"))).with("hosts", List.of("c1", "n1"))
                .gap(4_900).nemesis("stop-partition", "fully connected")
                .gap(10).ok(0, "acquire", 1L).with("client", "c1").gap(1_000).acquire(1, 2L).with("client", "c2").release(0).release(1));
        assertTrue(inside.leaseLimit(), inside.why());
    }

    @Test
    void aFixedLeaseRunsFromTheAskWhenTheHoldersOwnLinksHeldItsAnswerBack() {
        // the delay began before c1 asked; its answer came 3 s late, so its lease may have begun 3 s before it heard
        Incident.Cause late = answeredLateUnderADelayTo("n1");
        assertTrue(late.leaseLimit(), late.why());
        // the words say why the lease is counted from the ask
        assertTrue(late.why().contains("the grant came 4.503 s after the holder's ask, past its fixed 4.000 s lease: its lease may have begun then,"
                + " for a fault held its answer back (delay"), late.why());
        // without the link fault, the same timing is a defect: the lease ran to at least 3 s after the answer
        Incident.Cause plain = cause(h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S, "n1"))
                .invoke(0, "acquire").with("client", "c1").gap(3_000).ok(0, "acquire", 1L).with("client", "c1")
                .gap(1_500).acquire(1, 2L).with("client", "c2").release(0).release(1));
        assertFalse(plain.leaseLimit(), plain.why());
        // its links to the resource's service (r1) delayed held back no answer of the lock's: the same defect
        Incident.Cause r1 = answeredLateUnderADelayTo("r1");
        assertFalse(r1.leaseLimit(), r1.why());
    }

    /**
     * A history written by hand or by another tool may leave out an event's {@code hosts}: a lossy, slow or
     * delayed link's hosts are then read from its value's {@code from} or {@code to}, where its family keeps
     * them, and a frozen worker's from its name, so the same fault judges the same (never "did not touch
     * the holder" for want of the field).
     */
    @Test
    void aFaultWithoutItsHostsFieldIsJudgedByTheHostsItsValueNames() {
        for (String host : List.of("n1", "r1")) {
            Incident.Cause told = answeredLateUnderADelayTo(host);
            Incident.Cause read = answeredLateUnderADelayTo(host, false);
            assertEquals(told.leaseLimit(), read.leaseLimit(), read.why());
            assertEquals(told.why(), read.why());
        }
        Map<String, Object> mild = Map.of("percent", 10, "from", Map.of("n1", List.of("c1")));
        Incident.Cause loss = cause(h().nemesis(NemesisEvent.RUN.f(), run(RENEWED_10S, "n1")).acquire(0, 1L).with("client", "c1")
                .nemesis("start-loss", mild).gap(11_000).acquire(1, 2L).with("client", "c2").nemesis("stop-loss", "no loss")
                .release(0).release(1));
        assertFalse(loss.leaseLimit(), loss.why());
        assertTrue(loss.why().contains("the packet loss of the holder") && loss.why().contains("TCP carries a renewal through"), loss.why());
        // a client's worker is named by the process it started as (client-c1-p0); its client went on as process 2 on c1
        for (boolean listed : List.of(true, false)) {
            var held = h().nemesis(NemesisEvent.RUN.f(), run(RENEWED_10S)).invoke(0, "acquire").with("client", "c1")
                    .add(dev.lockstorm.checker.history.OpType.INFO, 0, "acquire", null).with("client", "c1")
                    .acquire(2, 1L).with("client", "c1").gap(100).nemesis("start-pause", List.of("client-c1-p0"));
            if (listed) held = held.with("hosts", List.of("c1"));
            held = held.gap(11_000).acquire(1, 2L).with("client", "c2").nemesis("stop-pause", List.of("client-c1-p0"));
            if (listed) held = held.with("hosts", List.of("c1"));
            Incident.Cause frozen = cause(held.release(2).release(1));
            assertTrue(frozen.leaseLimit(), (listed ? "with hosts: " : "without hosts: ") + frozen.why());
        }
    }

    /** c1's links to {@code host} delayed 3 s from before it asks; its grant answered 3 s after the ask, c2's 1.5 s later (a fixed 4 s lease on n1). */
    private static Incident.Cause answeredLateUnderADelayTo(String host) {
        return answeredLateUnderADelayTo(host, true);
    }

    /** The same, the delay's event listing the hosts it touched ({@code hosts}) or leaving them to its value. */
    private static Incident.Cause answeredLateUnderADelayTo(String host, boolean listed) {
        Map<String, Object> delay = Map.of("ms", 3_000, "jitter_ms", 0, "to", Map.of("c1", List.of(host)));
        var begun = h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S, "n1")).nemesis("start-delay", delay);
        if (listed) begun = begun.with("hosts", List.of("c1", host));
        return cause(begun
                .invoke(0, "acquire").with("client", "c1").gap(3_000).ok(0, "acquire", 1L).with("client", "c1")
                .gap(1_500).acquire(1, 2L).with("client", "c2").nemesis("stop-delay", "no delay").release(0).release(1));
    }

    @Test
    void anUndeclaredModelIsJudgedConservativelyAndSaysSo() {
        Incident.Cause c = cause(h().nemesis(NemesisEvent.RUN.f(), Map.of("lease_ms", 2000)).acquire(0, 1L).with("client", "c1")
                .acquire(1, 2L).with("client", "c2").release(0).release(1));
        assertFalse(c.leaseLimit(), c.why());
        assertTrue(c.why().contains("declares no lease model"), c.why());
    }

    /** c1 granted, frozen 11 s (renewed 10 s lease), c2 granted; c1 then writes, having said "still held" at {@code answeredAt} ms. */
    private static Incident.Cause beliefAt(long answeredAt) {
        return belief(null, answeredAt);
    }

    /** The same, the question put at {@code askedAt} ms (none recorded when null). */
    private static Incident.Cause belief(Long askedAt, long answeredAt) {
        var written = h().nemesis(NemesisEvent.RUN.f(), run(RENEWED_10S)).acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("start-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                .gap(11_000).acquire(1, 2L).with("client", "c2")
                .nemesis("stop-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                .invoke(0, "write", Map.of("token", 1, "value", 1)).gap(200)
                .add(dev.lockstorm.checker.history.OpType.OK, 0, "write", null).with("still_held", true);
        if (askedAt != null) written = written.with("still_held_asked", askedAt * 1_000_000L);
        return cause(written.with("still_held_at", answeredAt * 1_000_000L).release(0).release(1));
    }

    @Test
    void aBeliefAskedBeforeTheOtherGrantAndDeliveredAfterAFreezeIsNotADefect() {
        // asked at 50 ms, the worker frozen once it had answered, the answer read after the heal: what it knew was formed before c2's grant
        Incident.Cause late = belief(50L, 11_200);
        assertTrue(late.leaseLimit(), late.why());
        // asked after c2's grant: the answer was formed after it
        Incident.Cause after = belief(11_150L, 11_200);
        assertFalse(after.leaseLimit(), after.why());
        assertTrue(after.why().contains("still held the lock at 11.200 s (asked at 11.150 s)"), after.why());
    }

    @Test
    void aBeliefCountsWhenItWasGivenNotWhenTheOperationItCameWithBegan() {
        // "yes" said with the grant, before the freeze, and carried to the write after it: what the client knew then was true
        Incident.Cause early = beliefAt(2);
        assertTrue(early.leaseLimit(), early.why());
        // "yes" said after the other client's grant: the lock did not learn it had lost the lease
        Incident.Cause late = beliefAt(11_200);
        assertFalse(late.leaseLimit(), late.why());
        assertTrue(late.why().contains("still held the lock at 11.200 s"), late.why());
    }

    @Test
    void aBeliefAfterAGrantNothingExplainsNamesTheGrantToo() {
        // no fault: c2 granted 1 s into c1's fixed 4 s lease, c1 told "yes" after it; its belief was borne out by its own lease
        Incident.Cause both = afterAYes(h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S)).acquire(0, 1L).with("client", "c1")
                .gap(1_000).acquire(1, 2L).with("client", "c2"), 1_105_000_000L, 1_108_000_000L);
        assertFalse(both.leaseLimit(), both.why());
        assertTrue(both.why().startsWith("its client told process 0 (client c1) it still held the lock at 1.108 s"), both.why());
        assertTrue(both.why().contains("; and nothing before the grant could have ended the holder's lease, so the service granted the lock"
                + " twice: the holder's fixed 4.000 s lease ran to at least"), both.why());
        // the lease could have ended (c1 frozen past it): the belief alone is the defect, the freeze no excuse
        Incident.Cause alone = beliefAt(11_200);
        assertFalse(alone.leaseLimit(), alone.why());
        assertFalse(alone.why().contains("; and "), alone.why());
    }

    /**
     * c1 frozen 11 s past its renewed 10 s lease, c2 granted; awake, c1 checks during its hold, is told "yes" (asked at {@code
     * askedAt} ms), later "no", and gives up without touching the resource: no completion carries the "yes", its release's
     * invocation does.
     */
    private static Incident.Cause gaveUpAfterAYes(long askedAt) {
        return cause(h().nemesis(NemesisEvent.RUN.f(), run(RENEWED_10S)).acquire(0, 1L).with("client", "c1")
                .gap(100).nemesis("start-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                .gap(11_000).acquire(1, 2L).with("client", "c2")
                .nemesis("stop-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                .gap(400).invoke(0, "release").with("gave_up", "the lock client said the lease may be gone").with("still_held", true)
                .with("still_held_asked", askedAt * 1_000_000L).with("still_held_at", (askedAt + 20) * 1_000_000L)
                .add(dev.lockstorm.checker.history.OpType.OK, 0, "release", null).release(1));
    }

    @Test
    void aCarefulHoldersLastYesRidesOnItsReleaseAndIsJudgedByWhenItWasAsked() {
        // asked after c2's grant: the lock told a holder that had lost its lease that it still held
        Incident.Cause after = gaveUpAfterAYes(11_200);
        assertFalse(after.leaseLimit(), after.why());
        assertTrue(after.why().contains("still held the lock at 11.220 s (asked at 11.200 s)"), after.why());
        // asked before the freeze: true then, and the freeze past the lease is the cause
        Incident.Cause before = gaveUpAfterAYes(50);
        assertTrue(before.leaseLimit(), before.why());
    }

    @Test
    void aPauseOfAWorkerCountsForTheLaterProcessesOfItsClient() {
        // the worker started as process 0 (client-c1-p0); its client crashed once and goes on as process 2
        CheckResult r = h().nemesis(NemesisEvent.RUN.f(), run(FIXED_4S)).invoke(0, "acquire").with("client", "c1").info(0, "acquire")
                .acquire(2, 1L).with("client", "c1")
                .nemesis("start-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                .gap(5_000).nemesis("stop-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                .release(2).check(new FencedMutex());
        assertEquals(1, r.coverage().count("holder-paused"), r.coverage().describe());
        assertEquals(1, r.coverage().count("holder-paused-past-lease"), r.coverage().describe());
    }

    @Test
    void theModelRoundTripsThroughTheRunEventAndABadOneIsRefusedByName() {
        for (LeaseModel m : List.of(FIXED_4S, RENEWED_10S, raftSession(Duration.ofSeconds(1)), raftSession(Duration.ZERO),
                new LeaseModel.Session(null, LeaseModel.Judges.ONE),
                new LeaseModel.Session(Duration.ofSeconds(3), LeaseModel.Judges.KEY_MASTER), new LeaseModel.Unbounded(),
                new LeaseModel.Undeclared(Duration.ofSeconds(4)), GROUP_SESSION)) {
            assertEquals(m, LeaseModel.fromData(m.toData()));
        }
        IllegalArgumentException judges = assertThrows(IllegalArgumentException.class, () -> LeaseModel.fromData(Map.of("kind", "fixed",
                "ttl_ms", 4000, "clock", "service", "judges", "quorum")));
        assertEquals("lease_model: \"judges\" must be one of one, majority, key-master, leader, group, not quorum", judges.getMessage());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LeaseModel.fromData(Map.of("kind", "renewed", "ttl_ms", 4000, "clock", "service", "judges", "one")));
        assertTrue(e.getMessage().contains("\"interval_ms\" must be a positive number"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LeaseModel.fromData(Map.of("kind", "forever")));
        e = assertThrows(IllegalArgumentException.class, () -> LeaseModel.fromData(Map.of("kind", "renewed", "ttl_ms", 4000, "interval_ms", 1000,
                "clock", "service", "judges", "majority", "failover_grace_ms", -1)));
        assertTrue(e.getMessage().contains("\"failover_grace_ms\" must be a whole number of milliseconds, 0 or more"), e.getMessage());
    }
}
