package dev.lockstorm.faults;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each nemesis event read as what its fault did, and what that did to a holder on its links or in its process. */
@Tag("unit")
class FaultEffectTest {

    private static FaultEffect of(String f, Object value) {
        return FaultEffect.read(f, value, null);
    }

    @Test
    void everyFaultOfTheVocabularyHasItsEffectNamedAsItsSpan() {
        for (NemesisEvent e : NemesisEvent.values()) {
            if (!e.opens() || e.harnessFact()) continue;
            FaultEffect effect = of(e.f(), List.of("x"));
            assertEquals(e.span() == null ? e.f() : e.span().word(), effect.word(), e.f());
        }
        assertInstanceOf(FaultEffect.Other.class, of("bump-clock", null), "a word of an imported history's own");
    }

    /** The nemesis records a family healed with the event that closes what its fault opened. */
    @Test
    void everyLastingFaultIsClosedByTheEventOfItsOwnSpan() {
        assertEquals(NemesisEvent.STOP_LOSS, NemesisEvent.START_LOSS.closer());
        assertEquals(NemesisEvent.START, NemesisEvent.KILL.closer(), "a killed server is started again");
        assertEquals(NemesisEvent.CLOCK_RESET, NemesisEvent.START_CLOCK_STROBE.closer());
        for (NemesisEvent e : NemesisEvent.values()) {
            if (!e.opens() || e.span() == null) {
                assertNull(e.closer(), e + " opens no lasting fault");
            } else {
                assertEquals(e.span(), e.closer().span(), e.f());
                assertTrue(!e.closer().opens(), e.f());
            }
        }
    }

    @Test
    void aCutCutsTheHolderOffUnlessOnlyItsOwnInboundPacketsAreDropped() {
        Map<String, Object> refuses = Map.of("c1", List.of("n1", "n2", "n3"));
        assertEquals(FaultEffect.Impact.CUT_OFF, of("start-partition", refuses).onHolder("c1"), "dropped both ways by c1: unheard");
        FaultEffect inbound = FaultEffect.read("start-partition", refuses, "inbound");
        // its first requests arrive, but nothing new leaves once what it sent goes unacknowledged, and a renewal waits on the last one's answer
        assertEquals(FaultEffect.Impact.REPLIES_LOST, inbound.onHolder("c1"), "its replies lost");
        Judging one = new Judging(List.of("n1", "n2", "n3"), dev.lockstorm.api.LeaseModel.Judges.ONE, null, java.util.Set.of("c1", "c2"), java.util.Set.of());
        assertEquals(FaultEffect.Impact.REPLIES_LOST, inbound.onHolder("c1", one));
        assertTrue(inbound.keepsFrom("c1", one), "no renewal answered, none sent past the first");
        FaultEffect otherClient = FaultEffect.read("start-partition", Map.of("c1", List.of("c2")), "inbound");
        assertEquals(FaultEffect.Impact.NONE, otherClient.onHolder("c1", one), "hearing nothing from another client keeps it from no server");
        Judging majority = new Judging(List.of("n1", "n2", "n3"), dev.lockstorm.api.LeaseModel.Judges.MAJORITY, null, java.util.Set.of("c1"), java.util.Set.of());
        assertEquals(FaultEffect.Impact.NONE, FaultEffect.read("start-partition", Map.of("c1", List.of("n1")), "inbound").onHolder("c1", majority),
                "Redlock's holder still hears two masters of three");
        assertEquals(FaultEffect.Impact.REPLIES_LOST, FaultEffect.read("start-partition", Map.of("c1", List.of("n1", "n2")), "inbound").onHolder("c1", majority));
        FaultEffect servers = FaultEffect.read("start-partition", Map.of("c1", List.of("n1"), "n1", List.of("c1")), "inbound");
        assertEquals(FaultEffect.Impact.CUT_OFF, servers.onHolder("c1"), "n1 drops what c1 sends");
        assertEquals(FaultEffect.Impact.CUT_OFF, of("start-partition", "majorities-ring").onHolder("c1"), "a grudge the history does not say counts");
    }

    @Test
    void slowLossyAndLateLinksHoldUpTheRoundTripsOfTheHostsAtEitherEnd() {
        FaultEffect loss = of("start-loss", Map.of("percent", 30L, "from", Map.of("n1", List.of("c2"))));
        assertEquals(FaultEffect.Impact.LOSSY, loss.onHolder("c2"));
        assertEquals(FaultEffect.Impact.NONE, loss.onHolder("c1"));
        assertEquals(30L, ((FaultEffect.Loss) loss).percent());
        // a renewal is a request and its answer: c2 losing what n1 sends holds its renewals up as well
        FaultEffect repliesLossy = of("start-loss", Map.of("percent", 40L, "from", Map.of("c2", List.of("n1"))));
        assertEquals(FaultEffect.Impact.LOSSY, repliesLossy.onHolder("c2"));
        assertEquals(java.util.Set.of("n1"), ((FaultEffect.LinkFault) repliesLossy).heldUpWith("c2"));
        FaultEffect slow = of("start-slow", Map.of("kbit", 2L, "to", Map.of("c1", List.of("n1"), "n1", List.of())));
        assertEquals(FaultEffect.Impact.SLOWED, slow.onHolder("c1"));
        assertEquals(FaultEffect.Impact.NONE, slow.onHolder("c3"));
        FaultEffect slowReplies = of("start-slow", Map.of("kbit", 1L, "to", Map.of("n1", List.of("c1"))));
        assertEquals(FaultEffect.Impact.SLOWED, slowReplies.onHolder("c1"), "the answers its renewals wait on come slowly");
        FaultEffect delay = of("start-delay", Map.of("ms", 300L, "jitter_ms", 100L, "to", Map.of("c3", List.of("n1", "n2"))));
        assertEquals(FaultEffect.Impact.DELAYED, delay.onHolder("c3"));
        assertEquals(new FaultEffect.Delay(300L, 100L, Map.of("c3", List.of("n1", "n2"))), delay);
    }

    /** Links held up only to a host that judges no lease (the resource's service r1) keep the holder from nothing. */
    @Test
    void aFaultOfLinksKeepsTheHolderFromTheServersItHeldUpAndFromAMajorityOnlyWhenTooFewAreLeft() {
        List<String> servers = List.of("n1", "n2", "n3");
        java.util.Set<String> clients = java.util.Set.of("c1", "c2");
        var one = dev.lockstorm.api.LeaseModel.Judges.ONE;
        var majority = dev.lockstorm.api.LeaseModel.Judges.MAJORITY;
        FaultEffect.LinkFault toResource = (FaultEffect.LinkFault) of("start-loss", Map.of("percent", 40L, "from", Map.of("r1", List.of("c1"), "c1", List.of("r1"))));
        assertEquals(FaultEffect.Impact.LOSSY, toResource.onHolder("c1"), "its links are lossy");
        assertTrue(!toResource.keepsFrom("c1", new Judging(servers, one, null, clients)), "but not to a server");
        FaultEffect.LinkFault slowToOne = (FaultEffect.LinkFault) of("start-slow", Map.of("kbit", 1L, "to", Map.of("c1", List.of("n1"))));
        assertTrue(slowToOne.keepsFrom("c1", new Judging(servers, one, null, clients)), "the one server that judges may be n1");
        assertTrue(!slowToOne.keepsFrom("c1", new Judging(servers, majority, null, clients)), "n2 and n3 are a majority and hear it in time");
        // held on a bare majority (n1 may be one of the two): losing n1 leaves it on one, and n1 with the third is a majority
        assertTrue(slowToOne.keepsFrom("c1", new Judging(servers, majority, null, clients, java.util.Set.of(), 1)), "held where one loss ends it");
        assertTrue(!slowToOne.keepsFrom("c1", new Judging(servers, majority, null, clients, java.util.Set.of(), 2)), "held where two losses end it");
        FaultEffect.LinkFault delayToTwo = (FaultEffect.LinkFault) of("start-delay", Map.of("ms", 300L, "to", Map.of("c1", List.of("n1", "n2"))));
        assertTrue(delayToTwo.keepsFrom("c1", new Judging(servers, majority, null, clients)));
        assertTrue(!delayToTwo.keepsFrom("c2", new Judging(servers, one, null, clients)), "c2's links are untouched");
        FaultEffect.LinkFault cutFromR1 = (FaultEffect.LinkFault) of("start-partition", Map.of("c1", List.of("r1"), "r1", List.of("c1")));
        assertTrue(!cutFromR1.keepsFrom("c1", new Judging(servers, one, null, clients)));
        assertTrue(((FaultEffect.LinkFault) of("start-loss", Map.of("percent", 40L))).keepsFrom("c1", new Judging(servers, one, null, clients)), "unsaid links count");
    }

    /** A group's leader hears the holder through one member, not recorded: any member cut off from the leader (or from the holder) may be it. */
    @Test
    void aCutKeepsAHolderFromItsGroupsLeaderThroughAnyMemberCutOffFromIt() {
        List<String> servers = List.of("n1", "n2", "n3");
        java.util.Set<String> clients = java.util.Set.of("c1", "c2");
        var leader = dev.lockstorm.api.LeaseModel.Judges.LEADER;
        FaultEffect.Cut bridged = (FaultEffect.Cut) of("start-partition", Map.of("n1", List.of("n3"), "n3", List.of("n1")));
        assertTrue(bridged.keepsFrom("c1", new Judging(servers, leader, null, clients)), "the leader may be n1 and the holder on n3");
        assertTrue(bridged.keepsFrom("c1", new Judging(servers, leader, "n3", clients)));
        assertTrue(!bridged.keepsFrom("c1", new Judging(servers, leader, "n2", clients)), "every member reaches the leader n2");
        assertEquals(FaultEffect.Impact.CUT_OFF_FROM_LEADER, bridged.onHolder("c1", new Judging(servers, leader, "n1", clients)));
        assertEquals(FaultEffect.Impact.NONE, bridged.onHolder("c1", new Judging(servers, leader, "n2", clients)));
        assertTrue(!bridged.keepsFrom("c1", new Judging(servers, dev.lockstorm.api.LeaseModel.Judges.MAJORITY, null, clients)),
                "independent servers: n2 hears the holder and reaches a majority");
        FaultEffect.Cut fromN1 = (FaultEffect.Cut) of("start-partition", Map.of("c1", List.of("n1"), "n1", List.of("c1")));
        assertEquals(FaultEffect.Impact.CUT_OFF, fromN1.onHolder("c1", new Judging(servers, leader, "n2", clients)), "the holder may be on n1");

        // the member it was attached to, recorded: only a cut of that member from the leader keeps it from the leader
        assertTrue(!bridged.keepsFrom("c1", new Judging(servers, leader, null, clients, java.util.Set.of("n2"))), "n2 reaches every member");
        assertTrue(bridged.keepsFrom("c1", new Judging(servers, leader, null, clients, java.util.Set.of("n3"))), "n3 is cut from n1, which may lead");
        assertTrue(!bridged.keepsFrom("c1", new Judging(servers, leader, "n3", clients, java.util.Set.of("n3"))), "on the leader itself");
        // parted from its member, it reconnects anywhere: any member may carry it again
        assertEquals(FaultEffect.Impact.CUT_OFF, fromN1.onHolder("c1", new Judging(servers, leader, "n1", clients, java.util.Set.of("n1"))));
        // a record naming no server of the run (a proxy, the resource) says nothing
        assertTrue(bridged.keepsFrom("c1", new Judging(servers, leader, null, clients, java.util.Set.of("r1"))));
        FaultEffect.Cut split = (FaultEffect.Cut) of("start-partition", Map.of("n1", List.of("n2", "n3"), "n2", List.of("n1", "n3"), "n3", List.of("n1", "n2")));
        assertTrue(split.keepsFrom("c1", new Judging(servers, leader, null, clients)), "no member can lead");
        assertTrue(!((FaultEffect.Cut) of("start-partition", Map.of("c1", List.of("c2"), "c2", List.of("c1")))).keepsFrom("c1",
                new Judging(servers, leader, null, clients)));
        FaultEffect.LinkFault delayToN1 = (FaultEffect.LinkFault) of("start-delay", Map.of("ms", 300L, "to", Map.of("c1", List.of("n1"))));
        assertTrue(delayToN1.keepsFrom("c1", new Judging(servers, leader, null, clients)), "the holder may be on n1");
    }

    @Test
    void aWorkersNameIsReadBackAsItIsWritten() {
        assertEquals("client-c3-p12", new Worker("c3", 12).name());
        assertEquals(java.util.Optional.of(new Worker("c3", 12)), Worker.of("client-c3-p12"));
        assertEquals(java.util.Optional.empty(), Worker.of("zk-n1"));
        assertEquals(java.util.Optional.empty(), Worker.of("c3-p2"), "only a worker's whole name");
        assertEquals(List.of("c3", "n1"), new FaultEffect.Freeze(List.of("client-c3-p2", "client-c3-p7", "n1")).named().orElseThrow());
    }

    @Test
    void aProcessIsReadAsTheHostItRunsOn() {
        assertEquals(java.util.Optional.of("c3"), ProcessNames.host("client-c3-p2"));
        assertEquals(java.util.Optional.of("n1"), ProcessNames.host("zk-n1"));
        assertEquals(java.util.Optional.of("n2"), ProcessNames.host("redis-n2"));
        assertEquals(java.util.Optional.of("n1"), ProcessNames.host("n1"), "Jepsen's nodes are hosts already");
        assertEquals(java.util.Optional.empty(), ProcessNames.host("[reset] c1 refuses [n1]"));
        assertEquals(List.of("n1"), new FaultEffect.Freeze(List.of("zk-n1")).named().orElseThrow());
        assertEquals(List.of("c2"), new FaultEffect.Clock("client-c2-p1", new FaultEffect.Move.Jump(1)).named().orElseThrow());
        assertEquals(List.of(), new FaultEffect.Clock("{rate=3}", new FaultEffect.Move.Unknown()).named().orElseThrow(),
                "a clock whose process is unsaid names no host, never its value's keys");
    }

    @Test
    void aClockSaysWhoseAndWhichWayAndHoldsNoHolderUp() {
        FaultEffect back = of("clock-jump", Map.of("process", "redis-n1", "delta_ms", -60_000L));
        assertEquals(new FaultEffect.Clock("redis-n1", new FaultEffect.Move.Jump(-60_000)), back);
        assertEquals(FaultEffect.Impact.NONE, back.onHolder("c1"));
        assertEquals(new FaultEffect.Move.Rate(3.0, true),
                ((FaultEffect.Clock) of("clock-rate", Map.of("process", "client-c2-p1", "rate", 3.0, "clock", "monotonic"))).move());
        assertEquals(new FaultEffect.Move.Rate(0.5), ((FaultEffect.Clock) of("clock-rate", Map.of("process", "redis-n1", "rate", 0.5))).move());
        assertEquals(new FaultEffect.Move.Unknown(), ((FaultEffect.Clock) of("clock-jump", "n1")).move());
    }

    @Test
    void freezesRenewalsAndKillsAnswerForThemselves() {
        assertEquals(FaultEffect.Impact.FROZEN, of("start-pause", List.of("client-c1-p0")).onHolder("c1"));
        assertEquals(List.of("client-c1-p0"), ((FaultEffect.Freeze) of("start-pause", List.of("client-c1-p0"))).processes());
        assertEquals(List.of("c0"), ((FaultEffect.Freeze) of("start-pause", Map.of("clients", List.of("c0")))).processes());
        assertEquals(FaultEffect.Impact.UNRENEWED, of("hold-renewals", List.of("c2")).onHolder("c2"));
        assertEquals(FaultEffect.Impact.NONE, of("kill", List.of("n1")).onHolder("c1"));
        assertEquals(FaultEffect.Impact.NONE, of("kill-client", List.of(3L)).onHolder("c1"), "a killed holder is dead, not held up");
        assertEquals(List.of(3L), ((FaultEffect.KillClient) of("kill-client", List.of(3L))).processes());
    }

    @Test
    void eachFamilySaysWhatItDoesToTheProcessesItNamesAndWhetherItMovesAClockOrLasts() {
        java.util.Map<FaultEffect.OnProcess, java.util.Set<String>> byProcess = new java.util.EnumMap<>(FaultEffect.OnProcess.class);
        for (FaultEffect e : WRITTEN) byProcess.computeIfAbsent(e.onProcess(), k -> new java.util.TreeSet<>()).add(e.word());
        assertEquals(Map.of(FaultEffect.OnProcess.FREEZES, java.util.Set.of("pause"), FaultEffect.OnProcess.CRASHES_SERVER, java.util.Set.of("kill"),
                FaultEffect.OnProcess.KILLS_CLIENT, java.util.Set.of("kill-client"),
                FaultEffect.OnProcess.NONE, java.util.Set.of("partition", "loss", "slow", "delay", "renewals", "clock")), byProcess);
        for (FaultEffect e : WRITTEN) {
            assertEquals(e instanceof FaultEffect.Clock, e.clockMove().isPresent(), e + " moves a clock");
            assertEquals(e instanceof FaultEffect.KillClient, e.instant(), e + " is a fault of an instant");
            // a cut of the servers, or the server that times the lease killed (a frozen one too, but the family's row freezes a worker)
            assertEquals(e instanceof FaultEffect.Cut || e instanceof FaultEffect.Kill, e.pastItsHosts("c9", List.of("n1"),
                    Judging.one(List.of("n1", "n2", "n3"), java.util.Set.of("c9"))).isPresent(), e + " may hold up a holder it does not name, where one server judges its lease");
        }
        Judging group = new Judging(List.of("n1", "n2", "n3"), dev.lockstorm.api.LeaseModel.Judges.LEADER, "n2", java.util.Set.of("c1", "c2"));
        FaultEffect member = new FaultEffect.Freeze(List.of("zk-n1"));
        assertEquals(java.util.Optional.of(FaultEffect.Impact.MEMBER_FROZEN), member.pastItsHosts("c1", List.of("n1"), group),
                "the member the holder was attached to is not recorded: any may be it");
        Judging onN3 = new Judging(List.of("n1", "n2", "n3"), dev.lockstorm.api.LeaseModel.Judges.LEADER, "n2", java.util.Set.of("c1", "c2"), java.util.Set.of("n3"));
        assertEquals(java.util.Optional.empty(), member.pastItsHosts("c1", List.of("n1"), onN3), "a follower it was not attached to");
        assertEquals(java.util.Optional.of(FaultEffect.Impact.MEMBER_FROZEN), new FaultEffect.Freeze(List.of("zk-n3")).pastItsHosts("c1", List.of("n3"), onN3));
        assertEquals(java.util.Optional.of(FaultEffect.Impact.MEMBER_FROZEN), new FaultEffect.Freeze(List.of("zk-n2")).pastItsHosts("c1", List.of("n2"), onN3),
                "the leader frozen: its followers drop their clients");
        assertEquals(java.util.Optional.empty(), new FaultEffect.Freeze(List.of("client-c2-p1")).pastItsHosts("c1", List.of("c2"), group),
                "another client's worker frozen holds up nobody else");
        assertEquals(java.util.Optional.of(FaultEffect.Impact.SERVERS_FROZEN), member.pastItsHosts("c1", List.of("n1"), Judging.one(List.of("n1"), java.util.Set.of("c1"))),
                "the one server that times the lease, frozen, takes no renewal while its clock runs on");
        assertEquals(java.util.Optional.of(FaultEffect.Impact.SERVERS_FROZEN), member.pastItsHosts("c1", List.of("n1"), Judging.one(List.of("n1", "n2", "n3"), java.util.Set.of("c1"))),
                "no master named: the frozen one may be it");
        assertEquals(java.util.Optional.empty(), member.pastItsHosts("c1", List.of("n1"),
                new Judging(List.of("n1", "n2", "n3"), dev.lockstorm.api.LeaseModel.Judges.KEY_MASTER, "n2", java.util.Set.of("c1"))),
                "a replica frozen: the master the watch named times the lease");
        Judging quorum = new Judging(List.of("n1", "n2", "n3"), dev.lockstorm.api.LeaseModel.Judges.MAJORITY, null, java.util.Set.of("c1"));
        assertEquals(java.util.Optional.empty(), member.pastItsHosts("c1", List.of("n1"), quorum), "two of three still renew a majority's lease");
        assertEquals(java.util.Optional.of(FaultEffect.Impact.SERVERS_FROZEN),
                new FaultEffect.Freeze(List.of("redis-n1", "redis-n2")).pastItsHosts("c1", List.of("n1", "n2"), quorum), "one of three left is no majority");
        assertEquals(java.util.Optional.empty(), new FaultEffect.Freeze(List.of("client-c1-p0")).pastItsHosts("c2", List.of("c1", "n1"),
                Judging.one(List.of("n1"), java.util.Set.of("c1", "c2"))), "a frozen worker holds up its own client only, whatever else its line names");
        assertEquals(List.of(new Worker("c1", 0)), new FaultEffect.Freeze(List.of("client-c1-p0", "zk-n1")).workers(), "a server's process is no worker");
        assertEquals(List.of(), new FaultEffect.KillClient(List.of(3)).workers(), "killed clients are numbers, read against the history");
        FaultEffect split = new FaultEffect.Cut(Map.of("n1", List.of("n2", "n3"), "n2", List.of("n1"), "n3", List.of("n1")), CutStyle.BLACKHOLE);
        assertTrue(split.isolates("n1", List.of("n1", "n2", "n3"), java.util.Set.of()));
        assertFalse(split.isolates("n2", List.of("n1", "n2", "n3"), java.util.Set.of()), "n2 still has a majority with n3");
        assertFalse(new FaultEffect.Freeze(List.of("zk-n1")).isolates("n1", List.of("n1", "n2", "n3"), java.util.Set.of()), "only a cut isolates");
        assertEquals(new FaultEffect.Move.Jump(-60_000), new FaultEffect.Clock("client-c1-p0", new FaultEffect.Move.Jump(-60_000)).clockMove().orElseThrow());
    }

    /** One written fault of every family and every clock move: what the nemesis writes. */
    private static final List<FaultEffect> WRITTEN = List.of(
            new FaultEffect.Freeze(List.of("client-c1-p0")),
            new FaultEffect.Cut(Map.of("c1", List.of("n1", "n2")), CutStyle.INBOUND),
            new FaultEffect.Cut(Map.of("n1", List.of("n2"), "n2", List.of("n1")), CutStyle.BLACKHOLE),
            new FaultEffect.Cut(Map.of("n1", List.of("n2")), CutStyle.RESET),
            new FaultEffect.Loss(40, Map.of("c1", List.of("n1"))),
            new FaultEffect.Slow(8, Map.of("c1", List.of("n1"))),
            new FaultEffect.Delay(300, 100, Map.of("c3", List.of("n1", "n2"))),
            new FaultEffect.Kill(List.of("n2")),
            new FaultEffect.Renewals(List.of("c2")),
            new FaultEffect.Clock("client-c1-p0", new FaultEffect.Move.Jump(-60_000)),
            new FaultEffect.Clock("redis-n1", new FaultEffect.Move.Rate(1.5)),
            new FaultEffect.Clock("client-c2-p1", new FaultEffect.Move.Rate(3.0, true)),
            new FaultEffect.Clock("zk-n2", new FaultEffect.Move.Strobe(4_000, 200L)),
            new FaultEffect.KillClient(List.of(3)));

    @Test
    void whatTheNemesisWritesThroughAFamilysRecordReadsBackAsThatRecord() {
        for (FaultEffect written : WRITTEN) {
            String cut = written instanceof FaultEffect.Cut c ? c.cut() : null;
            assertEquals(null, FaultEffect.problem(written.opens().f(), written.value(), cut), written.toString());
            FaultEffect read = FaultEffect.read(written.opens().f(), written.value(), cut);
            assertEquals(written, read, "written as " + written.opens().f() + " " + written.value());
            assertTrue(written.opens().opens(), written.opens() + " begins a fault");
        }
        assertNull(new FaultEffect.Cut(Map.of(), CutStyle.BLACKHOLE).cut(), "silent drops, the default, are left unsaid");
    }

    @Test
    void everyFamilyAndEveryFaultWordIsWrittenByARecord() {
        java.util.Set<Class<?>> families = new java.util.HashSet<>();
        java.util.Set<NemesisEvent> words = java.util.EnumSet.noneOf(NemesisEvent.class);
        for (FaultEffect e : WRITTEN) {
            families.add(e.getClass());
            words.add(e.opens());
        }
        for (Class<?> family : records(FaultEffect.class)) {
            if (family != FaultEffect.Other.class) assertTrue(families.contains(family), family.getSimpleName() + " has no written sample here");
        }
        for (NemesisEvent e : NemesisEvent.values()) {
            if (e.opens() && !e.harnessFact()) assertTrue(words.contains(e), e.f() + " is written by no family's record");
        }
        assertNull(new FaultEffect.Other("bump-clock").opens(), "an imported history's own word is read, never written");
        assertNull(new FaultEffect.Clock("n1", new FaultEffect.Move.Unknown()).opens());
    }

    @Test
    void eachFamilySaysWhatItActedOnAndLabelsItsBandPerHost() {
        FaultEffect reset = new FaultEffect.Cut(Map.of("c1", List.of("n1", "n2")), CutStyle.RESET);
        assertEquals("[reset] c1 refuses [n1, n2]", reset.what().orElseThrow());
        assertEquals("cut off from n1, n2 (answered with resets)", reset.label("c1", "x"));
        assertEquals("partition x", reset.label("n3", "x"), "a host the grudge does not list");
        assertEquals("n1 refuses [n2]", of("start-partition", Map.of("n1", "n2")).what().orElseThrow(), "one host, not in a list");
        assertTrue(of("start-partition", "majorities-ring").what().isEmpty(), "a grudge the history does not say");
        FaultEffect loss = new FaultEffect.Loss(40, Map.of("c1", List.of("n1")));
        assertEquals("c1 loses 40% from [n1]", loss.what().orElseThrow());
        assertEquals("losing 40% of the packets from n1", loss.label("c1", ""));
        assertEquals("lossy links", loss.label("n1", ""));
        FaultEffect delay = new FaultEffect.Delay(300, 100, Map.of("c3", List.of("n1", "n2")));
        assertEquals("c3 delayed 300 ± 100 ms with [n1, n2]", delay.what().orElseThrow());
        assertEquals("300 ± 100 ms late each way with n1, n2", delay.label("c3", ""));
        assertEquals("c3 delayed 300 ms with [n1]", new FaultEffect.Delay(300, 0, Map.of("c3", List.of("n1"))).what().orElseThrow());
        assertEquals("c1 sends 8 kbit/s to [n1]", new FaultEffect.Slow(8, Map.of("c1", List.of("n1"))).what().orElseThrow());
        FaultEffect strobe = new FaultEffect.Clock("zk-n2", new FaultEffect.Move.Strobe(4_000, 200L));
        assertEquals("zk-n2", strobe.what().orElseThrow());
        assertEquals("clock +4.0 s strobe", strobe.label("n2", "zk-n2"));
        assertEquals("clock -60.0 s", new FaultEffect.Clock("c1", new FaultEffect.Move.Jump(-60_000)).label("c1", ""));
        assertEquals("clock ×1.5", new FaultEffect.Clock("c1", new FaultEffect.Move.Rate(1.5)).label("c1", ""));
        assertEquals("paused (SIGSTOP) client-c1-p0", new FaultEffect.Freeze(List.of("client-c1-p0")).label("c1", "client-c1-p0"));
        assertEquals("bump-clock n1", new FaultEffect.Other("bump-clock").label("n1", "n1"));
    }

    /** What the incidents' causes ask a fault of its size and timing, each family answering for itself. */
    @Test
    void eachFamilySaysHowMuchItHeldUpAndHowFarItMovedAClock() {
        long second = 1_000_000_000L;
        assertEquals(60 * second, new FaultEffect.Move.Jump(60_000).aheadNanos(second, 0, 2 * second).getAsLong());
        assertEquals(-60 * second, new FaultEffect.Move.Jump(-60_000).aheadNanos(second, 0, 2 * second).getAsLong(), "set back: behind");
        assertEquals(0, new FaultEffect.Move.Jump(60_000).aheadNanos(second, 2 * second, 3 * second).getAsLong(),
                "a lease stamped after the jump is timed on the clock as moved");
        assertEquals(4 * second, new FaultEffect.Move.Strobe(-4_000, 200L).aheadNanos(0, 0, second).getAsLong(), "a strobe jumps both ways");
        assertEquals(0, new FaultEffect.Move.Strobe(4_000, 200L).aheadNanos(0, 2 * second, second).getAsLong(), "stopped before the stamp");
        assertEquals(5 * second, new FaultEffect.Move.Rate(1.5).aheadNanos(0, 2 * second, 12 * second).getAsLong(), "half of the ten seconds gained");
        assertEquals(5 * second, new FaultEffect.Move.Rate(1.5).aheadNanos(2 * second, 0, 12 * second).getAsLong(), "from the move's start");
        assertEquals(0, new FaultEffect.Move.Rate(3.0, true).aheadNanos(0, 5 * second, 2 * second).getAsLong(), "no time, nothing gained");
        assertTrue(new FaultEffect.Move.Unknown().aheadNanos(0, 0, second).isEmpty(), "the history does not say");
        assertEquals(3.0, new FaultEffect.Move.Rate(3.0, true).monotonicRate().getAsDouble());
        assertTrue(new FaultEffect.Move.Rate(3.0).monotonicRate().isEmpty(), "a wall clock's rate times no monotonic lease");

        assertEquals("loses 10 % of packets: TCP carries a renewal through (lockstorm counts 30 % or more)",
                new FaultEffect.Loss(10, null).tooMild().orElseThrow());
        assertTrue(new FaultEffect.Loss(30, null).tooMild().isEmpty());
        assertTrue(new FaultEffect.Loss(null, null).tooMild().isEmpty(), "an unsaid share is taken as enough");
        assertTrue(new FaultEffect.Slow(128, null).tooMild().isPresent());
        assertTrue(new FaultEffect.Slow(8, null).tooMild().isEmpty());
        assertTrue(new FaultEffect.Freeze(List.of("client-c1-p0")).tooMild().isEmpty());

        assertEquals(400_000_000L, new FaultEffect.Delay(300, 100, null).lateNanos().getAsLong(), "the delay and its jitter");
        assertTrue(new FaultEffect.Delay(null, null, null).lateNanos().isEmpty());
        assertTrue(new FaultEffect.Cut(null, CutStyle.BLACKHOLE).lateNanos().isEmpty(), "a cut delivers nothing late");
        assertTrue(new FaultEffect.Cut(null, CutStyle.RESET).resetsConnections());
        assertTrue(!new FaultEffect.Cut(null, CutStyle.INBOUND).resetsConnections());

        // a fault not of links keeps the holder from every server whenever it touched it
        assertTrue(new FaultEffect.Freeze(List.of("client-c1-p0")).keepsFrom("c1", Judging.one(List.of("n1"), java.util.Set.of("c1"))));
        assertTrue(!new FaultEffect.Kill(List.of("n1")).keepsFrom("c1", Judging.one(List.of("n1"), java.util.Set.of("c1"))));
    }

    /** Every record a sealed type permits, through the sealed interfaces between (a family that lists what it acted on). */
    private static List<Class<?>> records(Class<?> sealed) {
        List<Class<?>> out = new java.util.ArrayList<>();
        for (Class<?> c : sealed.getPermittedSubclasses()) {
            if (c.isSealed()) out.addAll(records(c));
            else out.add(c);
        }
        return out;
    }
}
