package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.faults.FaultEffect;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Delayed links: every byte between each client and the servers listed for it (by name) waits
 * {@code ms} ± {@code jitterMs} each way (a round trip takes twice as long more), in order, nothing
 * lost. The client's connections must pass a delay proxy, installed before they opened
 * ({@link dev.lockstorm.nemesis.delay.DelayLinks}): a grant's reply that comes after its lease, a
 * renewal that lands late. In {@code schedule.json} a step of kind {@code delay} with {@code to},
 * {@code ms} and {@code jitter_ms}.
 *
 * <pre>{@code
 * nemesis.delay(Delay.between(holder, servers, 300, 100));   // 300 ± 100 ms each way
 * }</pre>
 *
 * @param to       each client and the servers its links to are delayed
 * @param ms       the added latency each way, 1 to 60000 ms
 * @param jitterMs how far each byte's latency strays from {@code ms}, uniformly, 0 to {@code ms}
 */
public record Delay(Map<String, List<String>> to, int ms, int jitterMs) implements Action.OnLinks {
    static final String KIND = "delay";
    /** The longest delay each way, in milliseconds. */
    public static final int MAX_MS = 60_000;

    public Delay {
        if (!isDelay(ms)) throw new IllegalArgumentException("a delay is 1 to " + MAX_MS + " ms, not " + ms);
        if (!isJitter(jitterMs, ms)) throw new IllegalArgumentException("a delay's jitter is 0 to its delay (" + ms + " ms), not " + jitterMs);
        to = Links.copy(to);
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
        return new Delay(Map.of(client.name(), nodes.stream().map(Host::name).toList()), ms, jitterMs);
    }

    /** The delayed links as the history records them. */
    public FaultEffect.Delay effect() {
        return new FaultEffect.Delay(ms, jitterMs, to);
    }

    /** A {@code schedule.json} step's delayed links; bad input names the step ({@code where}), the field and what was expected. */
    static Delay read(Map<?, ?> d, String where) {
        Map<String, List<String>> to = StepFields.hostLists(d, "to", "each client and the servers its links to are delayed, e.g. {\"c1\": [\"n1\"]}", where);
        long ms = StepFields.number(d, "ms", where).longValue();
        long jitter = d.get("jitter_ms") == null ? 0 : StepFields.number(d, "jitter_ms", where).longValue();
        if (!isDelay(ms)) throw new IllegalArgumentException(where + ": \"ms\" is 1 to " + MAX_MS + ", not " + ms);
        if (!isJitter(jitter, ms)) throw new IllegalArgumentException(where + ": \"jitter_ms\" is 0 to \"ms\" (" + ms + "), not " + jitter);
        return new Delay(to, (int) ms, (int) jitter);
    }

    /** The recorded delay as one to make again; empty when the history leaves out its links or gives a delay out of range. */
    static Optional<Action> recorded(FaultEffect.Delay d) {
        Map<String, List<String>> to = Links.listing(d.to());
        int jitter = d.jitterMs() == null ? 0 : d.jitterMs().intValue();
        return to.isEmpty() || d.ms() == null || !isDelay(d.ms().longValue()) || !isJitter(jitter, d.ms().longValue())
                ? Optional.empty() : Optional.of(new Delay(to, d.ms().intValue(), jitter));
    }

    @Override
    public Map<String, List<String>> links() {
        return to;
    }

    @Override
    public boolean delaysLinks() {
        return true;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Map<String, Object> fields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("to", to);
        m.put("ms", ms);
        m.put("jitter_ms", jitterMs);
        return m;
    }

    @Override
    public String describe() {
        return describeLinks((h, others) -> h + "'s links to " + others + " delayed " + ms + " ± " + jitterMs + " ms");
    }

    @Override
    public Heal inject(Reach r) {
        r.nemesis().delay(this);
        return r.owning(Delay.class, r.nemesis()::healDelay);
    }
}
