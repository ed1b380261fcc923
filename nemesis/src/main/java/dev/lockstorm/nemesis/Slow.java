package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.faults.FaultEffect;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Slow links: each host (by name) sends to the hosts listed for it at no more than {@code kbit}
 * kilobits a second, its packets queued (none dropped) behind a token bucket. A lock's messages are
 * small, so at a few kilobits a second each waits its turn for a noticeable time: a renewal or a
 * grant's reply arrives late, while the connection stays up and nothing is lost. In
 * {@code schedule.json} a step of kind {@code slow} with {@code to} and {@code kbit}.
 *
 * <pre>{@code
 * nemesis.slow(Slow.between(holder, servers, 2));   // 2 kbit/s each way
 * }</pre>
 *
 * @param to   each host and the hosts its packets to are slowed
 * @param kbit the rate, 1 to 100000 kilobits a second
 */
public record Slow(Map<String, List<String>> to, int kbit) implements Action.OnLinks {
    static final String KIND = "slow";
    /** The highest rate a slow link is given, in kilobits a second. */
    public static final int MAX_KBIT = 100_000;

    public Slow {
        if (!isRate(kbit)) throw new IllegalArgumentException("a slow link's rate is 1 to " + MAX_KBIT + " kbit/s, not " + kbit);
        to = Links.copy(to);
    }

    /** Whether {@code kbit} is a rate this fault sets: 1 to {@link #MAX_KBIT} kilobits a second. */
    public static boolean isRate(long kbit) {
        return kbit >= 1 && kbit <= MAX_KBIT;
    }

    /** {@code client}'s links to {@code nodes} slowed to {@code kbit} each way. */
    public static Slow between(Host client, Collection<Host> nodes, int kbit) {
        return new Slow(Links.between(client, nodes), kbit);
    }

    /** The slow links as the history records them. */
    public FaultEffect.Slow effect() {
        return new FaultEffect.Slow(kbit, to);
    }

    /** A {@code schedule.json} step's slow links; bad input names the step ({@code where}), the field and what was expected. */
    static Slow read(Map<?, ?> d, String where) {
        Map<String, List<String>> to = StepFields.hostLists(d, "to", "the hosts its packets to are slowed, e.g. {\"c1\": [\"n1\"]}", where);
        long kbit = StepFields.number(d, "kbit", where).longValue();
        if (!isRate(kbit)) throw new IllegalArgumentException(where + ": \"kbit\" is 1 to " + MAX_KBIT + ", not " + kbit);
        return new Slow(to, (int) kbit);
    }

    /** The recorded slow links as ones to make again; empty when the history leaves out its links or gives a rate out of range. */
    static Optional<Action> recorded(FaultEffect.Slow s) {
        Map<String, List<String>> to = Links.listing(s.to());
        return to.isEmpty() || s.kbit() == null || !isRate(s.kbit().longValue()) ? Optional.empty() : Optional.of(new Slow(to, s.kbit().intValue()));
    }

    @Override
    public Map<String, List<String>> links() {
        return to;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Map<String, Object> fields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("to", to);
        m.put("kbit", kbit);
        return m;
    }

    @Override
    public String describe() {
        return describeLinks((h, others) -> h + " sending " + kbit + " kbit/s to " + others);
    }

    @Override
    public Heal inject(Reach r) {
        r.nemesis().slow(this);
        return r.owning(Slow.class, r.nemesis()::healSlow);
    }
}
