package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.FakeHosts;
import dev.lockstorm.clusters.lab.Host;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The grudges Jepsen users know, computed on hosts without a lab: who refuses whom, both ways. */
@Tag("unit")
class GrudgeTest {
    private final List<Host> five = FakeHosts.named("n1", "n2", "n3", "n4", "n5");

    private static Set<Host> refused(Grudge g, Host h) {
        return g.refuses().getOrDefault(h, Set.of());
    }

    /** A cut is both ways: a refuses b exactly when b refuses a. */
    private static void assertSymmetric(Grudge g, List<Host> hosts) {
        for (Host a : hosts) {
            for (Host b : hosts) assertEquals(refused(g, a).contains(b), refused(g, b).contains(a), a.name() + " / " + b.name() + ": " + g.describe());
        }
    }

    @Test
    void isolatingANodeCutsItFromEveryOther() {
        Grudge g = Grudge.isolate(five.get(0), five);
        assertEquals(Set.copyOf(five.subList(1, 5)), refused(g, five.get(0)));
        for (Host h : five.subList(1, 5)) assertEquals(Set.of(five.get(0)), refused(g, h));
        assertSymmetric(g, five);
        assertEquals(Map.of("n1", List.of("n2", "n3", "n4", "n5"), "n2", List.of("n1"), "n3", List.of("n1"), "n4", List.of("n1"),
                "n5", List.of("n1")), g.toData());
    }

    @RepeatedTest(20)
    void randomHalvesAreAMinorityAndAMajority(org.junit.jupiter.api.RepetitionInfo rep) {
        Grudge g = Grudge.randomHalves(five, new Random(rep.getCurrentRepetition()));
        assertSymmetric(g, five);
        Set<Integer> sides = new HashSet<>();
        for (Host h : five) sides.add(5 - refused(g, h).size());
        assertEquals(Set.of(2, 3), sides, g.describe());
    }

    @RepeatedTest(20)
    void everyNodeOfTheRingSeesAMajorityButNoTwoTheSameOne(org.junit.jupiter.api.RepetitionInfo rep) {
        Grudge g = Grudge.majoritiesRing(five, new Random(rep.getCurrentRepetition()));
        assertSymmetric(g, five);
        Set<Set<Host>> views = new HashSet<>();
        for (Host h : five) {
            Set<Host> sees = new HashSet<>(five);
            sees.removeAll(refused(g, h));
            assertTrue(sees.size() >= 3, h.name() + " sees a majority: " + g.describe());
            views.add(sees);
        }
        assertEquals(5, views.size(), "no two nodes see the same majority: " + g.describe());
    }

    @Test
    void aBridgeNodeSeesBothHalvesWhichCannotSeeEachOther() {
        Grudge g = Grudge.bridge(five, new Random(3));
        assertSymmetric(g, five);
        List<Host> bridges = five.stream().filter(h -> refused(g, h).isEmpty()).toList();
        assertEquals(1, bridges.size(), g.describe());
        for (Host h : five) if (!bridges.contains(h)) assertEquals(2, refused(g, h).size(), g.describe());
    }

    @Test
    void aClientCutOffFromNodesRefusesThemAndTheyItOnly() {
        List<Host> hosts = FakeHosts.named("n1", "n2", "n3", "c1");
        Grudge g = Grudge.cutOff(hosts.get(3), hosts.subList(0, 2));
        assertEquals(Set.copyOf(hosts.subList(0, 2)), refused(g, hosts.get(3)));
        assertEquals(Set.of(hosts.get(3)), refused(g, hosts.get(0)));
        assertEquals(Set.of(), refused(g, hosts.get(2)), "n3 is untouched");
        assertSymmetric(g, hosts);
        assertEquals("c1 refuses [n1, n2]; n1 refuses [c1]; n2 refuses [c1]", g.describe());
    }

    @Test
    void clientsCutOffTogetherStillSeeEachOther() {
        List<Host> hosts = FakeHosts.named("n1", "n2", "c1", "c2");
        Grudge g = Grudge.cutOff(hosts.subList(2, 4), hosts.subList(0, 2));
        assertEquals(Set.copyOf(hosts.subList(0, 2)), refused(g, hosts.get(2)));
        assertEquals(Set.copyOf(hosts.subList(2, 4)), refused(g, hosts.get(1)));
        assertSymmetric(g, hosts);
        assertEquals("c1 refuses [n1, n2]; c2 refuses [n1, n2]; n1 refuses [c1, c2]; n2 refuses [c1, c2]", g.describe());
    }

    @Test
    void componentsLeaveHostsInNoneUntouchedAndDropEmptyEntries() {
        List<Host> hosts = FakeHosts.named("n1", "n2", "n3", "c1");
        Grudge g = Grudge.components(List.of(hosts.subList(0, 1), hosts.subList(1, 3)));
        assertEquals(Set.of(hosts.get(0), hosts.get(1), hosts.get(2)), g.refuses().keySet());
        assertTrue(new Grudge(Map.of(hosts.get(3), Set.of())).refuses().isEmpty());
    }

    @org.junit.jupiter.api.Test
    void onThreeNodesARingOfMajoritiesCutsNothingAndABridgeDoes() {
        List<Host> three = FakeHosts.named("n1", "n2", "n3");
        Grudge ring = Grudge.majoritiesRing(three, new Random(1));
        for (Host h : three) assertEquals(Set.of(), refused(ring, h), "why the partition kind uses a bridge on three servers");
        Grudge bridge = Grudge.bridge(three, new Random(1));
        long cut = three.stream().filter(h -> !refused(bridge, h).isEmpty()).count();
        assertEquals(2, cut, "the two sides refuse each other; the bridge sees both");
    }
}
