package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.model.FencedMutex;
import dev.lockstorm.faults.NemesisEvent;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.lockstorm.checker.H.h;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a run exercised, and why each incident happened: a lease limit (the holder frozen, cut off or
 * past its lease, or a clock moved) or a lock defect (nothing explains the second grant, or the
 * holder was told it still held the lock after it).
 */
@Tag("unit")
class CoverageAndCausesTest {
    private static final Map<String, Object> LEASE_2S = Map.of("lease_ms", 2000);
    /** A 2 s lease renewed every 0.5 s by one server: only a fault that stops renewals for 2 s ends it. */
    static final Map<String, Object> RENEWED_2S = Map.of("lease_ms", 2000, "lease_model",
            Map.of("kind", "renewed", "ttl_ms", 2000, "interval_ms", 500, "clock", "service", "judges", "one"));

    @Test
    void aValidRunThatReachedNothingDangerousSaysSo() {
        CheckResult r = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S).acquire(0, 1L).release(0).acquire(1, 2L).release(1).check(new FencedMutex());
        assertEquals(Verdict.VALID, r.verdict());
        assertFalse(r.coverage().dangerousReached());
        assertTrue(Summary.of(r).lines().findFirst().orElseThrow().contains("VALID, but no hold outlived its lease, no fault hit a holder"),
                Summary.of(r));
    }

    @Test
    void aPauseOfTheHolderPastItsLeaseIsCountedAndAPauseOfAWaiterIsNot() {
        CheckResult r = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S)
                .acquire(0, 1L).with("client", "c1")
                .nemesis("start-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                .nemesis("start-pause", List.of("client-c2-p1")).with("hosts", List.of("c2"))
                .gap(3000)
                .nemesis("stop-pause", List.of("client-c1-p0", "client-c2-p1"))
                .release(0).check(new FencedMutex());
        assertEquals(2, r.coverage().count("faults-injected"));
        assertEquals(1, r.coverage().count("holder-paused"), r.coverage().describe());
        assertEquals(1, r.coverage().count("holder-paused-past-lease"));
        assertEquals(1, r.coverage().count("hold-outlived-lease"));
        assertTrue(r.coverage().dangerousReached());
    }

    @Test
    void aPauseOfAClientNamedOnlyByItsHostIsNoServerFault() {
        // an imported history: the pause names its client by host, not by a worker's name
        CheckResult r = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S)
                .acquire(0, 1L).with("client", "c0")
                .nemesis("start-pause", Map.of("clients", List.of("c0"))).with("hosts", List.of("c0"))
                .gap(3000)
                .nemesis("stop-pause", Map.of("clients", List.of("c0")))
                .release(0).check(new FencedMutex());
        assertEquals(1, r.coverage().count("holder-paused"), r.coverage().describe());
        assertEquals(0, r.coverage().count("server-fault-while-held"), r.coverage().describe());
    }

    @Test
    void grantsDuringFaultsAndMissedFaultsAreCounted() {
        CheckResult r = h().nemesis("start-partition", Map.of("n1", List.of("n2", "n3"))).with("hosts", List.of("n1", "n2", "n3"))
                .acquire(0, 1L).with("client", "c1").release(0)
                .nemesis("stop-partition", "fully connected")
                .nemesis(NemesisEvent.MISSED.f(), "no client held the lock when the fault came").with("fault", "pause-client")
                .invoke(1, "acquire").fail(1, "acquire")
                .check(new FencedMutex());
        assertEquals(1, r.coverage().count("grant-during-fault"));
        assertEquals(1, r.coverage().count("faults-missed"));
        assertEquals(1, r.coverage().count("faults-injected"), "a miss is no fault");
        assertEquals(1, r.coverage().count("acquire-refused"));
    }

    @Test
    void aGrantWhileTheHolderWasFrozenIsALeaseLimit() {
        CheckResult r = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S)
                .acquire(0, 1L).with("client", "c1")
                .nemesis("start-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                .gap(2500).acquire(1, 2L).with("client", "c2")
                .nemesis("stop-pause", List.of("client-c1-p0"))
                .invoke(0, "write", Map.of("token", 1, "value", 1)).add(dev.lockstorm.checker.history.OpType.OK, 0, "write", null).with("still_held", false)
                .release(0).release(1).check(new FencedMutex());
        assertEquals(1, r.incidents().size());
        Incident.Cause c = r.incidents().get(0).cause();
        assertTrue(c.leaseLimit(), c.why());
        assertTrue(c.why().contains("frozen"), c.why());
        assertEquals(0, r.defectIncidents());
        assertEquals(1, r.leaseLimitIncidents());
    }

    /** c1 holds; its link to n1 fails as {@code cut} says ({@code c1} refusing n1, and n1 refusing c1 unless only replies are lost); c2 is granted. */
    private static Incident.Cause causeUnderACut(String cut, boolean bothWays) {
        Map<String, Object> refuses = bothWays ? Map.of("c1", List.of("n1"), "n1", List.of("c1")) : Map.of("c1", List.of("n1"));
        var h = h().nemesis(NemesisEvent.RUN.f(), RENEWED_2S)
                .acquire(0, 1L).with("client", "c1")
                .nemesis("start-partition", refuses).with("hosts", List.of("c1", "n1"));
        if (cut != null) h = h.with("cut", cut);
        CheckResult r = h.gap(2500).acquire(1, 2L).with("client", "c2")
                .nemesis("stop-partition", "fully connected")
                .release(0).release(1).check(new FencedMutex());
        return r.incidents().get(0).cause();
    }

    @Test
    void aCutExplainsAGrantOnlyWhenTheServersStoppedHearingTheHolder() {
        assertTrue(causeUnderACut(null, true).leaseLimit(), "dropped both ways");
        assertTrue(causeUnderACut("reset", true).why().contains("cut off"), "answered with resets");
        assertTrue(causeUnderACut(null, false).leaseLimit(), "a one-way grudge dropped silently drops what the holder sends too");
        // redisson-watchdog under flaky-net (seed 1): its watchdog's renewal into a cut of its replies timed out and never landed,
        // and the next grant came the lease after the holder's
        Incident.Cause repliesLost = causeUnderACut("inbound", false);
        assertTrue(repliesLost.leaseLimit(), "the holder heard no replies, so no renewal went on landing: " + repliesLost.why());
        assertTrue(repliesLost.why().contains("the holder was kept from renewing its lease (it heard no replies from the servers"), repliesLost.why());
        assertTrue(causeUnderACut("inbound", true).leaseLimit(), "n1 dropping what c1 sends: unheard");
    }

    @Test
    void aHoldersLinksToTheResourceServiceCutOrLossyExplainNoGrant() {
        // flaky-net-to-resource: c1's links to r1 (the resource's service, no lock server) black-holed or lossy; its links to the
        // lock's servers untouched, so the servers heard its renewals and a grant to c2 meanwhile is the lock's own
        Map<String, Object> facts = new java.util.HashMap<>(RENEWED_2S);
        facts.put("servers", List.of("n1"));
        facts.put("client_hosts", List.of("c1", "c2"));
        CheckResult cut = h().nemesis(NemesisEvent.RUN.f(), facts).acquire(0, 1L).with("client", "c1")
                .nemesis("start-partition", Map.of("c1", List.of("r1"), "r1", List.of("c1"))).with("hosts", List.of("c1", "r1"))
                .gap(2500).acquire(1, 2L).with("client", "c2")
                .nemesis("stop-partition", "fully connected").release(0).release(1).check(new FencedMutex());
        Incident.Cause c = cut.incidents().get(0).cause();
        assertFalse(c.leaseLimit(), c.why());
        CheckResult lossy = h().nemesis(NemesisEvent.RUN.f(), facts).acquire(0, 1L).with("client", "c1")
                .nemesis("start-loss", Map.of("percent", 40, "from", Map.of("c1", List.of("r1"), "r1", List.of("c1")))).with("hosts", List.of("c1", "r1"))
                .gap(2500).acquire(1, 2L).with("client", "c2")
                .nemesis("stop-loss", "no loss").release(0).release(1).check(new FencedMutex());
        assertFalse(lossy.incidents().get(0).cause().leaseLimit(), lossy.incidents().get(0).cause().why());
        // the same cut to the lock's server is the lease running out
        CheckResult server = h().nemesis(NemesisEvent.RUN.f(), facts).acquire(0, 1L).with("client", "c1")
                .nemesis("start-partition", Map.of("c1", List.of("n1"), "n1", List.of("c1"))).with("hosts", List.of("c1", "n1"))
                .gap(2500).acquire(1, 2L).with("client", "c2")
                .nemesis("stop-partition", "fully connected").release(0).release(1).check(new FencedMutex());
        assertTrue(server.incidents().get(0).cause().leaseLimit(), server.incidents().get(0).cause().why());
    }

    @Test
    void aHolderSlowedByLossyLinksIsALeaseLimitAndALossOnlyOfWhatWaitersSendIsNot() {
        Map<String, Object> lossy = Map.of("percent", 40, "from", Map.of("c1", List.of("n1"), "n1", List.of("c1")));
        CheckResult r = h().nemesis(NemesisEvent.RUN.f(), RENEWED_2S)
                .acquire(0, 1L).with("client", "c1")
                .nemesis("start-loss", lossy).with("hosts", List.of("c1", "n1"))
                .gap(2500).acquire(1, 2L).with("client", "c2")
                .nemesis("stop-loss", "no loss")
                .release(0).release(1).check(new FencedMutex());
        Incident.Cause c = r.incidents().get(0).cause();
        assertTrue(c.leaseLimit(), c.why());
        assertTrue(c.why().contains("slowed by its links losing packets before the grant (loss "), c.why());
        assertTrue(c.why().contains("c1 loses 40% from [n1]") && c.why().contains("n1 loses 40% from [c1]"), c.why());
        Map<String, Object> waiters = Map.of("percent", 40, "from", Map.of("c3", List.of("n1"), "n1", List.of("c3")));
        CheckResult other = h().nemesis(NemesisEvent.RUN.f(), RENEWED_2S)
                .acquire(0, 1L).with("client", "c1")
                .nemesis("start-loss", waiters).with("hosts", List.of("c3", "n1"))
                .gap(2500).acquire(1, 2L).with("client", "c2")
                .release(0).release(1).check(new FencedMutex());
        assertFalse(other.incidents().get(0).cause().leaseLimit(), other.incidents().get(0).cause().why());
    }

    /** c1 holds; its links slowed as {@code slow} says from its grant until after c2's, 2.5 s later. */
    private static Incident.Cause underSlowLinks(Map<String, Object> slow) {
        return h().nemesis(NemesisEvent.RUN.f(), RENEWED_2S)
                .acquire(0, 1L).with("client", "c1")
                .nemesis("start-slow", slow).with("hosts", List.of("c1", "n1"))
                .gap(2500).acquire(1, 2L).with("client", "c2")
                .nemesis("stop-slow", "no slow links")
                .release(0).release(1).check(new FencedMutex()).incidents().get(0).cause();
    }

    @Test
    void aHolderOnASlowLinkEitherWayIsALeaseLimit() {
        Incident.Cause c = underSlowLinks(Map.of("kbit", 1, "to", Map.of("c1", List.of("n1"), "n1", List.of("c1"))));
        assertTrue(c.leaseLimit(), c.why());
        assertTrue(c.why().contains("slowed by a slow link before the grant (slow "), c.why());
        assertTrue(c.why().contains("c1 sends 1 kbit/s to [n1]") && c.why().contains("n1 sends 1 kbit/s to [c1]"), c.why());
        // the server's replies to the holder slowed, what the holder sends not: a renewal waits on the last one's answer (and
        // TCP on its acknowledgements), so its renewals are held up all the same
        Incident.Cause back = underSlowLinks(Map.of("kbit", 1, "to", Map.of("n1", List.of("c1"))));
        assertTrue(back.leaseLimit(), back.why());
        // slowed too little, either way, it holds nothing up
        Incident.Cause mild = underSlowLinks(Map.of("kbit", 1000, "to", Map.of("n1", List.of("c1"))));
        assertFalse(mild.leaseLimit(), mild.why());
    }

    @Test
    void aHolderWhoseLinksAreDelayedIsALeaseLimitAndAnotherClientsDelayIsNot() {
        Map<String, Object> delay = Map.of("ms", 2000, "jitter_ms", 1000, "to", Map.of("c1", List.of("n1")));
        CheckResult r = h().nemesis(NemesisEvent.RUN.f(), RENEWED_2S)
                .acquire(0, 1L).with("client", "c1")
                .nemesis("start-delay", delay).with("hosts", List.of("c1", "n1"))
                .gap(2500).acquire(1, 2L).with("client", "c2")
                .nemesis("stop-delay", "no delay")
                .release(0).release(1).check(new FencedMutex());
        Incident.Cause c = r.incidents().get(0).cause();
        assertTrue(c.leaseLimit(), c.why());
        assertTrue(c.why().contains("delayed by its links before the grant (delay c1 delayed 2000 ± 1000 ms with [n1]"), c.why());
        // delayed inside its acquire: the reply came a delay after the lease began
        CheckResult inAcquire = h().nemesis(NemesisEvent.RUN.f(), RENEWED_2S)
                .nemesis("start-delay", delay).with("hosts", List.of("c1", "n1"))
                .acquire(0, 1L).with("client", "c1")
                .gap(2500).acquire(1, 2L).with("client", "c2")
                .nemesis("stop-delay", "no delay")
                .release(0).release(1).check(new FencedMutex());
        Incident.Cause late = inAcquire.incidents().get(0).cause();
        assertTrue(late.leaseLimit(), late.why());
        assertTrue(late.why().contains("delayed by its links inside its acquire"), late.why());
        Map<String, Object> waiter = Map.of("ms", 2000, "jitter_ms", 0, "to", Map.of("c3", List.of("n1")));
        CheckResult other = h().nemesis(NemesisEvent.RUN.f(), RENEWED_2S)
                .acquire(0, 1L).with("client", "c1")
                .nemesis("start-delay", waiter).with("hosts", List.of("c3", "n1"))
                .gap(2500).acquire(1, 2L).with("client", "c2")
                .release(0).release(1).check(new FencedMutex());
        assertFalse(other.incidents().get(0).cause().leaseLimit(), other.incidents().get(0).cause().why());
        assertTrue(other.faults().get(0).describe().contains("c3 delayed 2000 ms with [n1]"), other.faults().get(0).describe());
    }

    @Test
    void aHolderToldItStillHeldTheLockAfterTheGrantIsADefectEvenAfterAPause() {
        CheckResult r = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S)
                .acquire(0, 1L).with("client", "c1")
                .nemesis("start-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                .gap(2500).acquire(1, 2L).with("client", "c2")
                .nemesis("stop-pause", List.of("client-c1-p0"))
                .invoke(0, "write", Map.of("token", 1, "value", 1)).add(dev.lockstorm.checker.history.OpType.OK, 0, "write", null).with("still_held", true)
                .release(0).release(1).check(new FencedMutex());
        Incident.Cause c = r.incidents().get(0).cause();
        assertFalse(c.leaseLimit(), c.why());
        assertTrue(c.why().contains("still held the lock"), c.why());
    }

    @Test
    void aGrantItsOwnClientNotedAsUnbackedIsADefectOfThatGrantWhateverFaultWasInForce() {
        String why = "granted but the key does not exist";
        // the holder frozen past its 2 s lease: alone, a lease limit
        CheckResult limit = pausedHolder(null, null);
        assertTrue(limit.incidents().get(0).cause().leaseLimit(), limit.incidents().get(0).cause().why());
        // the same, the other client's grant noted as unbacked (etcd's grant of an expired key): that grant is the defect, not the pause
        Incident.Cause other = pausedHolder(null, why).incidents().get(0).cause();
        assertFalse(other.leaseLimit(), other.why());
        assertTrue(other.why().startsWith("the lock granted process 1 (client c2) the lock at ") && other.why().contains("while process 0 (client c1)"
                + " held it, with nothing behind the grant (its client noted: " + why + ")"), other.why());
        // the holder's own grant noted as unbacked (Curator's grant by a node of an earlier session): the holder's grant is the defect
        Incident.Cause own = pausedHolder(why, null).incidents().get(0).cause();
        assertFalse(own.leaseLimit(), own.why());
        assertTrue(own.why().startsWith("the lock granted process 0 (client c1) its hold at ") && own.why().contains("with nothing behind it"), own.why());
        // a note that says nothing of the grant's backing excuses nothing and blames nothing
        CheckResult noted = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S).acquire(0, 1L).with("client", "c1")
                .nemesis("start-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                .gap(2500).acquire(1, 2L).with("client", "c2").with("notes", List.of("sent again: timeout"))
                .nemesis("stop-pause", List.of("client-c1-p0")).release(0).release(1).check(new FencedMutex());
        assertTrue(noted.incidents().get(0).cause().leaseLimit(), noted.incidents().get(0).cause().why());
    }

    /** c1 granted, frozen 2.5 s past its 2 s lease, c2 granted meanwhile; either grant noted as unbacked with {@code why} when not null. */
    private static CheckResult pausedHolder(String holderUnbacked, String otherUnbacked) {
        var hist = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S).acquire(0, 1L).with("client", "c1");
        if (holderUnbacked != null) hist.with("notes", List.of(dev.lockstorm.api.Notes.UNBACKED + holderUnbacked));
        hist.nemesis("start-pause", List.of("client-c1-p0")).with("hosts", List.of("c1")).gap(2500).acquire(1, 2L).with("client", "c2");
        if (otherUnbacked != null) hist.with("notes", List.of(dev.lockstorm.api.Notes.UNBACKED + otherUnbacked));
        return hist.nemesis("stop-pause", List.of("client-c1-p0")).release(0).release(1).check(new FencedMutex());
    }

    @Test
    void aKillOfTheResourcesServiceIsNoServerKilledBetweenTheGrants() {
        Map<String, Object> facts = Map.of("lease_ms", 2000, "servers", List.of("n1", "n2", "n3"), "client_hosts", List.of("c1", "c2"));
        // r1 is the protected resource's service, not a lock server: its crash explains no double grant
        CheckResult r = h().nemesis(NemesisEvent.RUN.f(), facts).acquire(0, 1L).with("client", "c1")
                .nemesis("kill", List.of("r1")).with("hosts", List.of("r1"))
                .nemesis("start", List.of("r1")).with("hosts", List.of("r1"))
                .acquire(1, 1L).with("client", "c2").release(0).release(1).check(new FencedMutex());
        Incident.Cause c = r.incidents().get(0).cause();
        assertFalse(c.leaseLimit(), c.why());
        assertTrue(c.why().startsWith("nothing before the grant could have ended") && c.fault() == null, c.why());
        assertEquals(0, r.coverage().count(Coverage.Key.SERVER_FAULT_WHILE_HELD.key()), "a resource's fault is no server fault");
        // the same kill on a lock server is named
        CheckResult n1 = h().nemesis(NemesisEvent.RUN.f(), facts).acquire(0, 1L).with("client", "c1")
                .nemesis("kill", List.of("n1")).with("hosts", List.of("n1"))
                .nemesis("start", List.of("n1")).with("hosts", List.of("n1"))
                .acquire(1, 1L).with("client", "c2").release(0).release(1).check(new FencedMutex());
        assertTrue(n1.incidents().get(0).cause().why().contains("after a server was killed between the two grants"), n1.incidents().get(0).cause().why());
    }

    @Test
    void aServerKilledBetweenTheGrantsIsNamedAndStaysADefect() {
        CheckResult r = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S).acquire(0, 1L).with("client", "c1")
                .nemesis("kill", List.of("redis-n1")).with("hosts", List.of("n1"))
                .nemesis("start", List.of("redis-n1")).with("hosts", List.of("n1"))
                .acquire(1, 1L).with("client", "c2").release(0).release(1).check(new FencedMutex());
        Incident.Cause c = r.incidents().get(0).cause();
        assertFalse(c.leaseLimit(), "the service granted twice: " + c.why());
        assertTrue(c.why().contains("after a server was killed between the two grants") && c.fault() != null, c.why());
        // a kill before the holder's grant is no part of it
        CheckResult before = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S).nemesis("kill", List.of("redis-n1")).with("hosts", List.of("n1"))
                .nemesis("start", List.of("redis-n1")).with("hosts", List.of("n1"))
                .acquire(0, 1L).with("client", "c1").acquire(1, 2L).with("client", "c2").release(0).release(1).check(new FencedMutex());
        assertTrue(before.incidents().get(0).cause().why().startsWith("nothing before the grant could have ended"), before.incidents().get(0).cause().why());
    }

    @Test
    void aSecondGrantThatNothingExplainsIsADefectAndAClockJumpIsALimit() {
        CheckResult bare = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S).acquire(0, 1L).with("client", "c1").acquire(1, 2L).with("client", "c2")
                .release(0).release(1).check(new FencedMutex());
        assertFalse(bare.incidents().get(0).cause().leaseLimit());
        assertTrue(bare.incidents().get(0).cause().why().contains("granted the lock twice"));
        CheckResult clock = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S).acquire(0, 1L).with("client", "c1")
                .nemesis("clock-jump", Map.of("process", "redis-n2", "delta_ms", 4000)).with("hosts", List.of("n2"))
                .acquire(1, 2L).with("client", "c2").release(0).release(1).check(new FencedMutex());
        assertTrue(clock.incidents().get(0).cause().leaseLimit(), clock.incidents().get(0).cause().why());
        // a waiting client's wall clock jumping excuses nothing: a lock that judged expiry on it has a defect
        CheckResult client = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S).acquire(0, 1L).with("client", "c1")
                .invoke(1, "acquire").with("client", "c2")
                .nemesis("clock-jump", Map.of("process", "client-c2", "delta_ms", 60000)).with("hosts", List.of("c2"))
                .ok(1, "acquire", 2L).with("client", "c2").release(0).release(1).check(new FencedMutex());
        assertFalse(client.incidents().get(0).cause().leaseLimit(), client.incidents().get(0).cause().why());
        assertEquals(1, client.coverage().count("grant-on-moved-clock"), client.coverage().describe());
    }

    /**
     * A history whose fault events do not say their hosts (an imported or hand-written one) is read
     * by lockstorm's names: a server's clock by its process (redis-n2 → n2), never by its value's keys
     * ("process", "delta_ms" are no hosts), and a frozen server's process is that server's.
     */
    @Test
    void faultsWithoutTheirHostsAreReadByTheirProcessesNames() {
        Map<String, Object> facts = new java.util.LinkedHashMap<>(LEASE_2S);
        facts.put("servers", List.of("n1", "n2", "n3"));
        CheckResult clock = h().nemesis(NemesisEvent.RUN.f(), facts).acquire(0, 1L).with("client", "c1")
                .nemesis("clock-jump", Map.of("process", "redis-n2", "delta_ms", 4000))
                .acquire(1, 2L).with("client", "c2").release(0).release(1).check(new FencedMutex());
        assertEquals(List.of("n2"), clock.faults().get(0).hosts());
        assertTrue(clock.incidents().get(0).cause().leaseLimit(), clock.incidents().get(0).cause().why());
        assertTrue(clock.coverage().clockMoves().get(0).startsWith("n2's clock ahead 4.000 s"), clock.coverage().clockMoves().toString());
        CheckResult frozen = h().nemesis(NemesisEvent.RUN.f(), facts).acquire(0, 1L).with("client", "c1")
                .nemesis("start-pause", List.of("zk-n3")).gap(100).nemesis("stop-pause", List.of("zk-n3"))
                .release(0).check(new FencedMutex());
        assertEquals(List.of("n3"), frozen.faults().get(0).hosts());
        assertEquals(1, frozen.coverage().count("server-fault-while-held"), frozen.coverage().describe());
    }

    @Test
    void coverageSaysWhoseClockMovedWhichWayAndByHowMuch() {
        // c1 holds when its clock goes back a minute; c2's goes ahead while it waits, and it is granted; c3's while it rests; n2 is a server
        CheckResult r = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S).acquire(2, 1L).with("client", "c3").release(2)
                .acquire(0, 2L).with("client", "c1")
                .invoke(1, "acquire").with("client", "c2")
                .nemesis("clock-jump", Map.of("process", "client-c1", "delta_ms", -60000)).with("hosts", List.of("c1"))
                .nemesis("clock-jump", Map.of("process", "client-c2", "delta_ms", 1500)).with("hosts", List.of("c2"))
                .nemesis("clock-jump", Map.of("process", "client-c3", "delta_ms", 60000)).with("hosts", List.of("c3"))
                .nemesis("clock-jump", Map.of("process", "redis-n2", "delta_ms", 4000)).with("hosts", List.of("n2"))
                .release(0).ok(1, "acquire", 3L).with("client", "c2").release(1).check(new FencedMutex());
        List<String> moves = r.coverage().clockMoves();
        assertEquals(4, moves.size(), moves.toString());
        assertTrue(moves.get(0).startsWith("c1's clock back 60.000 s") && moves.get(0).endsWith(", while it held"), moves.get(0));
        assertTrue(moves.get(1).startsWith("c2's clock ahead 1.500 s") && moves.get(1).endsWith(", granted while moved"), moves.get(1));
        assertTrue(moves.get(2).startsWith("c3's clock ahead 60.000 s") && moves.get(2).endsWith("it tested nothing"), moves.get(2));
        assertTrue(moves.get(3).startsWith("n2's clock ahead 4.000 s") && moves.get(3).endsWith("(a server)"), moves.get(3));
        assertTrue(r.coverage().describe().contains("clocks: c1's clock back 60.000 s"), r.coverage().describe());
        // a server's clock set back and right again: whether a hold granted meanwhile was held as it was set right
        CheckResult right = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S)
                .nemesis("clock-jump", Map.of("process", "redis-n1", "delta_ms", -60000)).with("hosts", List.of("n1"))
                .acquire(0, 1L).with("client", "c1").gap(100).nemesis("clock-reset", List.of("redis-n1")).with("hosts", List.of("n1"))
                .release(0).nemesis("clock-jump", Map.of("process", "redis-n1", "delta_ms", -60000)).with("hosts", List.of("n1"))
                .gap(100).nemesis("clock-reset", List.of("redis-n1")).with("hosts", List.of("n1")).check(new FencedMutex());
        List<String> back = right.coverage().clockMoves();
        assertTrue(back.get(0).contains(", set right at 10") && back.get(0).endsWith(" under a hold granted while it was moved (a server)"), back.toString());
        assertTrue(back.get(1).endsWith("setting it right tested nothing (a server)"), back.toString());
        // a client that never acted is known from the run's list of client hosts: its clock is a client's, not a server's
        Map<String, Object> facts = new java.util.LinkedHashMap<>(LEASE_2S);
        facts.put("client_hosts", List.of("c1", "c2", "c4"));
        CheckResult quiet = h().nemesis(NemesisEvent.RUN.f(), facts).acquire(0, 1L).with("client", "c1")
                .nemesis("clock-jump", Map.of("process", "client-c4", "delta_ms", 60000)).with("hosts", List.of("c4"))
                .release(0).check(new FencedMutex());
        assertTrue(quiet.coverage().clockMoves().get(0).endsWith("it tested nothing"), quiet.coverage().clockMoves().toString());
        // no clock fault, no clock line
        CheckResult none = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S).acquire(0, 1L).with("client", "c1").release(0).check(new FencedMutex());
        assertTrue(none.coverage().clockMoves().isEmpty());
        assertFalse(none.coverage().describe().contains("clocks"));
    }

    @Test
    void aGrantedClientsFastMonotonicClockIsALimitAndNoOtherClockRateIs() {
        // a waiter that times the holder's lease on its own monotonic clock, running 5x fast: the lease ran out early for it
        CheckResult fast = grantAfterClockRate("client-c2", "c2", Map.of("process", "client-c2", "rate", 5.0, "clock", "monotonic"));
        assertTrue(fast.incidents().get(0).cause().leaseLimit(), fast.incidents().get(0).cause().why());
        assertTrue(fast.incidents().get(0).cause().why().contains("monotonic clock ran fast"), fast.incidents().get(0).cause().why());
        // another client's fast monotonic clock, the grantee's slow one, or its wall clock running fast explain nothing
        for (CheckResult r : List.of(
                grantAfterClockRate("client-c3", "c3", Map.of("process", "client-c3", "rate", 5.0, "clock", "monotonic")),
                grantAfterClockRate("client-c2", "c2", Map.of("process", "client-c2", "rate", 0.5, "clock", "monotonic")),
                grantAfterClockRate("client-c2", "c2", Map.of("process", "client-c2", "rate", 5.0)))) {
            assertFalse(r.incidents().get(0).cause().leaseLimit(), r.incidents().get(0).cause().why());
        }
    }

    /** c1 holds; c2 asks, the clock of {@code process} on {@code host} changes speed, c2 is granted; later c3 holds once. */
    private static CheckResult grantAfterClockRate(String process, String host, Map<String, Object> value) {
        return h().nemesis(NemesisEvent.RUN.f(), LEASE_2S).acquire(0, 1L).with("client", "c1")
                .invoke(1, "acquire").with("client", "c2")
                .nemesis("clock-rate", value).with("hosts", List.of(host))
                .ok(1, "acquire", 2L).with("client", "c2").release(0).release(1)
                .acquire(2, 3L).with("client", "c3").release(2).check(new FencedMutex());
    }

    @Test
    void aGrantIsOnAMovedClockOnlyWhileItsOwnClientsClockIsMoved() {
        CheckResult r = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S)
                .nemesis("clock-jump", Map.of("process", "client-c2", "delta_ms", -60000)).with("hosts", List.of("c2"))
                .acquire(0, 1L).with("client", "c1").release(0)
                .acquire(1, 2L).with("client", "c2").release(1)
                .nemesis("clock-reset", List.of("client-c2")).with("hosts", List.of("c2"))
                .acquire(1, 3L).with("client", "c2").release(1)
                .check(new FencedMutex());
        assertEquals(1, r.coverage().count("grant-on-moved-clock"), r.coverage().describe());
        assertTrue(r.coverage().dangerousReached());
    }

    @Test
    void aHoldPastItsLeaseIsALimitOnlyWhenTheHistorySaysTheLease() {
        var history = h().acquire(0, 1L).with("client", "c1").gap(3000).acquire(1, 2L).with("client", "c2").release(0).release(1);
        assertFalse(history.check(new FencedMutex()).incidents().get(0).cause().leaseLimit(), "no lease known: nothing explains it");
        CheckResult known = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S).acquire(0, 1L).with("client", "c1").gap(3000)
                .acquire(1, 2L).with("client", "c2").release(0).release(1).check(new FencedMutex());
        assertTrue(known.incidents().get(0).cause().leaseLimit(), known.incidents().get(0).cause().why());
        assertTrue(known.incidents().get(0).cause().why().contains("past its"), known.incidents().get(0).cause().why());
    }

    @Test
    void aGrantWithinAReplysTimeOfTheLeasesEndMayBeTheLeaseRunningOut() {
        // the holder asked at 0 and was answered 50 ms later; the service began the lease before its answer
        CheckResult atTheEnd = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S).invoke(0, "acquire").with("client", "c1").gap(50)
                .ok(0, "acquire", 1L).gap(1980).acquire(1, 2L).with("client", "c2").release(0).release(1).check(new FencedMutex());
        Incident.Cause doubt = atTheEnd.incidents().get(0).cause();
        assertTrue(doubt.leaseLimit(), "1.98 s after a 2 s lease's answer: it may have run out; " + doubt.why());
        assertTrue(doubt.why().contains("may have run out"), doubt.why());

        CheckResult inside = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S).invoke(0, "acquire").with("client", "c1").gap(50)
                .ok(0, "acquire", 1L).gap(1900).acquire(1, 2L).with("client", "c2").release(0).release(1).check(new FencedMutex());
        assertFalse(inside.incidents().get(0).cause().leaseLimit(), "0.1 s before the lease's end: more than a reply's time");
    }

    @Test
    void aHolderFrozenInsideItsAcquireMayHaveBeenGrantedBeforeTheFreeze() {
        // c1 asks, is frozen for 8 s (its grant may have been made just before), answered after; c2 granted right after
        CheckResult r = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S).invoke(0, "acquire").with("client", "c1")
                .nemesis("start-pause", List.of("client-c1-p0")).with("hosts", List.of("c1")).with("fault", "pause-at:after-grant").gap(8000)
                .nemesis("stop-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                .ok(0, "acquire", 1L).with("client", "c1").acquire(1, 2L).with("client", "c2").release(0).release(1).check(new FencedMutex());
        Incident.Cause c = r.incidents().get(0).cause();
        assertTrue(c.leaseLimit(), c.why());
        assertTrue(c.why().contains("inside its acquire"), c.why());
    }

    @Test
    void aHolderFrozenInsideItsAcquireBeforeItsGrantIsStillJudged() {
        // frozen between its GET and its SET, a point the lock places before its grant: its lease began after the freeze
        Incident.Cause before = frozenAtAfterGet(Map.of("after-get", "before-grant"));
        assertFalse(before.leaseLimit(), before.why());
        // and so is the same freeze replayed from a schedule, which names its step
        Incident.Cause replayed = frozenAt("pause-at:after-get#2", Map.of("after-get", "before-grant"));
        assertFalse(replayed.leaseLimit(), replayed.why());
        // so is one frozen at lockstorm's own point before the call
        CheckResult own = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S).invoke(0, "acquire").with("client", "c1")
                .nemesis("start-pause", List.of("client-c1-p0")).with("hosts", List.of("c1")).with("fault", "pause-at:before-acquire").gap(8000)
                .nemesis("stop-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                .ok(0, "acquire", 1L).with("client", "c1").acquire(1, 2L).with("client", "c2").release(0).release(1).check(new FencedMutex());
        assertFalse(own.incidents().get(0).cause().leaseLimit(), own.incidents().get(0).cause().why());
    }

    @Test
    void aHolderFrozenAtAPointOfItsAcquireAfterItsGrantOrAtOneThatIsNotPlacedMayHaveOutlivedItsLease() {
        // after the servers granted (between a SETNX and its EXPIRE), the lease ran while it was frozen: a lease limit
        Incident.Cause after = frozenAtAfterGet(Map.of("after-get", "after-grant"));
        assertTrue(after.leaseLimit(), after.why());
        assertFalse(after.why().contains("does not say"), after.why());
        // lockstorm's own point right after the grant, replayed from a schedule (its step named): it once read as before the grant,
        // and a correct lock's replay showed a "defect"
        Incident.Cause replayed = frozenAt("pause-at:after-grant#2", Map.of());
        assertTrue(replayed.leaseLimit(), replayed.why());
        assertFalse(replayed.why().contains("does not say"), replayed.why());
        // a point the run does not place (a lock that declares none) may lie either side, and is judged as one after; the words say so
        Incident.Cause unplaced = frozenAtAfterGet(Map.of());
        assertTrue(unplaced.leaseLimit(), unplaced.why());
        assertTrue(unplaced.why().contains("the lock does not say whether its point after-get comes before or after its servers grant"), unplaced.why());
        // another point placed says nothing of this one
        Incident.Cause other = frozenAtAfterGet(Map.of("after-set", "before-grant"));
        assertTrue(other.leaseLimit(), other.why());
    }

    /** c1 asks and is frozen 8 s at {@code after-get}, its lock's points placed as {@code points}; c2 is granted right after c1's answer. */
    private static Incident.Cause frozenAtAfterGet(Map<String, String> points) {
        return frozenAt("pause-at:after-get", points);
    }

    /** The same, the freeze's fault named {@code fault}. */
    private static Incident.Cause frozenAt(String fault, Map<String, String> points) {
        Map<String, Object> run = new java.util.HashMap<>(LEASE_2S);
        if (!points.isEmpty()) run.put("checkpoints", points);
        CheckResult r = h().nemesis(NemesisEvent.RUN.f(), run).invoke(0, "acquire").with("client", "c1")
                .nemesis("start-pause", List.of("client-c1-p0")).with("hosts", List.of("c1")).with("fault", fault).gap(8000)
                .nemesis("stop-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                .ok(0, "acquire", 1L).with("client", "c1").acquire(1, 2L).with("client", "c2").release(0).release(1).check(new FencedMutex());
        return r.incidents().get(0).cause();
    }

    @Test
    void aHolderFrozenInsideItsAcquireAtNoNamedPointMayHaveBeenGrantedFirst() {
        // frozen 8 s into its acquire where the history does not say (a GC pause, Jepsen's :pause): the server may have granted it
        // before the freeze, its reply waiting in the frozen client's socket, so its lease may have run out before its answer
        for (Map<String, Object> lease : List.of(LEASE_2S, RENEWED_2S)) {
            CheckResult r = h().nemesis(NemesisEvent.RUN.f(), lease).invoke(0, "acquire").with("client", "c1")
                    .nemesis("start-pause", List.of("client-c1-p0")).with("hosts", List.of("c1")).gap(8000)
                    .nemesis("stop-pause", List.of("client-c1-p0")).with("hosts", List.of("c1"))
                    .ok(0, "acquire", 1L).with("client", "c1").gap(100).acquire(1, 2L).with("client", "c2").release(0).release(1)
                    .check(new FencedMutex());
            assertTrue(r.incidents().get(0).cause().leaseLimit(), lease + ": " + r.incidents().get(0).cause().why());
        }
    }

    @Test
    void aGrantAnsweredAfterItsClientWasFrozenInsideItsAcquireMayPredateTheHold() {
        // c2 asks and is frozen 8 s inside its acquire; meanwhile c1 is granted; c2's answer (token 1: an older grant) comes after
        CheckResult r = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S).invoke(1, "acquire").with("client", "c2")
                .nemesis("start-pause", List.of("client-c2-p1")).with("hosts", List.of("c2")).gap(4000)
                .acquire(0, 2L).with("client", "c1").gap(4000)
                .nemesis("stop-pause", List.of("client-c2-p1")).with("hosts", List.of("c2"))
                .ok(1, "acquire", 1L).with("client", "c2").release(0).release(1).check(new FencedMutex());
        Incident.Cause c = r.incidents().get(0).cause();
        assertTrue(c.leaseLimit(), c.why());
        // a grant to a client that was not frozen is still judged
        CheckResult plain = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S).acquire(0, 1L).with("client", "c1").gap(100)
                .acquire(1, 2L).with("client", "c2").release(0).release(1).check(new FencedMutex());
        assertFalse(plain.incidents().get(0).cause().leaseLimit());
    }

    @Test
    void aPollingAcquiresLongWaitDoesNotExcuseADoubleGrant() {
        // the holder asked at 0 and polled for 1.5 s before its grant; another was granted 1 s after that answer
        CheckResult r = h().nemesis(NemesisEvent.RUN.f(), LEASE_2S).invoke(0, "acquire").with("client", "c1").gap(1500)
                .ok(0, "acquire", 1L).gap(1000).acquire(1, 2L).with("client", "c2").release(0).release(1).check(new FencedMutex());
        assertFalse(r.incidents().get(0).cause().leaseLimit(), r.incidents().get(0).cause().why());
    }

    @Test
    void aKillOfTheHolderCountsWhetherItNamesItOrListsOthersBeside() throws java.io.IOException {
        // by the name the history gives the holder (Maelstrom-style processes)
        dev.lockstorm.checker.history.History named = dev.lockstorm.checker.io.HistoryReader.read(new java.io.StringReader("""
                {"type":"invoke","process":"c1","f":"acquire","value":null}
                {"type":"ok","process":"c1","f":"acquire","value":1}
                {"type":"info","process":"nemesis","f":"kill-client","value":["c1"]}
                {"type":"invoke","process":"c2","f":"acquire","value":null}
                {"type":"ok","process":"c2","f":"acquire","value":2}
                """), "h", dev.lockstorm.checker.io.HistoryFormat.JSONL);
        CheckResult byName = dev.lockstorm.checker.Checker.check(named, new FencedMutex(),
                dev.lockstorm.checker.linear.SearchLimits.withTimeLimit(java.time.Duration.ofSeconds(10)));
        assertEquals(1, byName.coverage().count("holder-killed"), byName.coverage().describe());
        // one kill of two processes, the holder among them
        CheckResult two = h().invoke(3, "acquire").acquire(0, 1L).nemesis(NemesisEvent.KILL_CLIENT.f(), List.of(3, 0)).info(3, "acquire")
                .acquire(1, 2L).release(1).check(new FencedMutex());
        assertEquals(1, two.coverage().count("holder-killed"), two.coverage().describe());
        assertEquals(1, two.coverage().count("client-killed-in-acquire"), two.coverage().describe());
    }

    @Test
    void aClientKilledOrFrozenWithItsAcquireInFlightIsCounted() {
        CheckResult r = h().invoke(0, "acquire").with("client", "c1")
                .nemesis(NemesisEvent.KILL_CLIENT.f(), List.of(0)).with("hosts", List.of("c1"))
                .info(0, "acquire")
                .invoke(3, "acquire").with("client", "c1")
                .nemesis("start-pause", List.of("client-c1-p3")).with("hosts", List.of("c1"))
                .nemesis("stop-pause", List.of("client-c1-p3"))
                .ok(3, "acquire", 2L).release(3)
                .check(new FencedMutex());
        assertEquals(1, r.coverage().count("client-killed-in-acquire"), r.coverage().describe());
        assertEquals(1, r.coverage().count("client-paused-in-acquire"), r.coverage().describe());
        assertEquals(0, r.coverage().count("holder-killed"), "no certain hold was open");
    }
}
