package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Host;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One nft table per host ({@code table inet nemesis}) with the set of refused addresses, dropped
 * on input and output. A partition replaces the table in one transaction; healing deletes it.
 */
final class Partitions {
    private Partitions() {
    }

    static String ruleset(Set<Host> refused) {
        String addrs = refused.stream().map(Host::address).collect(Collectors.joining(", "));
        // declare-then-delete makes the replacement work whether or not the table exists
        return "table inet nemesis {}\n"
                + "delete table inet nemesis\n"
                + "table inet nemesis {\n"
                + "  set refused { type ipv4_addr; " + (addrs.isEmpty() ? "" : "elements = { " + addrs + " }; ") + "}\n"
                + "  chain input { type filter hook input priority 0; ip saddr @refused drop; }\n"
                + "  chain output { type filter hook output priority 0; ip daddr @refused drop; }\n"
                + "}\n";
    }

    static void heal(Host h) {
        h.check(List.of("nft", "-f", "-"), "table inet nemesis {}\ndelete table inet nemesis\n");
    }
}
