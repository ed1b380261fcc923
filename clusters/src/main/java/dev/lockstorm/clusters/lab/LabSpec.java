package dev.lockstorm.clusters.lab;

import java.nio.file.Path;
import java.util.List;

/**
 * What a lab holds: its hosts by name and the directory for node data and logs.
 *
 * @param hosts host names (letters, digits and '-', at most 12 characters), one network namespace each
 * @param dir   where nodes keep their data and logs
 */
public record LabSpec(List<String> hosts, Path dir) {
    public LabSpec {
        hosts = List.copyOf(hosts);
        for (String h : hosts) {
            if (!h.matches("[a-z][a-z0-9-]{0,11}")) {
                throw new IllegalArgumentException("host name '" + h + "': expected a lower-case letter, then up to 11 letters, digits or '-'");
            }
        }
        if (hosts.size() > 200) throw new IllegalArgumentException("at most 200 hosts, not " + hosts.size());
        if (hosts.stream().distinct().count() != hosts.size()) throw new IllegalArgumentException("host names repeat: " + hosts);
    }
}
