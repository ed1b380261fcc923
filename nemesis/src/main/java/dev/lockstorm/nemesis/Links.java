package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Host;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What the faults on links share (a cut, a lossy, slow or delayed link): each host by name with the
 * hosts whose packets it drops, slows or delays, as the history and {@code schedule.json} write it.
 */
final class Links {
    private Links() {
    }

    /** An unmodifiable copy without the hosts that drop nothing. */
    static Map<String, List<String>> copy(Map<String, ? extends Collection<String>> links) {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        links.forEach((h, s) -> {
            if (!s.isEmpty()) copy.put(h, List.copyOf(new LinkedHashSet<>(s)));
        });
        return Collections.unmodifiableMap(copy);
    }

    /** Each host by name with the hosts listed for it, by name. */
    static Map<String, List<String>> named(Map<Host, ? extends Collection<Host>> links) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        links.forEach((h, s) -> m.put(h.name(), s.stream().map(Host::name).toList()));
        return m;
    }

    /** {@code client}'s links to {@code nodes}, each way, by name. */
    static Map<String, List<String>> between(Host client, Collection<Host> nodes) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put(client.name(), nodes.stream().map(Host::name).toList());
        for (Host n : nodes) m.put(n.name(), List.of(client.name()));
        return m;
    }

    /** Every host named, listing or listed. */
    static List<String> names(Map<String, List<String>> links) {
        Set<String> names = new LinkedHashSet<>(links.keySet());
        links.values().forEach(names::addAll);
        return List.copyOf(names);
    }

    /** The hosts the names are, found by {@code host}. */
    static Map<Host, Set<Host>> hosts(Map<String, List<String>> links, Function<String, Host> host) {
        Map<Host, Set<Host>> m = new LinkedHashMap<>();
        links.forEach((h, others) -> m.put(host.apply(h), new LinkedHashSet<>(others.stream().map(host).toList())));
        return m;
    }

    /** Links the history does not say are none. */
    static Map<String, List<String>> listing(Map<String, List<String>> links) {
        return links == null ? Map.of() : links;
    }
}
