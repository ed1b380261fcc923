package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Cleanup;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.faults.CutStyle;

import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One nft table per host ({@code table inet nemesis}) with the set of refused addresses, dropped
 * on input; and on output too for a host that does not refuse this one back (a one-way grudge).
 * A {@link CutStyle#RESET} cut rejects instead of dropping (TCP with a reset); an
 * {@link CutStyle#INBOUND} one drops nothing on output.
 * Between two hosts that refuse each other, a packet is lost in transit, dropped where it arrives,
 * as in a real partition: a packet dropped on output is an error for the sender's own TCP stack,
 * which then neither counts keepalive probes nor gives up on a dead peer. A partition replaces the
 * table in one transaction; healing deletes it.
 */
final class PartitionRules {
    /** The table's name, which the clean-up of a crashed run looks for too. */
    static final String TABLE = Cleanup.PARTITION_TABLE;

    private PartitionRules() {
    }

    /**
     * @param refused what this host drops
     * @param oneWay  those of them that do not drop this host: dropped on output too
     */
    static String ruleset(Collection<? extends Host> refused, Collection<? extends Host> oneWay) {
        return ruleset(refused, oneWay, CutStyle.BLACKHOLE);
    }

    /**
     * @param style {@link CutStyle#RESET}: refused packets are rejected, TCP with a reset (on output the
     *              reset reaches this host's own socket); {@link CutStyle#INBOUND}: nothing is dropped on output
     */
    static String ruleset(Collection<? extends Host> refused, Collection<? extends Host> oneWay, CutStyle style) {
        String in = switch (style) {
            // the other side's resets and unreachables come in: they are how this side learns the link is gone
            case RESET -> "ip saddr @refused tcp flags & rst == rst accept; ip saddr @refused icmp type destination-unreachable accept;"
                    + " ip saddr @refused meta l4proto tcp reject with tcp reset; ip saddr @refused reject;";
            case BLACKHOLE, INBOUND -> "ip saddr @refused drop;";
        };
        String out = switch (style) {
            case BLACKHOLE -> "ip daddr @oneway drop;";
            case RESET -> "ip daddr @oneway meta l4proto tcp reject with tcp reset; ip daddr @oneway reject;";
            case INBOUND -> "";
        };
        // declare-then-delete makes the replacement work whether or not the table exists
        return "table inet " + TABLE + " {}\n"
                + "delete table inet " + TABLE + "\n"
                + "table inet " + TABLE + " {\n"
                + "  set refused { type ipv4_addr; " + elements(refused) + "}\n"
                + "  set oneway { type ipv4_addr; " + elements(oneWay) + "}\n"
                + "  chain input { type filter hook input priority 0; " + in + " }\n"
                + "  chain output { type filter hook output priority 0; " + out + " }\n"
                + "}\n";
    }

    /** {@code elements = { 10.77.0.12, 10.77.0.13 }; } for an nft set of these hosts' addresses, or nothing for none. */
    static String elements(Collection<? extends Host> hosts) {
        String addrs = hosts.stream().map(Host::address).collect(Collectors.joining(", "));
        return addrs.isEmpty() ? "" : "elements = { " + addrs + " }; ";
    }

    /** Loads {@code ruleset} on {@code h} in one nft transaction. */
    static void load(Host h, String ruleset) {
        h.check(List.of("nft", "-f", "-"), ruleset);
    }

    static void heal(Host h) {
        deleteTable(h, TABLE);
    }

    /** Deletes {@code table inet NAME} on {@code h}, whether or not it exists (declared first, then deleted). */
    static void deleteTable(Host h, String name) {
        h.check(List.of("nft", "-f", "-"), "table inet " + name + " {}\ndelete table inet " + name + "\n");
    }
}
