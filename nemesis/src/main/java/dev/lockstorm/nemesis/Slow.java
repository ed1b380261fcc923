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
 * Slow links: each host sends to the hosts listed for it at no more than {@code kbit} kilobits a
 * second, its packets queued (none dropped) behind a token bucket. A lock's messages are small, so
 * at a few kilobits a second each waits its turn for a noticeable time: a renewal or a grant's reply
 * arrives late, while the connection stays up and nothing is lost.
 *
 * <pre>{@code
 * nemesis.slow(Slow.between(holder, servers, 2));   // 2 kbit/s each way
 * }</pre>
 *
 * @param slowsTo each host and the hosts its packets to are slowed
 * @param kbit    the rate, 1 to 100000 kilobits a second
 */
public record Slow(Map<Host, Set<Host>> slowsTo, int kbit) {
    /** The highest rate a slow link is given, in kilobits a second. */
    public static final int MAX_KBIT = 100_000;

    public Slow {
        if (!isRate(kbit)) throw new IllegalArgumentException("a slow link's rate is 1 to " + MAX_KBIT + " kbit/s, not " + kbit);
        slowsTo = Links.copy(slowsTo);
    }

    /** Whether {@code kbit} is a rate this fault sets: 1 to {@link #MAX_KBIT} kilobits a second. */
    public static boolean isRate(long kbit) {
        return kbit >= 1 && kbit <= MAX_KBIT;
    }

    /** {@code client}'s links to {@code nodes} slowed to {@code kbit} each way. */
    public static Slow between(Host client, Collection<Host> nodes, int kbit) {
        Map<Host, Set<Host>> m = new LinkedHashMap<>();
        m.put(client, new LinkedHashSet<>(nodes));
        for (Host n : nodes) m.put(n, Set.of(client));
        return new Slow(m, kbit);
    }

    /** Every host the slow links touch, by name. */
    public List<String> hostNames() {
        return Links.hostNames(slowsTo);
    }

    /** Plain data for history events: host name → names of the hosts its packets to are slowed. */
    public Map<String, List<String>> toData() {
        return Links.toData(slowsTo);
    }

    /** The slow links as the history records them. */
    public FaultEffect.Slow effect() {
        return new FaultEffect.Slow(kbit, toData());
    }
}
