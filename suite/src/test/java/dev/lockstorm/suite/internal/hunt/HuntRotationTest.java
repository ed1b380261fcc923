package dev.lockstorm.suite.internal.hunt;

import dev.lockstorm.suite.internal.nemesiskinds.NemesisKind;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKinds;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A hunt's rotation: the runs in order, how long each is when the user does not say (the rotation
 * shares the budget, within 10 to 30 s a run), and its shards, which together make the hunt's runs.
 */
@Tag("unit")
class HuntRotationTest {
    private static Duration s(long seconds) {
        return Duration.ofSeconds(seconds);
    }

    @Test
    void theRotationSharesTheBudgetAfterTheCostAroundEachRun() {
        // 5 minutes, 11 nemeses, 5 s around a run: 27.3 s a run, 22 s of it the main phase (whole seconds, as the command says)
        assertEquals(s(22), Hunt.eachFor(Duration.ofMinutes(5), 11, s(5)));
        // what is left of a round shares what is left of the budget
        assertEquals(s(25), Hunt.eachFor(s(90), 2, s(20)));
    }

    @Test
    void noRunIsShorterThanFiveSecondsNorLongerThanThirty() {
        // 3 minutes cannot hold 11 runs that cost 20 s around each: the shortest, and fewer of them fit
        assertEquals(Hunt.MIN_EACH, Hunt.eachFor(Duration.ofMinutes(3), 11, s(20)));
        assertEquals(Hunt.MIN_EACH, Hunt.eachFor(Duration.ZERO, 3, s(20)));
        // a budget that holds the rotation at ease runs it at the length a user would choose
        assertEquals(Hunt.MAX_EACH, Hunt.eachFor(Duration.ofMinutes(10), 11, s(20)));
        // 3 minutes hold 11 runs that cost 9 s around each: 7 s of main phase each
        assertEquals(s(7), Hunt.eachFor(Duration.ofMinutes(3), 11, s(9)));
    }

    private static final List<NemesisKind> KINDS = Hunt.NEMESES.stream().map(NemesisKinds::byName).toList();

    @Test
    void roundsGoThroughEveryNemesisWithTheRoundsSeedAndEveryOtherRunCareful() {
        List<Rotation.Turn> turns = new Rotation(KINDS, 2, Shard.WHOLE).turns();
        assertEquals(2 * KINDS.size(), turns.size());
        for (int i = 0; i < turns.size(); i++) {
            Rotation.Turn t = turns.get(i);
            assertEquals(i, t.position());
            assertEquals(i < KINDS.size() ? 1 : 2, t.seed());
            assertEquals(KINDS.get(i % KINDS.size()), t.kind());
            assertEquals(i % 2 == 1, t.careful());
        }
        assertEquals(KINDS.size(), new Rotation(KINDS, 0, Shard.WHOLE).leftInRound(turns.get(0)));
        assertEquals(1, new Rotation(KINDS, 0, Shard.WHOLE).leftInRound(turns.get(KINDS.size() - 1)));
    }

    @Test
    void theShardsOfAHuntAreDisjointAndTogetherMakeItsRuns() {
        for (int n = 1; n <= 4; n++) {
            Set<String> whole = new HashSet<>();
            for (Rotation.Turn t : new Rotation(KINDS, 3, Shard.WHOLE).turns()) whole.add(t.seed() + " " + t.kind().name() + " " + t.careful());
            List<String> shards = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                for (Rotation.Turn t : new Rotation(KINDS, 3, new Shard(i, n)).turns()) shards.add(t.seed() + " " + t.kind().name() + " " + t.careful());
            }
            assertEquals(whole.size(), shards.size(), n + " shards: no run twice");
            assertEquals(whole, new HashSet<>(shards), n + " shards: the same runs");
        }
        // an endless shard goes on past the first round; one with no run in the rounds has none
        Rotation second = new Rotation(KINDS, 0, new Shard(2, 3));
        assertEquals(1, second.next(0).position());
        assertTrue(second.next(KINDS.size() * 5L).seed() > 5);
        assertNull(new Rotation(KINDS.subList(0, 1), 1, new Shard(2, 2)).next(0));
        assertEquals(KINDS.size() / 2, new Rotation(KINDS, 0, new Shard(2, 2)).leftInRound(new Rotation(KINDS, 0, new Shard(2, 2)).next(0)));
    }

    @Test
    void theJobsOfAShareAreDisjointAndTogetherMakeItsRuns() {
        assertEquals(List.of(new Shard(1, 3), new Shard(2, 3), new Shard(3, 3)),
                List.of(Shard.WHOLE.part(1, 3), Shard.WHOLE.part(2, 3), Shard.WHOLE.part(3, 3)));
        for (Shard share : List.of(Shard.WHOLE, new Shard(2, 3), new Shard(1, 2))) {
            for (int jobs = 1; jobs <= 3; jobs++) {
                List<Long> ofJobs = new ArrayList<>();
                for (int j = 1; j <= jobs; j++) {
                    for (Rotation.Turn t : new Rotation(KINDS, 3, share.part(j, jobs)).turns()) ofJobs.add(t.position());
                }
                List<Long> ofShare = new Rotation(KINDS, 3, share).turns().stream().map(Rotation.Turn::position).toList();
                assertEquals(ofShare.size(), ofJobs.size(), share + " in " + jobs + " jobs: no run twice");
                assertEquals(new HashSet<>(ofShare), new HashSet<>(ofJobs), share + " in " + jobs + " jobs: the share's runs");
            }
        }
        assertThrows(IllegalArgumentException.class, () -> Shard.WHOLE.part(3, 2));
    }

    @Test
    void aShardIsParsedOrRefusedWithWhatIsExpected() {
        assertEquals(new Shard(2, 4), Shard.parse("2/4"));
        assertEquals("2/4", Shard.parse(" 2 / 4").toString());
        for (String bad : List.of("0/4", "5/4", "2", "a/b", "1/0", "1/2/3")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Shard.parse(bad), bad);
            assertTrue(e.getMessage().startsWith("--shard ") && e.getMessage().contains("i/n"), e.getMessage());
        }
    }

    /**
     * The runs of a round share the budget at the most a run cost around its main phase, so that the round's last nemesis
     * still gets its turn. The costs are a 3-minute hunt's of {@code curator-mutex} at a 2 s lease (seconds beyond each run's
     * main phase, in the rotation's order); shared at their mean, as the hunt did, its runs grew from 5 to 15 s and
     * {@code kill-at:before-acquire}, the eleventh, did not fit.
     */
    @Test
    void aRoundSharesItsBudgetAtTheDearestRunSoThatEveryNemesisGetsItsTurn() {
        double[] around = {9.7, 6.3, 3.1, 2.8, 4.0, 6.0, 3.7, 6.4, 2.6, 12.5, 3.0};
        assertEquals(11, runsStarted(around, true));
        assertEquals(10, runsStarted(around, false), "shared at the mean, the eleventh does not fit");
    }

    /** How many runs of one round start in 3 minutes, each costing its main phase and {@code around} beyond it, as the hunt plans them. */
    private static int runsStarted(double[] around, boolean dearest) {
        long end = Duration.ofMinutes(3).toNanos();
        long now = 0;
        long overhead = Hunt.FIRST_OVERHEAD.toNanos();
        List<Long> arounds = new java.util.ArrayList<>();
        Map<String, Long> mostOf = new java.util.HashMap<>();
        for (int i = 0; i < around.length; i++) {
            Duration each = Hunt.eachFor(Duration.ofNanos(end - now), around.length - i, Duration.ofNanos(overhead));
            if (now + each.toNanos() + Hunt.likelyAround(mostOf, arounds, "n" + i, overhead) > end) return i;
            long cost = (long) (around[i] * 1e9);
            now += each.toNanos() + cost;
            arounds.add(cost);
            overhead = dearest ? Hunt.sharedAround(arounds, overhead) : (long) arounds.stream().mapToLong(Long::longValue).average().orElseThrow();
        }
        return around.length;
    }

    /**
     * A run starts only when what it will likely cost fits: a nemesis that ran before is expected to
     * cost the most it took (a pause held past the lease stretches its run), one that did not the
     * median run, not the dearest run so far (which kept a cheap last nemesis out of a 3-minute hunt).
     */
    @Test
    void aRunIsExpectedToCostWhatItsNemesisTookElseTheMedianRun() {
        Map<String, Long> mostOf = Map.of("pause-at:before-release", 18L, "partition", 6L, "kill-client", 6L);
        List<Long> arounds = List.of(18L, 6L, 6L);
        assertEquals(18, Hunt.likelyAround(mostOf, arounds, "pause-at:before-release", 12));
        assertEquals(6, Hunt.likelyAround(mostOf, arounds, "kill-at:before-acquire", 12));
        assertEquals(12, Hunt.likelyAround(Map.of(), List.of(), "pause-client", 12));
        assertEquals(9, Hunt.median(List.of(9L, 2L, 30L, 4L)));
    }

    @Test
    void huntingAFencedResourceFreezesACallerAtEachOfItsCheckpointsFirst() {
        dev.lockstorm.api.ResourceType marked = new dev.lockstorm.api.ResourceType() {
            public String name() {
                return "marked";
            }

            public String description() {
                return "a resource with two checkpoints";
            }

            public dev.lockstorm.api.ProtectedResource open(dev.lockstorm.api.ResourceContext context) {
                throw new UnsupportedOperationException();
            }

            public List<String> checkpoints() {
                return List.of("checked", "stored");
            }
        };
        List<String> fenced = Hunt.rotation(PLAIN, marked, dev.lockstorm.api.Fencing.WRITES);
        assertEquals(List.of("pause-at:checked", "pause-at:stored"), fenced.subList(0, 2));
        assertEquals(Hunt.NEMESES, fenced.subList(2, fenced.size()));
        fenced.forEach(NemesisKinds::byName); // every word names a nemesis
        assertEquals(Hunt.NEMESES, Hunt.rotation(PLAIN, marked, dev.lockstorm.api.Fencing.NONE), "without fencing there is no resource defect to hunt");
    }

    /** A lock that declares no checkpoint of its own. */
    private static final dev.lockstorm.api.LockSystem PLAIN = marking(List.of());

    private static dev.lockstorm.api.LockSystem marking(List<dev.lockstorm.api.Checkpoints.Point> points) {
        return new dev.lockstorm.api.LockSystem() {
            public String name() { return "marking"; }
            public String description() { return "a lock of the test"; }
            public dev.lockstorm.api.Topology topology() { return dev.lockstorm.api.Topology.REDIS_SINGLE; }
            public boolean fencingToken() { return false; }
            public List<dev.lockstorm.api.Checkpoints.Point> checkpoints() { return points; }
            public dev.lockstorm.api.LockClient newClient(dev.lockstorm.api.ClientContext context) { throw new UnsupportedOperationException(); }
        };
    }

    @Test
    void huntingALockFreezesAClientAtEachCheckpointItDeclaresFirst() {
        var lock = marking(List.of(dev.lockstorm.api.Checkpoints.Point.beforeGrant("after-get"), dev.lockstorm.api.Checkpoints.Point.afterGrant("after-setnx")));
        var counter = new dev.lockstorm.locks.store.CounterResource();
        List<String> rotation = Hunt.rotation(lock, counter, dev.lockstorm.api.Fencing.NONE);
        assertEquals(List.of("pause-at:after-get", "pause-at:after-setnx"), rotation.subList(0, 2));
        assertEquals(Hunt.NEMESES, rotation.subList(2, rotation.size()));
        assertEquals(Hunt.NEMESES, Hunt.rotation(PLAIN, counter, dev.lockstorm.api.Fencing.ALL), "a lock and a resource that declare no point");
    }

    @Test
    void huntingAResourceServiceAlsoHoldsAHoldersWriteInFlightToItRightAfterItsCheckpoints() {
        dev.lockstorm.api.ResourceType served = new dev.lockstorm.locks.store.CounterService();
        List<String> fenced = Hunt.rotation(PLAIN, served, dev.lockstorm.api.Fencing.ALL);
        assertEquals(List.of("delay-to-resource", "restart-resource", "pause-resource", "flaky-net-to-resource"), fenced.subList(0, 4));
        assertEquals(Hunt.NEMESES, fenced.subList(4, fenced.size()));
        fenced.subList(0, 4).forEach(n -> assertTrue(NemesisKinds.byName(n).needsResourceService(), n));
        assertEquals(Hunt.NEMESES, Hunt.rotation(PLAIN, served, dev.lockstorm.api.Fencing.NONE), "without fencing there is no resource defect to hunt");
        // a resource kept in the driver is never delayed on the way: its calls take no network
        assertEquals(Hunt.NEMESES, Hunt.rotation(PLAIN, new dev.lockstorm.locks.store.CounterResource(), dev.lockstorm.api.Fencing.ALL));
    }
}
