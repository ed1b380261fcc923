package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Host;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** What a partition and a lossy link share: each host with the hosts whose packets it drops (all, or a share). */
final class Links {
    private Links() {
    }

    /** An unmodifiable copy without the hosts that drop nothing. */
    static Map<Host, Set<Host>> copy(Map<Host, Set<Host>> links) {
        Map<Host, Set<Host>> copy = new LinkedHashMap<>();
        links.forEach((h, s) -> {
            if (!s.isEmpty()) copy.put(h, Collections.unmodifiableSet(new LinkedHashSet<>(s)));
        });
        return Collections.unmodifiableMap(copy);
    }

    /** Every host named, dropping or dropped. */
    static List<String> hostNames(Map<Host, Set<Host>> links) {
        Set<String> names = new LinkedHashSet<>();
        links.forEach((h, s) -> {
            names.add(h.name());
            s.forEach(x -> names.add(x.name()));
        });
        return List.copyOf(names);
    }

    /** Plain data for history events: host name → names of the hosts it drops packets from. */
    static Map<String, List<String>> toData(Map<Host, Set<Host>> links) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        links.forEach((h, s) -> m.put(h.name(), s.stream().map(Host::name).toList()));
        return m;
    }
}
