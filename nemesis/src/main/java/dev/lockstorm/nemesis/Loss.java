package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.faults.FaultEffect;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Lossy links: each host loses a share of the packets that arrive from the hosts listed for it,
 * at random, packet by packet. Unlike a cut, TCP still gets through, after retransmissions whose
 * backoff grows with every loss: a renewal that should take milliseconds takes seconds.
 *
 * <pre>{@code
 * nemesis.loss(Loss.between(holder, servers, 40));   // 40% of the packets lost each way
 * }</pre>
 *
 * @param losesFrom each host and the hosts whose packets it loses a share of
 * @param percent   the share lost, 1 to 100
 */
public record Loss(Map<Host, Set<Host>> losesFrom, int percent) {
    public Loss {
        if (percent < 1 || percent > 100) throw new IllegalArgumentException("a loss is a share of 1 to 100 percent, not " + percent);
        losesFrom = Links.copy(losesFrom);
    }

    /** {@code client}'s links to {@code nodes} losing {@code percent} of the packets each way. */
    public static Loss between(Host client, Collection<Host> nodes, int percent) {
        Map<Host, Set<Host>> m = new LinkedHashMap<>();
        m.put(client, new LinkedHashSet<>(nodes));
        for (Host n : nodes) m.put(n, Set.of(client));
        return new Loss(m, percent);
    }

    /** Every host the loss touches, by name. */
    public List<String> hostNames() {
        return Links.hostNames(losesFrom);
    }

    /** Plain data for history events: host name → names of the hosts it loses packets from. */
    public Map<String, List<String>> toData() {
        return Links.toData(losesFrom);
    }

    /** The loss as the history records it. */
    public FaultEffect.Loss effect() {
        return new FaultEffect.Loss(percent, toData());
    }
}
