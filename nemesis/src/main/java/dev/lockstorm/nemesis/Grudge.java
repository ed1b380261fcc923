package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.faults.CutStyle;
import dev.lockstorm.faults.FaultEffect;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Who refuses whom: for each host, the hosts whose traffic it drops (both ways, on its side).
 * The generators are the ones Jepsen users know.
 *
 * <pre>{@code
 * Grudge g = Grudge.isolate(leader.host(), nodes);   // the leader alone | the rest
 * nemesis.partition(g);
 * }</pre>
 */
public record Grudge(Map<Host, Set<Host>> refuses, CutStyle style) {

    public Grudge {
        refuses = Links.copy(refuses);
        java.util.Objects.requireNonNull(style, "style");
    }

    /** A grudge whose refused packets vanish silently ({@link CutStyle#BLACKHOLE}). */
    public Grudge(Map<Host, Set<Host>> refuses) {
        this(refuses, CutStyle.BLACKHOLE);
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
        return new Grudge(m, CutStyle.INBOUND);
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
        return new Grudge(m);
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
        return new Grudge(m);
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
        return new Grudge(m);
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
        return new Grudge(m);
    }

    /** {@code n1 refuses [n2, n3]; n2 refuses [n1]; …}, after the style when packets are not dropped silently ({@code [reset] …}). */
    public String describe() {
        return (style == CutStyle.BLACKHOLE ? "" : "[" + style.word() + "] ") + refuses.entrySet().stream()
                .map(e -> e.getKey().name() + " refuses " + e.getValue().stream().map(Host::name).toList())
                .collect(Collectors.joining("; "));
    }

    /** Every host the grudge touches (refusing or refused), by name. */
    public List<String> hostNames() {
        return Links.hostNames(refuses);
    }

    /** Plain data for history events: host name → names of refused hosts. */
    public Map<String, List<String>> toData() {
        return Links.toData(refuses);
    }

    /** The partition as the history records it: who refuses whom, and how. */
    public FaultEffect.Cut effect() {
        return new FaultEffect.Cut(toData(), style);
    }
}
