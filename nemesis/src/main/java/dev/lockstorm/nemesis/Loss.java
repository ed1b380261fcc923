package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Cleanup;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.faults.FaultEffect;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Lossy links: each host (by name) loses a share of the packets that arrive from the hosts listed
 * for it, at random, packet by packet. Unlike a cut, TCP still gets through, after retransmissions
 * whose backoff grows with every loss: a renewal that should take milliseconds takes seconds. In
 * {@code schedule.json} a step of kind {@code loss} with {@code from} and {@code percent}.
 *
 * <pre>{@code
 * nemesis.loss(Loss.between(holder, servers, 40));   // 40% of the packets lost each way
 * }</pre>
 *
 * @param from    each host and the hosts whose packets it loses a share of
 * @param percent the share lost, 1 to 100
 */
public record Loss(Map<String, List<String>> from, int percent) implements HostRules {
    static final String KIND = "loss";
    /** Each host's nft table for lossy links, which the clean-up of a crashed run looks for too. */
    static final String TABLE = Cleanup.LOSS_TABLE;

    public Loss {
        if (!isShare(percent)) throw new IllegalArgumentException("a loss is a share of 1 to 100 percent, not " + percent);
        from = Links.copy(from);
    }

    /** Whether {@code percent} is a share this fault loses: 1 to 100. */
    static boolean isShare(long percent) {
        return percent >= 1 && percent <= 100;
    }

    /** {@code client}'s links to {@code nodes} losing {@code percent} of the packets each way. */
    public static Loss between(Host client, Collection<Host> nodes, int percent) {
        return new Loss(Links.between(client, nodes), percent);
    }

    /** The loss as the history records it. */
    public FaultEffect.Loss effect() {
        return new FaultEffect.Loss(percent, from);
    }

    /** A {@code schedule.json} step's loss; bad input names the step ({@code where}), the field and what was expected. */
    static Loss read(Map<?, ?> d, String where) {
        Map<String, List<String>> from = StepFields.hostLists(d, "from", "the hosts it loses packets from, e.g. {\"c1\": [\"n1\"]}", where);
        long percent = StepFields.number(d, "percent", where).longValue();
        if (!isShare(percent)) throw new IllegalArgumentException(where + ": \"percent\" is 1 to 100, not " + percent);
        return new Loss(from, (int) percent);
    }

    /** The recorded loss as one to make again; empty when the history leaves out its links or gives a share out of range. */
    static Optional<Action> recorded(FaultEffect.Loss l) {
        Map<String, List<String>> from = Links.listing(l.from());
        return from.isEmpty() || l.percent() == null || !isShare(l.percent().longValue()) ? Optional.empty()
                : Optional.of(new Loss(from, l.percent().intValue()));
    }

    @Override
    public Map<String, List<String>> links() {
        return from;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Map<String, Object> fields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("from", from);
        m.put("percent", percent);
        return m;
    }

    @Override
    public String describe() {
        return describeLinks((h, others) -> h + " losing " + percent + "% of what " + others + " send");
    }

    /** Packets arriving from the listed addresses are dropped at random, a share of them ({@code numgen random}); replaced in one transaction. */
    static String ruleset(Collection<? extends Host> from, int percent) {
        return "table inet " + TABLE + " {}\n"
                + "delete table inet " + TABLE + "\n"
                + "table inet " + TABLE + " {\n"
                + "  set lossy { type ipv4_addr; " + PartitionRules.elements(from) + "}\n"
                + "  chain input { type filter hook input priority 0; ip saddr @lossy numgen random mod 100 < " + percent + " drop; }\n"
                + "}\n";
    }

    @Override
    public void apply(Host h, Map<Host, Set<Host>> links) {
        PartitionRules.load(h, ruleset(links.get(h), percent));
    }

    @Override
    public void heal(Host h) {
        PartitionRules.deleteTable(h, TABLE);
    }

    @Override
    public String healed() {
        return "no loss";
    }
}
