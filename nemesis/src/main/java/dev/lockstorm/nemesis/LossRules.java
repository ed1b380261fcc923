package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Host;

import java.util.Collection;

/**
 * One nft table per host for lossy links ({@code table inet nemesis_loss}), apart from the
 * partition's table so that a cut and a loss come and go independently: packets arriving from the
 * listed addresses are dropped at random, a share of them ({@code numgen random}). Replaced in one
 * transaction; healing deletes it.
 */
final class LossRules {
    /** The table's name, which the clean-up of a crashed run looks for too. */
    static final String TABLE = "nemesis_loss";

    private LossRules() {
    }

    static String ruleset(Collection<? extends Host> from, int percent) {
        return "table inet " + TABLE + " {}\n"
                + "delete table inet " + TABLE + "\n"
                + "table inet " + TABLE + " {\n"
                + "  set lossy { type ipv4_addr; " + PartitionRules.elements(from) + "}\n"
                + "  chain input { type filter hook input priority 0; ip saddr @lossy numgen random mod 100 < " + percent + " drop; }\n"
                + "}\n";
    }

    static void heal(Host h) {
        PartitionRules.deleteTable(h, TABLE);
    }
}
