package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.faults.FaultEffect;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Delayed links: every byte between each client and the servers listed for it waits {@code ms}
 * ± {@code jitterMs} each way (a round trip takes twice as long more), in order, nothing lost. The
 * client's connections must pass a delay proxy, installed before they opened
 * ({@link dev.lockstorm.nemesis.delay.DelayLinks}): a grant's reply that comes after its lease, a
 * renewal that lands late.
 *
 * <pre>{@code
 * nemesis.delay(Delay.between(holder, servers, 300, 100));   // 300 ± 100 ms each way
 * }</pre>
 *
 * @param delays   each client and the servers its links to are delayed
 * @param ms       the added latency each way, 1 to 60000 ms
 * @param jitterMs how far each byte's latency strays from {@code ms}, uniformly, 0 to {@code ms}
 */
public record Delay(Map<Host, Set<Host>> delays, int ms, int jitterMs) {
    /** The longest delay each way, in milliseconds. */
    public static final int MAX_MS = 60_000;

    public Delay {
        if (!isDelay(ms)) throw new IllegalArgumentException("a delay is 1 to " + MAX_MS + " ms, not " + ms);
        if (!isJitter(jitterMs, ms)) throw new IllegalArgumentException("a delay's jitter is 0 to its delay (" + ms + " ms), not " + jitterMs);
        delays = Links.copy(delays);
    }

    /** Whether {@code ms} is a delay this fault adds: 1 ms to {@link #MAX_MS}. */
    public static boolean isDelay(long ms) {
        return ms >= 1 && ms <= MAX_MS;
    }

    /** Whether {@code jitterMs} fits a delay of {@code ms}: 0 to the delay itself (a byte never arrives early). */
    public static boolean isJitter(long jitterMs, long ms) {
        return jitterMs >= 0 && jitterMs <= ms;
    }

    /** {@code client}'s links to {@code nodes} delayed by {@code ms} ± {@code jitterMs} each way. */
    public static Delay between(Host client, Collection<Host> nodes, int ms, int jitterMs) {
        return new Delay(Map.of(client, new LinkedHashSet<>(nodes)), ms, jitterMs);
    }

    /** Every host the delayed links touch, by name. */
    public List<String> hostNames() {
        return Links.hostNames(delays);
    }

    /** Plain data for history events: client name → names of the servers its links to are delayed. */
    public Map<String, List<String>> toData() {
        return Links.toData(delays);
    }

    /** The delayed links as the history records them. */
    public FaultEffect.Delay effect() {
        return new FaultEffect.Delay(ms, jitterMs, toData());
    }
}
