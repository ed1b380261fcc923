package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.FakeHosts;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.faults.CutStyle;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The nft rule set a host gets: one transaction that replaces the table, dropping the refused addresses as they arrive, and as they leave for a one-way grudge. */
@Tag("unit")
class PartitionRulesTest {

    @Test
    void theRuleSetReplacesTheTableAndDropsEveryRefusedAddress() {
        List<Host> hosts = FakeHosts.named("n1", "n2", "n3");
        String rules = PartitionRules.ruleset(new LinkedHashSet<>(hosts.subList(1, 3)), Set.of(hosts.get(2)));
        assertTrue(rules.startsWith("table inet nemesis {}\ndelete table inet nemesis\n"), "declare, then delete: works with or without a table");
        assertTrue(rules.contains("set refused { type ipv4_addr; elements = { 10.77.0.12, 10.77.0.13 }; }"), rules);
        assertTrue(rules.contains("set oneway { type ipv4_addr; elements = { 10.77.0.13 }; }"), rules);
        assertTrue(rules.contains("hook input priority 0; ip saddr @refused drop;"), rules);
        assertTrue(rules.contains("hook output priority 0; ip daddr @oneway drop;"), rules);
    }

    @Test
    void aResetCutRejectsWhereABlackHoleDropsAndAnInboundOneLetsEverythingLeave() {
        List<Host> hosts = FakeHosts.named("c1", "n1");
        Set<Host> refused = Set.of(hosts.get(1));
        String reset = PartitionRules.ruleset(refused, refused, CutStyle.RESET);
        assertTrue(reset.contains("hook input priority 0; ip saddr @refused tcp flags & rst == rst accept;"
                + " ip saddr @refused icmp type destination-unreachable accept;"
                + " ip saddr @refused meta l4proto tcp reject with tcp reset; ip saddr @refused reject;"), "the other side's resets let in: " + reset);
        assertTrue(reset.contains("hook output priority 0; ip daddr @oneway meta l4proto tcp reject with tcp reset; ip daddr @oneway reject;"), reset);
        assertEquals(-1, reset.indexOf("drop"), reset);
        String inbound = PartitionRules.ruleset(refused, refused, CutStyle.INBOUND);
        assertTrue(inbound.contains("hook input priority 0; ip saddr @refused drop;"), inbound);
        assertTrue(inbound.contains("hook output priority 0;  }"), "nothing leaving is dropped: " + inbound);
        assertEquals(PartitionRules.ruleset(refused, refused), PartitionRules.ruleset(refused, refused, CutStyle.BLACKHOLE));
    }

    @Test
    void aGrudgeSaysHowItRefusesUnlessSilently() {
        List<Host> hosts = FakeHosts.named("c1", "n1");
        Grudge cut = Grudge.cutOff(hosts.get(0), List.of(hosts.get(1)));
        assertEquals("c1 cut off from n1; n1 cut off from c1", cut.describe());
        assertEquals("c1 cut off from n1; n1 cut off from c1 (answered with resets)", cut.withStyle(CutStyle.RESET).describe());
        assertEquals("c1 cut off from n1 (what arrives dropped, what leaves sent)", Grudge.repliesLost(hosts.get(0), List.of(hosts.get(1))).describe(),
                "only the client refuses");
        assertEquals(java.util.Optional.of(CutStyle.INBOUND), CutStyle.of("inbound"));
        assertEquals(java.util.Optional.empty(), CutStyle.of("reject"));
    }

    @Test
    void aLossyLinkDropsAShareOfWhatArrivesInATableOfItsOwn() {
        List<Host> hosts = FakeHosts.named("c1", "n1");
        String rules = Loss.ruleset(Set.of(hosts.get(1)), 40);
        assertTrue(rules.startsWith("table inet nemesis_loss {}\ndelete table inet nemesis_loss\n"), "apart from the partition's table: " + rules);
        assertTrue(rules.contains("set lossy { type ipv4_addr; elements = { 10.77.0.12 }; }"), rules);
        assertTrue(rules.contains("hook input priority 0; ip saddr @lossy numgen random mod 100 < 40 drop;"), rules);
        Loss between = Loss.between(hosts.get(0), List.of(hosts.get(1)), 40);
        assertEquals(java.util.Map.of("c1", List.of("n1"), "n1", List.of("c1")), between.from(), "each way");
        assertEquals(List.of("c1", "n1"), between.names());
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> Loss.between(hosts.get(0), List.of(hosts.get(1)), 0));
    }

    @Test
    void aSlowLinkIsAnHtbClassTheListedAddressesAreFilteredInto() {
        List<Host> hosts = FakeHosts.named("c1", "n1", "n2");
        String batch = Slow.batch("eth0", List.of("10.77.0.12", "10.77.0.13"), 2);
        assertTrue(batch.startsWith("qdisc add dev eth0 root handle 4c53: htb default 1\n"), "lockstorm's handle, unlimited by default: " + batch);
        assertTrue(batch.contains("qdisc add dev eth0 parent 4c53:2 tbf rate 2kbit burst 1600 limit 1000000\n"), "the slow class's own bucket: " + batch);
        assertTrue(batch.contains("u32 match ip dst 10.77.0.12/32 flowid 4c53:2\n") && batch.contains("u32 match ip dst 10.77.0.13/32 flowid 4c53:2\n"), batch);
        Slow between = Slow.between(hosts.get(0), List.of(hosts.get(1), hosts.get(2)), 2);
        assertEquals(java.util.Map.of("c1", List.of("n1", "n2"), "n1", List.of("c1"), "n2", List.of("c1")), between.to(), "each way");
        assertThrows(IllegalArgumentException.class, () -> Slow.between(hosts.get(0), List.of(hosts.get(1)), 0));
    }

    @Test
    void theCleanUpFindsOnlyRootQdiscsWithTheSlowLinksHandle() {
        String show = String.join("\n", "qdisc noqueue 0: dev lo root refcnt 2",
                "qdisc htb 4c53: dev eth0 root refcnt 2 r2q 10 default 0x1 direct_packets_stat 0 direct_qlen 1000",
                "qdisc htb 1: dev eth1 root refcnt 2 r2q 10 default 0x1",
                "qdisc htb 4c53: dev v-c1 root refcnt 2 r2q 10 default 0x1");
        assertEquals(List.of("eth0", "v-c1"), dev.lockstorm.clusters.lab.Cleanup.slowLinkDevices(show), "never another's qdisc");
    }

    @Test
    void anEmptySetHasNoElements() {
        String rules = PartitionRules.ruleset(Set.of(), Set.of());
        assertTrue(rules.contains("set refused { type ipv4_addr; }"), rules);
        assertTrue(rules.contains("set oneway { type ipv4_addr; }"), rules);
        assertEquals(-1, rules.indexOf("elements"));
    }
}
