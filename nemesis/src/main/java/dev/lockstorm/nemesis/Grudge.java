package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.faults.CutStyle;
import dev.lockstorm.faults.FaultEffect;
import dev.lockstorm.faults.Words;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

/**
 * A network cut, the partition family's value: who refuses whom, each host by name with the hosts
 * whose traffic it drops (both ways, on its side), and how the refused packets go ({@link CutStyle}).
 * The generators are the ones Jepsen users know. In {@code schedule.json} a step of kind
 * {@code partition} with {@code refuses} and, when packets are not dropped silently, {@code cut}.
 *
 * <pre>{@code
 * Grudge g = Grudge.isolate(leader.host(), nodes);   // the leader alone | the rest
 * nemesis.partition(g);
 * }</pre>
 */
public record Grudge(Map<String, List<String>> refuses, CutStyle style) implements HostRules {
    static final String KIND = "partition";

    public Grudge {
        refuses = Links.copy(refuses);
        Objects.requireNonNull(style, "style");
    }

    /** A grudge whose refused packets vanish silently ({@link CutStyle#BLACKHOLE}). */
    public Grudge(Map<String, List<String>> refuses) {
        this(refuses, CutStyle.BLACKHOLE);
    }

    /** Each of these hosts refusing the hosts listed for it, silently. */
    public static Grudge refusing(Map<Host, ? extends Collection<Host>> refuses) {
        return new Grudge(Links.named(refuses));
    }

    /** The same hosts refusing the same others, the packets refused as {@code style} says. */
    public Grudge withStyle(CutStyle style) {
        return new Grudge(refuses, style);
    }

    /**
     * {@code client} hears nothing from {@code nodes} while they still hear it: with
     * {@link CutStyle#INBOUND}, its requests arrive and are applied, their replies are lost.
     */
    public static Grudge repliesLost(Host client, Collection<Host> nodes) {
        return repliesLost(List.of(client), nodes);
    }

    /** The same for each of {@code clients}. */
    public static Grudge repliesLost(Collection<Host> clients, Collection<Host> nodes) {
        Map<Host, Set<Host>> m = new LinkedHashMap<>();
        for (Host c : clients) m.put(c, new LinkedHashSet<>(nodes));
        return refusing(m).withStyle(CutStyle.INBOUND);
    }

    /** Hosts in different components cannot talk; hosts in none are untouched. */
    public static Grudge components(List<? extends Collection<Host>> components) {
        Map<Host, Set<Host>> m = new LinkedHashMap<>();
        for (Collection<Host> c : components) {
            for (Host h : c) {
                Set<Host> others = new LinkedHashSet<>();
                for (Collection<Host> d : components) if (d != c) others.addAll(d);
                m.put(h, others);
            }
        }
        return refusing(m);
    }

    /** {@code node} alone on one side, the other hosts on the other. */
    public static Grudge isolate(Host node, Collection<Host> all) {
        return apart(List.of(node), all);
    }

    /** {@code side} on one side, the other hosts of {@code all} on the other. */
    public static Grudge apart(List<Host> side, Collection<Host> all) {
        List<Host> rest = all.stream().filter(h -> !side.contains(h)).toList();
        return components(List.of(side, rest));
    }

    /** A random majority and minority of {@code nodes}. */
    public static Grudge randomHalves(List<Host> nodes, Random random) {
        List<Host> shuffled = new ArrayList<>(nodes);
        Collections.shuffle(shuffled, random);
        int cut = nodes.size() / 2;
        return components(List.of(shuffled.subList(0, cut), shuffled.subList(cut, shuffled.size())));
    }

    /**
     * Every node sees a majority, but no two nodes see the same one (Jepsen's majorities ring):
     * nodes in a ring, each sees its neighbours within ⌊n/2⌋ / 2 on both sides.
     */
    public static Grudge majoritiesRing(List<Host> nodes, Random random) {
        List<Host> ring = new ArrayList<>(nodes);
        Collections.shuffle(ring, random);
        int n = ring.size();
        int reach = n / 2 / 2 + (n / 2) % 2; // neighbours visible on each side
        Map<Host, Set<Host>> m = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            Set<Host> visible = new LinkedHashSet<>();
            for (int d = -reach; d <= reach; d++) visible.add(ring.get(Math.floorMod(i + d, n)));
            Set<Host> refused = new LinkedHashSet<>(ring);
            refused.removeAll(visible);
            m.put(ring.get(i), refused);
        }
        return refusing(m);
    }

    /** Two halves joined by one bridge node that sees both (Jepsen's bridge). */
    public static Grudge bridge(List<Host> nodes, Random random) {
        List<Host> shuffled = new ArrayList<>(nodes);
        Collections.shuffle(shuffled, random);
        int mid = shuffled.size() / 2;
        List<Host> left = shuffled.subList(0, mid);
        List<Host> right = shuffled.subList(mid + 1, shuffled.size());
        Map<Host, Set<Host>> m = new LinkedHashMap<>();
        for (Host h : left) m.put(h, new LinkedHashSet<>(right));
        for (Host h : right) m.put(h, new LinkedHashSet<>(left));
        return refusing(m);
    }

    /** A client cut off from some (or all) nodes, both ways. */
    public static Grudge cutOff(Host client, Collection<Host> nodes) {
        return cutOff(List.of(client), nodes);
    }

    /** Clients cut off from some (or all) nodes, both ways; the clients still reach each other. */
    public static Grudge cutOff(Collection<Host> clients, Collection<Host> nodes) {
        Map<Host, Set<Host>> m = new LinkedHashMap<>();
        for (Host c : clients) m.put(c, new LinkedHashSet<>(nodes));
        for (Host n : nodes) m.put(n, new LinkedHashSet<>(clients));
        return refusing(m);
    }

    /** The partition as the history records it: who refuses whom, and how. */
    public FaultEffect.Cut effect() {
        return new FaultEffect.Cut(refuses, style);
    }

    /** A {@code schedule.json} step's cut; bad input names the step ({@code where}), the field and what was expected. */
    static Grudge read(Map<?, ?> d, String where) {
        Map<String, List<String>> refuses = StepFields.hostLists(d, "refuses", "the hosts it refuses, e.g. {\"n1\": [\"n2\", \"n3\"]}", where);
        String word = d.get("cut") == null ? CutStyle.BLACKHOLE.word() : String.valueOf(d.get("cut"));
        CutStyle cut = CutStyle.of(word).orElseThrow(() -> new IllegalArgumentException(where + ": \"cut\" is " + Words.show(d.get("cut"))
                + ", none of " + CutStyle.words()));
        return new Grudge(refuses, cut);
    }

    /** The recorded cut as a cut to make again; empty when the history names nobody refusing anybody. */
    static Optional<Action> recorded(FaultEffect.Cut c) {
        Map<String, List<String>> refuses = Links.listing(c.refuses());
        return refuses.isEmpty() ? Optional.empty() : Optional.of(new Grudge(refuses, c.style()));
    }

    @Override
    public Map<String, List<String>> links() {
        return refuses;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Map<String, Object> fields() {
        if (style == CutStyle.BLACKHOLE) return Map.of("refuses", refuses);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("refuses", refuses);
        m.put("cut", style.word());
        return m;
    }

    @Override
    public String describe() {
        String how = switch (style) {
            case BLACKHOLE -> "";
            case RESET -> " (answered with resets)";
            case INBOUND -> " (what arrives dropped, what leaves sent)";
        };
        return describeLinks((h, others) -> h + " cut off from " + others) + how;
    }

    /** {@code h}'s table: what it refuses, dropped on output too where the other side does not refuse it back (a one-way grudge). */
    @Override
    public void apply(Host h, Map<Host, Set<Host>> links) {
        Set<Host> refused = links.get(h);
        Set<Host> oneWay = new LinkedHashSet<>(refused);
        oneWay.removeIf(other -> links.getOrDefault(other, Set.of()).contains(h));
        PartitionRules.load(h, PartitionRules.ruleset(refused, oneWay, style));
    }

    @Override
    public void heal(Host h) {
        PartitionRules.heal(h);
    }

    @Override
    public String healed() {
        return "fully connected";
    }

    /** The event says how packets are refused when not silently ({@code cut}). */
    @Override
    public NemesisAction begins(NemesisAction plain) {
        return plain.cut(effect().cut());
    }
}
