package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.faults.CutStyle;
import dev.lockstorm.nemesis.ClockJump;
import dev.lockstorm.nemesis.ClockRate;
import dev.lockstorm.nemesis.ClockStrobe;
import dev.lockstorm.nemesis.Delay;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.HoldRenewals;
import dev.lockstorm.nemesis.Kill;
import dev.lockstorm.nemesis.KillClient;
import dev.lockstorm.nemesis.Loss;
import dev.lockstorm.nemesis.Pause;
import dev.lockstorm.nemesis.Slow;
import dev.lockstorm.nemesis.replay.Step;
import dev.lockstorm.nemesis.replay.Trigger;
import dev.lockstorm.suite.internal.nemesiskinds.RecordingNemesis.Act;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every nemesis kind's plan, run in virtual time against a recording nemesis ({@link PlanWorld}): what
 * it injects, at which moments, against which targets, for how long, and that it leaves nothing in
 * force. The table of expectations has a row for every kind {@link NemesisKinds#all()} lists, and a
 * kind without one fails the test, so a new kind comes with the statement of what its plan does.
 * The lease is 4 s, a fault comes every ~3 s, a frozen client stays frozen 8 s, a run's holds are drawn
 * from 0.5 to 1.5 s, and clients are granted the lock every 2 s in turn, each holding it 1.5 s.
 */
@Tag("unit")
class NemesisKindPlansTest {
    private static final Rhythm RHYTHM = new Rhythm(Duration.ofSeconds(4), Duration.ofSeconds(3), Duration.ofSeconds(8), Duration.ofSeconds(60),
            Duration.ofMillis(500), Duration.ofMillis(1_500));
    private static final long LEASE = 4_000;
    private static final List<String> SERVERS = List.of("n1", "n2", "n3");
    private static final List<String> CLIENTS = List.of("c1", "c2", "c3", "c4", "c5");

    /** What one kind's plan did. */
    record Played(PlanWorld world, List<Act> acts, int injected) {
        List<Act> of(String verb) {
            return acts.stream().filter(a -> a.verb().equals(verb)).toList();
        }

        /** The acts that started faults (not heals, misses or the world's own). */
        List<Act> starts() {
            return acts.stream().filter(a -> !a.verb().startsWith("heal-") && !Set.of("resume", "restart", "clock-reset", "resume-renewals", "missed", "promote")
                    .contains(a.verb())).toList();
        }

        /** How long each act of {@code verb} stood, to the first later act of {@code undo} on the same targets (any, for a heal of everything). */
        List<Long> lengths(String verb, String undo) {
            List<Long> out = new ArrayList<>();
            for (int i = 0; i < acts.size(); i++) {
                Act a = acts.get(i);
                if (!a.verb().equals(verb)) continue;
                Act end = null;
                for (int j = i + 1; j < acts.size() && end == null; j++) {
                    Act b = acts.get(j);
                    if (b.verb().equals(undo) && (b.on().isEmpty() || b.on().equals(a.on()))) end = b;
                }
                if (end == null) fail(a + " was never undone by " + undo + ": " + acts);
                out.add(end.atMs() - a.atMs());
            }
            return out;
        }

        Set<String> faults() {
            return starts().stream().map(Act::fault).filter(Objects::nonNull).collect(Collectors.toCollection(LinkedHashSet::new));
        }
    }

    /** The client that held the lock at {@code ms} (the world's turns), or null between holds. */
    private static String holderAt(long ms, int clients) {
        if (ms % 2_000 >= 1_500) return null;
        return "c" + ((ms / 2_000) % clients + 1);
    }

    /** Whether {@code ms} is right after a grant (within the 300 ms a run calls "just acquired"). */
    private static boolean rightAfterAGrant(long ms) {
        return ms % 2_000 < 300;
    }

    /** Whether {@code length} is one of the schedule's draws around one of {@code marks}: 0.8, 0.95, 1.05, 1.25 or 2 times it. */
    private static boolean around(long length, long... marks) {
        for (long m : marks) for (double a : new double[] {0.8, 0.95, 1.05, 1.25, 2.0}) if (Math.abs(length - m * a) <= 1) return true;
        return false;
    }

    /** Jittered as a schedule jitters a mean: from half of it to one and a half times it. */
    private static boolean jittered(long length, long mean) {
        return length >= mean / 2 - 1 && length <= mean * 3 / 2 + 1;
    }

    private static Played play(NemesisKind kind, int clients, int readers, boolean clocks) {
        return play(kind, new PlanWorld(kind, RHYTHM, 7, clients, readers, clocks));
    }

    private static Played play(NemesisKind kind, PlanWorld world) {
        RecordingNemesis nemesis = world.nemesis;
        kind.setUp(world, nemesis);
        int injected = kind.plan(world).map(p -> p.run(nemesis, RHYTHM.timeLimit())).orElse(0);
        kind.tearDown(world);
        // the contract of every plan: it returns with nothing in force, and no fault starts after the end (a freeze made by
        // a client itself at a point being disarmed is recorded a moment after)
        assertTrue(nemesis.quiet(), kind.name() + " left a fault in force: " + nemesis.acts);
        for (Act a : new Played(world, nemesis.acts, injected).starts()) {
            assertTrue(a.atMs() <= RHYTHM.timeLimit().toMillis() + 500, kind.name() + " started a fault after the end: " + a);
        }
        return new Played(world, List.copyOf(nemesis.acts), injected);
    }

    private static Played play(NemesisKind kind) {
        return play(kind, 5, 0, true);
    }

    private static void onlyOn(Played p, String verb, List<String> allowed) {
        for (Act a : p.of(verb)) assertTrue(allowed.containsAll(a.on()), a + " is not among " + allowed);
    }

    /** Every act of {@code verb} came right after a grant and hit the client that held the lock then. */
    private static void onTheHolderRightAfterAGrant(Played p, String verb) {
        assertFalse(p.of(verb).isEmpty(), "no " + verb + ": " + p.acts());
        for (Act a : p.of(verb)) {
            assertTrue(rightAfterAGrant(a.atMs()), a + " did not come right after a grant");
            String holder = holderAt(a.atMs(), p.world().clients.size());
            assertTrue(a.on().stream().anyMatch(o -> o.equals(holder) || o.startsWith("worker-" + holder + "-")), a + " missed the holder " + holder);
        }
    }

    /** The grudge of a partition act. */
    private static Grudge grudge(Act a) {
        return (Grudge) a.detail();
    }

    /** Who refuses whom, by host name. */
    private static Map<String, Set<String>> refuses(Act a) {
        Map<String, Set<String>> m = new LinkedHashMap<>();
        grudge(a).refuses().forEach((h, others) -> m.put(h, Set.copyOf(others)));
        return m;
    }

    /** A host cut off from every server both ways. */
    private static void cutOffServers(Act a, String host) {
        assertEquals(Set.copyOf(SERVERS), refuses(a).get(host), a.toString());
        for (String s : SERVERS) assertTrue(refuses(a).get(s).contains(host), a.toString());
    }

    private final Map<String, Consumer<Played>> expected = new LinkedHashMap<>();

    {
        expected.put("none", p -> assertTrue(p.acts().isEmpty(), p.acts().toString()));
        expected.put("partition", p -> {
            assertTrue(p.of("partition").size() >= 5, p.acts().toString());
            onlyOn(p, "partition", SERVERS);
            assertTrue(Set.of("isolate-leader", "random-halves", "bridge").containsAll(p.faults()), p.faults().toString());
            for (Act a : p.of("partition")) {
                if (a.fault().equals("isolate-leader")) assertEquals(Set.of("n2", "n3"), refuses(a).get("n1"), "the leader n1 isolated: " + a);
            }
            for (long l : p.lengths("partition", "heal-partition")) assertTrue(around(l, LEASE, LEASE + 1_000), l + " ms");
        });
        expected.put("pause-node", p -> {
            assertTrue(p.of("pause").size() >= 5, p.acts().toString());
            for (Act a : p.of("pause")) assertEquals(List.of("server-n1"), a.on(), "the leader frozen: " + a);
            for (long l : p.lengths("pause", "resume")) assertTrue(around(l, LEASE, LEASE + 1_000), l + " ms");
        });
        expected.put("pause-client", p -> {
            onTheHolderRightAfterAGrant(p, "pause");
            for (Act a : p.of("pause")) assertEquals("holder", a.detail());
            List<Long> lengths = p.lengths("pause", "resume");
            for (long l : lengths) assertTrue(around(l, LEASE, 2 * LEASE), l + " ms");
        });
        expected.put("pause-client-past-lease", p -> {
            onTheHolderRightAfterAGrant(p, "pause");
            for (long l : p.lengths("pause", "resume")) assertTrue(l >= LEASE && jittered(l, 8_000), "past the lease: " + l + " ms");
        });
        expected.put("kill", p -> {
            assertTrue(p.of("kill").size() >= 5, p.acts().toString());
            onlyOn(p, "kill", SERVERS);
            for (Act a : p.of("kill")) assertTrue(rightAfterAGrant(a.atMs()), a.toString());
            for (long l : p.lengths("kill", "restart")) assertTrue(jittered(l, 1_000), "back after about a second: " + l + " ms");
        });
        expected.put("kill-once", p -> {
            assertEquals(1, p.of("kill").size(), p.acts().toString());
            assertTrue(rightAfterAGrant(p.of("kill").get(0).atMs()));
        });
        expected.put("kill-client", p -> {
            onTheHolderRightAfterAGrant(p, "kill-client");
            for (Act a : p.of("kill-client")) assertEquals("holder", a.detail());
            assertEquals(p.of("kill-client").size(), p.starts().size(), "nothing but the holder killed: " + p.acts());
        });
        expected.put("clock", p -> {
            List<Act> jumps = p.of("clock-jump");
            // first, every client's clock at once (the holder's among them), a minute back or ahead, right after a grant
            Act first = p.starts().get(0);
            List<Act> together = jumps.stream().filter(a -> a.atMs() == first.atMs()).toList();
            assertEquals(Set.copyOf(CLIENTS), together.stream().flatMap(a -> a.on().stream()).collect(Collectors.toSet()), together.toString());
            assertTrue(rightAfterAGrant(first.atMs()), first.toString());
            assertEquals(60_000, Math.abs(((Duration) first.detail()).toMillis()));
            // both ways among the clients' faults, back and ahead, and the servers' clocks in between
            Set<Long> clientDeltas = jumps.stream().filter(a -> a.on().get(0).startsWith("c")).map(a -> ((Duration) a.detail()).toMillis()).collect(Collectors.toSet());
            assertEquals(Set.of(-60_000L, 60_000L), clientDeltas);
            Set<String> serverFaults = p.faults().stream().filter(f -> !f.startsWith("clients-")).collect(Collectors.toSet());
            assertFalse(serverFaults.isEmpty(), "no server clock moved: " + p.faults());
            for (String f : serverFaults) assertTrue(f.matches("(jump|fast|strobe|back)-n[123]"), f);
            for (Act a : jumps) {
                // a server jumps past the lease, or a minute back until it is set right
                if (a.on().get(0).startsWith("n")) {
                    assertEquals(a.fault().startsWith("back-") ? -60_000 : 2 * LEASE, ((Duration) a.detail()).toMillis(), a.toString());
                }
            }
            // a client fault is held until a client that waited is granted the lock on its moved clock: a grant to another
            for (Act a : jumps.stream().filter(j -> j.on().equals(List.of("c1"))).toList()) {
                long reset = p.acts().stream().filter(b -> b.verb().equals("clock-reset") && b.on().equals(List.of("c1")) && b.atMs() > a.atMs())
                        .findFirst().orElseThrow().atMs();
                long nextGrant = (a.atMs() / 2_000 + 1) * 2_000;
                assertTrue(reset >= nextGrant, "reset at " + reset + " ms, before the next grant at " + nextGrant + " ms");
            }
            assertTrue(p.of("missed").isEmpty(), p.of("missed").toString());
        });
        expected.put("flaky-net", p -> {
            // one of each kind of flaky link first, in turn, each on the holder's links to every server
            List<String> firstFive = p.starts().stream().map(Act::fault).distinct().limit(5).toList();
            assertEquals(Set.of("blackhole-holder", "reset-holder", "replies-lost-holder", "lossy-holder", "slow-holder"), Set.copyOf(firstFive));
            for (Act a : p.starts()) {
                String holder = holderAt(a.atMs(), 5);
                assertTrue(rightAfterAGrant(a.atMs()) && a.on().contains(holder) && a.on().containsAll(SERVERS), a.toString());
            }
            for (Act a : p.of("partition")) {
                CutStyle style = grudge(a).style();
                assertEquals(a.fault().equals("reset-holder") ? CutStyle.RESET : a.fault().equals("blackhole-holder") ? CutStyle.BLACKHOLE : style, style, a.toString());
            }
        });
        expected.put("delay", p -> {
            for (Act a : p.of("delay")) assertTrue(rightAfterAGrant(a.atMs()) && a.on().contains(holderAt(a.atMs(), 5)) && a.on().containsAll(SERVERS), a.toString());
            for (long l : p.lengths("delay", "heal-delay")) assertTrue(around(l, LEASE, LEASE + 1_000), l + " ms");
            assertEquals(p.of("delay").size(), p.starts().size());
        });
        expected.put("delay-to-resource", p -> {
            // the holder's links to the resource service alone, none to the lock's servers; a write's flight, at its shortest,
            // longer than a lease and the hold spread together: sent at any point of a hold, it lands after the next holder's
            for (Act a : p.of("delay")) {
                assertTrue(rightAfterAGrant(a.atMs()) && a.on().contains(holderAt(a.atMs(), 5)) && a.on().contains("r1"), a.toString());
                assertTrue(java.util.Collections.disjoint(a.on(), SERVERS), a.toString());
                Delay d = (Delay) a.detail();
                assertTrue(d.ms() - d.jitterMs() > LEASE + RHYTHM.holdSpread().toMillis(), a.toString());
            }
            for (long l : p.lengths("delay", "heal-delay")) assertTrue(around(l, 3 * LEASE), l + " ms");
            assertFalse(p.starts().isEmpty());
            assertEquals(p.of("delay").size(), p.starts().size());
        });
        expected.put("flaky-net-to-resource", p -> {
            // one of each kind of flaky link first, the black hole first of all, each on the holder's links to r1 alone, one to two leases
            List<String> firstFive = p.starts().stream().map(Act::fault).distinct().limit(5).toList();
            assertEquals(Set.of("blackhole-to-resource", "lossy-to-resource", "slow-to-resource", "replies-lost-to-resource", "reset-to-resource"),
                    Set.copyOf(firstFive));
            assertEquals("blackhole-to-resource", firstFive.get(0));
            for (Act a : p.starts()) {
                assertTrue(rightAfterAGrant(a.atMs()) && a.on().contains(holderAt(a.atMs(), 5)) && a.on().contains("r1"), a.toString());
                assertTrue(java.util.Collections.disjoint(a.on(), SERVERS), a.toString());
            }
            for (Act a : p.of("partition")) {
                CutStyle style = grudge(a).style();
                assertEquals(a.fault().equals("reset-to-resource") ? CutStyle.RESET : a.fault().equals("blackhole-to-resource") ? CutStyle.BLACKHOLE : style, style, a.toString());
            }
            for (long l : p.lengths("partition", "heal-partition")) assertTrue(around(l, LEASE, 3 * LEASE / 2, 2 * LEASE), l + " ms");
        });
        expected.put("pause-resource", p -> {
            // the resource's service on r1 frozen right after a grant, for around one and a half leases; no lock server touched
            assertTrue(p.of("pause").size() >= 3, p.acts().toString());
            for (Act a : p.of("pause")) assertTrue(a.on().equals(List.of("server-r1")) && rightAfterAGrant(a.atMs()), a.toString());
            for (long l : p.lengths("pause", "resume")) assertTrue(around(l, 3 * LEASE / 2), l + " ms");
        });
        expected.put("restart-resource", p -> {
            // killed right after a grant, started again around a lease later
            assertTrue(p.of("kill").size() >= 3, p.acts().toString());
            onlyOn(p, "kill", List.of("r1"));
            for (Act a : p.of("kill")) assertTrue(rightAfterAGrant(a.atMs()), a.toString());
            for (long l : p.lengths("kill", "restart")) assertTrue(around(l, LEASE), l + " ms");
        });
        expected.put("mix", p -> {
            assertTrue(p.faults().size() >= 4, "a mix of kinds: " + p.faults());
            Set<String> known = Set.of("isolate-leader", "random-halves", "pause-leader", "pause-client", "kill-node", "kill-client", "clients-clock-back",
                    "clients-clock-ahead", "blackhole-holder", "reset-holder", "replies-lost-holder", "lossy-holder", "slow-holder");
            for (String f : p.faults()) assertTrue(known.contains(f) || f.matches("(jump|fast|strobe)-n[123]"), f);
        });
        expected.put("split-clock", p -> {
            for (Act a : p.of("clock-jump")) {
                assertEquals(List.of("n2"), a.on(), "the middle server: " + a);
                assertEquals(2 * LEASE, ((Duration) a.detail()).toMillis());
                assertTrue(rightAfterAGrant(a.atMs()));
            }
            for (long l : p.lengths("clock-jump", "clock-reset")) assertEquals(LEASE, l);
        });
        expected.put("split-kill", p -> {
            onlyOn(p, "kill", List.of("n2"));
            for (long l : p.lengths("kill", "restart")) assertEquals(1_000, l);
        });
        expected.put("split-kill-late", p -> {
            onlyOn(p, "kill", List.of("n2"));
            assertFalse(p.of("kill").isEmpty());
            for (long l : p.lengths("kill", "restart")) assertEquals(LEASE + 2_000, l, "restarted after the lease");
            // late stays late: no kill whose restart the end of the run would have brought early
            for (Act a : p.of("kill")) assertTrue(a.atMs() + LEASE + 2_000 <= RHYTHM.timeLimit().toMillis(), a.toString());
        });
        expected.put("pause-in-acquire", p -> {
            assertFalse(p.of("pause").isEmpty());
            for (Act a : p.of("pause")) assertTrue(a.on().get(0).startsWith("worker-c1-"), "c1, frozen in its acquire: " + a);
            for (long l : p.lengths("pause", "resume")) assertEquals(8_000, l, "exactly the client pause");
        });
        expected.put("failover-cut", p -> {
            Act cut = p.acts().get(0);
            assertEquals("partition", cut.verb(), "the cut stands from the start");
            assertEquals(Map.of("n2", Set.of("n1"), "n3", Set.of("n1")), refuses(cut), "both replicas refuse the master");
            assertEquals(1, p.of("kill").size());
            assertEquals(List.of("n1"), p.of("kill").get(0).on(), "the master killed");
            assertTrue(rightAfterAGrant(p.of("kill").get(0).atMs()));
        });
        expected.put("failover-lagging", p -> {
            assertEquals(Map.of("n2", Set.of("n1")), refuses(p.acts().get(0)), "one replica lags");
            Act pause = p.of("pause").get(0);
            Act kill = p.of("kill").get(0);
            assertEquals(List.of("server-n3"), pause.on(), "the up-to-date replica frozen");
            assertTrue(pause.atMs() <= kill.atMs() && List.of("n1").equals(kill.on()), p.acts().toString());
            Act resume = p.of("resume").get(0);
            assertTrue(resume.atMs() > kill.atMs(), "frozen through the failover: " + p.acts());
        });
        expected.put("isolate-holder", p -> {
            onTheHolderRightAfterAGrant(p, "partition");
            for (Act a : p.of("partition")) cutOffServers(a, holderAt(a.atMs(), 5));
            for (long l : p.lengths("partition", "heal-partition")) assertTrue(jittered(l, 8_000), l + " ms");
        });
        expected.put("isolate-holder-briefly", p -> {
            onTheHolderRightAfterAGrant(p, "partition");
            for (long l : p.lengths("partition", "heal-partition")) assertEquals(LEASE / 2, l, "half the lease, exactly");
        });
        expected.put("isolate-holder-two-leases", p -> {
            onTheHolderRightAfterAGrant(p, "partition");
            for (Act a : p.of("partition")) cutOffServers(a, holderAt(a.atMs(), 5));
            for (long l : p.lengths("partition", "heal-partition")) assertEquals(2 * LEASE, l, "twice the lease, exactly");
        });
        expected.put("isolate-node", p -> {
            assertFalse(p.of("partition").isEmpty());
            for (Act a : p.of("partition")) {
                Map<String, Set<String>> r = refuses(a);
                List<String> lone = SERVERS.stream().filter(s -> r.getOrDefault(s, Set.of()).size() == 2 + CLIENTS.size()).toList();
                assertEquals(1, lone.size(), "one server cut off from every other host: " + a);
            }
            for (long l : p.lengths("partition", "heal-partition")) assertTrue(jittered(l, LEASE * 3 / 2), l + " ms");
        });
        expected.put("split-brain", p -> {
            for (Act a : p.of("partition")) {
                String holder = holderAt(a.atMs(), 5);
                Map<String, Set<String>> r = refuses(a);
                // the holder and one server on one side, everyone else on the other
                assertEquals(2 + CLIENTS.size() - 1, r.get(holder).size(), a.toString());
            }
            for (long l : p.lengths("partition", "heal-partition")) assertEquals(6 * LEASE, l);
        });
        expected.put("hold-waiter-renewals", p -> {
            assertFalse(p.of("hold-renewals").isEmpty());
            for (Act a : p.of("hold-renewals")) {
                String holder = holderAt(a.atMs(), 5);
                assertEquals(CLIENTS.stream().filter(c -> !c.equals(holder)).toList(), a.on(), "every waiter's renewals: " + a);
            }
            for (long l : p.lengths("hold-renewals", "resume-renewals")) assertEquals(LEASE + 1_500, l);
        });
        expected.put("waiter-clock-ahead", p -> {
            for (Act a : p.of("clock-jump")) {
                assertTrue(rightAfterAGrant(a.atMs()));
                assertFalse(a.on().contains(holderAt(a.atMs(), 5)), "a waiter's clock, not the holder's: " + a);
                assertEquals(60_000, ((Duration) a.detail()).toMillis());
            }
        });
        expected.put("waiter-clock-fast", p -> {
            assertFalse(p.of("monotonic-rate").isEmpty());
            for (Act a : p.of("monotonic-rate")) {
                assertFalse(a.on().contains(holderAt(a.atMs(), 5)), a.toString());
                assertEquals(5.0, a.detail());
            }
        });
        expected.put("server-clock-ahead", p -> {
            onlyOn(p, "clock-jump", SERVERS);
            for (Act a : p.of("clock-jump")) assertEquals(60_000, ((Duration) a.detail()).toMillis());
        });
        expected.put("failover-promote", p -> {
            Act cut = p.of("partition").get(0);
            assertEquals(Map.of("n2", Set.of("n1")), refuses(cut), "the replica cut off the primary");
            Act kill = p.of("kill").get(0);
            Act promote = p.of("promote").get(0);
            assertEquals(List.of("n1"), kill.on());
            assertEquals(List.of("n2"), promote.on());
            assertTrue(cut.atMs() < kill.atMs() && kill.atMs() <= promote.atMs(), p.acts().toString());
            assertEquals(1, p.of("kill").size(), "once a run");
        });
        expected.put("expiry-reconnect", p -> {
            Act cut = p.of("partition").get(0);
            assertEquals(CutStyle.RESET, grudge(cut).style());
            String holder = holderAt(cut.atMs(), 5);
            assertFalse(refuses(cut).containsKey(holder), "the waiters cut off, not the holder: " + cut);
            Act pause = p.of("pause").get(0);
            assertEquals(LEASE * 6 / 10, pause.atMs() - cut.atMs(), "the leader frozen at 0.6 of the lease");
            assertEquals(List.of("server-n1"), pause.on());
            Act resume = p.of("resume").get(0);
            assertEquals(LEASE * 275 / 100, resume.atMs() - cut.atMs(), "back at 2.75 leases");
        });
        expected.put("delay-last-server", p -> {
            for (Act a : p.of("delay")) {
                assertTrue(a.on().contains("n3") && !a.on().contains("n1") && !a.on().contains(holderAt(a.atMs(), 5)), "a waiter's link to the last server: " + a);
            }
            for (long l : p.lengths("delay", "heal-delay")) assertEquals(6 * LEASE, l);
        });
        expected.put("delay-holder-long", p -> {
            for (Act a : p.of("delay")) assertTrue(a.on().contains(holderAt(a.atMs(), 5)), a.toString());
            for (long l : p.lengths("delay", "heal-delay")) assertTrue(around(l, LEASE * 5 / 2), "around 2.5 leases: " + l + " ms");
        });
        expected.put("replies-lost", p -> {
            for (Act a : p.of("partition")) {
                assertEquals(null, holderAt(a.atMs(), 5), "while the lock is free: " + a);
                assertEquals(1, refuses(a).keySet().stream().filter(CLIENTS::contains).count(), "one client's replies: " + a);
            }
            for (long l : p.lengths("partition", "heal-partition")) assertEquals(2 * LEASE, l);
        });
        expected.put("replies-lost-briefly", p -> {
            for (Act a : p.of("partition")) assertEquals(null, holderAt(a.atMs(), 5), "while the lock is free: " + a);
            for (long l : p.lengths("partition", "heal-partition")) assertEquals(2_500, l);
        });
        expected.put("pause-writer", p -> {
            assertFalse(p.of("pause").isEmpty());
            for (Act a : p.of("pause")) {
                String holder = holderAt(a.atMs(), 5);
                assertTrue(Set.of("c1", "c2", "c3").contains(holder) && a.on().get(0).startsWith("worker-" + holder + "-"), "a writer in its hold: " + a);
                assertTrue(a.atMs() % 2_000 >= 150 && a.atMs() % 2_000 < 700, "past the first half of its write: " + a);
            }
        });
        expected.put("pause-reader", p -> {
            assertFalse(p.of("pause").isEmpty());
            for (Act a : p.of("pause")) {
                String holder = holderAt(a.atMs(), 5);
                assertTrue(Set.of("c4", "c5").contains(holder) && a.on().get(0).startsWith("worker-" + holder + "-"), "a reader in its hold: " + a);
            }
        });
    }

    /** Clients of a read-write lock for the kinds that freeze one of its roles: three writers, two readers. */
    private static int readers(NemesisKind kind) {
        return kind instanceof PauseInHold ? 2 : 0;
    }

    @Test
    void theClockKindMovesEveryServersClockEachWayAndSetsItRight() {
        // a jump past the lease, fast, strobed, and a minute back: setting that one right ends a lease stamped while it was back
        List<String> names = Clock.serverFaults(new PlanWorld(NemesisKinds.byName("clock"), RHYTHM, 7, 5, 0, true)).stream().map(Fault::name).toList();
        for (String n : SERVERS) {
            assertEquals(List.of("jump-" + n, "fast-" + n, "strobe-" + n, "back-" + n), names.stream().filter(f -> f.endsWith("-" + n)).toList());
        }
    }

    @Test
    void everyKindHasAnExpectationAndItsPlanMeetsIt() {
        List<String> failures = new ArrayList<>();
        for (NemesisKind kind : NemesisKinds.all()) {
            Consumer<Played> check = expected.get(kind.name());
            if (check == null) {
                failures.add(kind.name() + ": no expectation of its plan in this test's table");
                continue;
            }
            try {
                Played p = play(kind, 5, readers(kind), true);
                if (!kind.name().equals("none")) assertTrue(p.injected() > 0, kind.name() + " injected nothing: " + p.acts());
                check.accept(p);
            } catch (AssertionError | RuntimeException e) {
                failures.add(kind.name() + ": " + e);
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
        assertEquals(Set.of(), Set.copyOf(expected.keySet()).stream().filter(k -> NemesisKinds.all().stream().noneMatch(n -> n.name().equals(k)))
                .collect(Collectors.toSet()), "expectations of kinds that are not there");
    }

    /**
     * A kind's traits are what the run prepares before its clients start (the clock shim on servers or
     * clients, its monotonic part, delay proxies, clients on hosts of their own): whatever its plan
     * does must be among them, or the run would start without what the plan needs. A kind without
     * {@code CUTS_CLIENTS} may cut clients' links only where the placement allows it, so it is played
     * where it does not.
     */
    @Test
    void everyKindsTraitsCoverWhatItsPlanDoes() {
        dev.lockstorm.api.Topology three = new dev.lockstorm.api.Topology.ZooKeeper(3);
        List<String> failures = new ArrayList<>();
        for (NemesisKind kind : NemesisKinds.all()) {
            if (kind.name().equals("none")) continue;
            PlanWorld world = new PlanWorld(kind, RHYTHM, 7, 5, readers(kind), true);
            world.clientLinksCut = kind.cutsClients(three);
            for (Act a : play(kind, world).acts()) {
                boolean onClient = a.on().stream().anyMatch(h -> h.matches("c\\d+"));
                boolean needed = switch (a.verb()) {
                    case "clock-jump", "clock-rate", "clock-strobe" -> onClient ? kind.movesClientClocks() : kind.movesServerClocks();
                    case "monotonic-rate" -> kind.movesMonotonicClocks() && kind.movesClientClocks();
                    case "delay" -> kind.delaysClients() && kind.cutsClients(three);
                    case "partition", "loss", "slow" -> !onClient || kind.cutsClients(three);
                    default -> true;
                };
                if (!needed) failures.add(kind.name() + " " + a + " is not among its traits " + kind.traits());
            }
        }
        assertEquals(List.of(), failures);
    }

    @Test
    void aPausePointFreezesEachClientThatReachesItAndResumesItAfterTheClientPause() {
        Played p = play(new AtCheckpoint("after-grant", false));
        assertTrue(p.of("pause").size() >= 20, p.acts().toString());
        for (Act a : p.of("pause")) {
            assertEquals(0, a.atMs() % 2_000, "recorded the moment the client froze itself there: " + a);
            assertTrue(a.on().get(0).startsWith("worker-" + holderAt(a.atMs(), 5) + "-"), a.toString());
        }
        for (long l : p.lengths("pause", "resume")) assertTrue(l >= 8_000 && l <= 8_005, l + " ms");
        assertTrue(p.world().clients.stream().noneMatch(c -> p.world().host(c.host().name()).files.contains(PausePoints.armFile(p.world().clientDir()))),
                "the point is disarmed at the end");
    }

    @Test
    void aKillPointRecordsEachClientThatEndedThereAsKilled() {
        Played p = play(new AtCheckpoint("after-grant", true));
        assertTrue(p.of("kill-client").size() >= 25, p.acts().toString());
        assertEquals(p.of("kill-client").size(), p.injected());
        for (Act a : p.of("kill-client")) assertEquals(holderAt(a.atMs(), 5), a.on().get(0));
    }

    @Test
    void aFaultAimedAtTheHolderWhenNoneHoldsIsAMissNotAFaultOnAnotherClient() {
        PlanWorld world = new PlanWorld(new IsolateHolder(), RHYTHM, 7, 5, 0, false);
        world.sleepUntil(1_700_000_000L); // c1 held from 0 to 1.5 s; c2 is granted at 2 s
        dev.lockstorm.nemesis.Fault.Missed m = org.junit.jupiter.api.Assertions.assertThrows(dev.lockstorm.nemesis.Fault.Missed.class,
                () -> IsolateHolder.holder(world));
        assertEquals("no client held the lock", m.getMessage());
        // a split only needs clients on both sides
        assertEquals("c1", IsolateHolder.holderOrFirst(world).name());
        world.sleepUntil(2_100_000_000L);
        assertEquals("c2", IsolateHolder.holder(world).name());
    }

    @Test
    void theClockKindRefusesARunWithNoClockToMoveRatherThanTestNothing() {
        PlanWorld world = new PlanWorld(new Clock(), RHYTHM, 7, 5, 0, false);
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, () -> new Clock().plan(world));
        assertTrue(e.getMessage().contains("no clock to move"), e.getMessage());
    }

    @Test
    void aRecordedScheduleIsPlayedStepByStepOnItsTriggersAndEachStepHealedAfterItsLength() {
        List<Step> steps = List.of(
                new Step("isolate-leader", new Grudge(Map.of("n1", List.of("n2", "n3"), "n2", List.of("n1"), "n3", List.of("n1")), CutStyle.BLACKHOLE),
                        new Trigger(1_000, null, null, null), 3_000),
                new Step("pause-client", new Pause("c2"), new Trigger(5_000, null, "c2", 100L), 6_000),
                new Step("clock", new ClockJump(List.of("c1", "c3"), -60_000), new Trigger(12_000, "c4", null, null), 2_000),
                new Step("kill-node", new Kill("n3"), new Trigger(13_000, null, null, null), 1_000));
        Replay replay = new Replay(new Partition(), new RecordedSchedule(Map.of("system", "redis-single"), steps, List.of(), List.of()), Path.of("schedule.json"));
        Played p = play(replay);
        assertEquals(List.of("partition", "heal-partition", "pause", "resume", "clock-jump", "clock-jump", "kill", "clock-reset", "clock-reset", "restart"),
                p.acts().stream().map(Act::verb).filter(v -> !v.equals("missed")).toList(), p.acts().toString());
        assertEquals(List.of(3_000L), p.lengths("partition", "heal-partition"));
        // the pause waits for the next grant, whoever it goes to, and comes 100 ms into that hold
        Act pause = p.of("pause").get(0);
        assertEquals(100, pause.atMs() % 2_000, pause.toString());
        assertEquals("holder", pause.detail());
        assertEquals(List.of(6_000L), p.lengths("pause", "resume"));
        // both clocks of the one recorded action together, right after c4's grant
        List<Act> jumps = p.of("clock-jump");
        assertEquals(jumps.get(0).atMs(), jumps.get(1).atMs());
        assertEquals("c4", holderAt(jumps.get(0).atMs(), 5));
        assertEquals(List.of(1_000L), p.lengths("kill", "restart"));
        assertEquals(4, p.injected());
    }

    @Test
    void everyFamilysRecordedActionIsReplayedAndAReplacedCutIsHealedOnlyByTheStepThatReplacedIt() {
        Map<String, List<String>> c1Off = Map.of("c1", List.of("n1", "n2", "n3"));
        List<Step> steps = List.of(
                new Step("cut-1", new Grudge(Map.of("n1", List.of("n2"))), new Trigger(1_000, null, null, null), 5_000),
                new Step("cut-2", new Grudge(Map.of("n3", List.of("n2")), CutStyle.RESET), new Trigger(2_000, null, null, null), 2_000),
                new Step("lossy", new Loss(c1Off, 40), new Trigger(3_000, null, null, null), 500),
                new Step("slow", new Slow(c1Off, 1), new Trigger(4_000, null, null, null), 500),
                new Step("delay", new Delay(c1Off, 300, 50), new Trigger(5_000, null, null, null), 500),
                new Step("kill-client", new KillClient("c2"), new Trigger(6_000, null, null, null), 0),
                new Step("fast", new ClockRate("n1", 3.0), new Trigger(7_000, null, null, null), 500),
                new Step("waiters-fast", new ClockRate("c3", 5.0, true), new Trigger(8_000, null, null, null), 500),
                new Step("strobe", new ClockStrobe("n2", 4_000, 200), new Trigger(9_000, null, null, null), 1_000),
                new Step("renewals", new HoldRenewals(List.of("c4", "c5")), new Trigger(11_000, null, null, null), 500),
                new Step("pause-server", new Pause("n3"), new Trigger(12_000, null, null, null), 500));
        Replay replay = new Replay(new Partition(), new RecordedSchedule(Map.of("system", "redis-single"), steps, List.of(), List.of()), Path.of("schedule.json"));
        Played p = play(replay);
        assertEquals(steps.size(), p.injected(), p.acts().toString());
        assertTrue(p.of("missed").isEmpty(), p.of("missed").toString());
        // cut-1's heal, due at 6 s, finds cut-2 in force and leaves it: cut-2's own heal at 4 s ended it already
        List<Act> cuts = p.of("partition");
        assertEquals(List.of("cut-1#1", "cut-2#2"), cuts.stream().map(Act::fault).toList());
        assertEquals(CutStyle.RESET, grudge(cuts.get(1)).style());
        assertEquals(List.of("cut-2#2"), p.of("heal-partition").stream().map(Act::fault).toList(), "only the cut in force is healed, by its own step");
        assertEquals(List.of(List.of("c1", "n1", "n2", "n3")), p.of("loss").stream().map(Act::on).toList());
        assertEquals(1, p.of("slow").size());
        assertEquals(1, p.of("delay").size());
        assertEquals(List.of("c2"), p.of("kill-client").get(0).on());
        assertEquals(3.0, p.of("clock-rate").get(0).detail());
        assertEquals(List.of("c3"), p.of("monotonic-rate").get(0).on());
        assertEquals(List.of("n2"), p.of("clock-strobe").get(0).on());
        assertEquals(List.of("c4", "c5"), p.of("hold-renewals").get(0).on());
        assertEquals(List.of("server-n3"), p.of("pause").get(0).on());
        assertEquals(List.of(500L), p.lengths("pause", "resume"));
    }

    @Test
    void everyUserKindIsPlayedTheSameWayForTheSameSeed() {
        for (NemesisKind kind : NemesisKinds.USER) {
            assertEquals(play(kind).acts().stream().map(Act::toString).toList(), play(kind).acts().stream().map(Act::toString).toList(), kind.name());
        }
    }
}
