package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.FakeHosts;
import dev.lockstorm.clusters.lab.Host;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Tag;
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

    /** The names of the hosts {@code h} refuses. */
    private static Set<String> refused(Grudge g, Host h) {
        return Set.copyOf(g.refuses().getOrDefault(h.name(), List.of()));
    }

    private static Set<String> names(List<Host> hosts) {
        return hosts.stream().map(Host::name).collect(java.util.stream.Collectors.toSet());
    }

    /** A cut is both ways: a refuses b exactly when b refuses a. */
    private static void assertSymmetric(Grudge g, List<Host> hosts) {
        for (Host a : hosts) {
            for (Host b : hosts) assertEquals(refused(g, a).contains(b.name()), refused(g, b).contains(a.name()), a.name() + " / " + b.name() + ": " + g.describe());
        }
    }

    @Test
    void isolatingANodeCutsItFromEveryOther() {
        Grudge g = Grudge.isolate(five.get(0), five);
        assertEquals(names(five.subList(1, 5)), refused(g, five.get(0)));
        for (Host h : five.subList(1, 5)) assertEquals(Set.of("n1"), refused(g, h));
        assertSymmetric(g, five);
        assertEquals(Map.of("n1", List.of("n2", "n3", "n4", "n5"), "n2", List.of("n1"), "n3", List.of("n1"), "n4", List.of("n1"),
                "n5", List.of("n1")), g.refuses());
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
        Set<Set<String>> views = new HashSet<>();
        for (Host h : five) {
            Set<String> sees = new HashSet<>(names(five));
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
        assertEquals(names(hosts.subList(0, 2)), refused(g, hosts.get(3)));
        assertEquals(Set.of(hosts.get(3).name()), refused(g, hosts.get(0)));
        assertEquals(Set.of(), refused(g, hosts.get(2)), "n3 is untouched");
        assertSymmetric(g, hosts);
        assertEquals("c1 cut off from n1, n2; n1 cut off from c1; n2 cut off from c1", g.describe());
    }

    @Test
    void clientsCutOffTogetherStillSeeEachOther() {
        List<Host> hosts = FakeHosts.named("n1", "n2", "c1", "c2");
        Grudge g = Grudge.cutOff(hosts.subList(2, 4), hosts.subList(0, 2));
        assertEquals(names(hosts.subList(0, 2)), refused(g, hosts.get(2)));
        assertEquals(names(hosts.subList(2, 4)), refused(g, hosts.get(1)));
        assertSymmetric(g, hosts);
        assertEquals("c1 cut off from n1, n2; c2 cut off from n1, n2; n1 cut off from c1, c2; n2 cut off from c1, c2", g.describe());
    }

    @Test
    void componentsLeaveHostsInNoneUntouchedAndDropEmptyEntries() {
        List<Host> hosts = FakeHosts.named("n1", "n2", "n3", "c1");
        Grudge g = Grudge.components(List.of(hosts.subList(0, 1), hosts.subList(1, 3)));
        assertEquals(Set.of("n1", "n2", "n3"), g.refuses().keySet());
        assertTrue(Grudge.refusing(Map.of(hosts.get(3), Set.of())).refuses().isEmpty());
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
