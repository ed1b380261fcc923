package dev.lockstorm.nemesis;

import java.util.List;

/**
 * What the nemesis did, for the history: recorded as an {@code info} event of process
 * {@code "nemesis"} with this {@code f} (e.g. {@code start-partition}, {@code stop-partition}),
 * value, and the hosts it touched (the report draws a fault on their lanes).
 *
 * @param f     what happened
 * @param value details as plain data (maps, lists, strings, numbers)
 * @param hosts names of the hosts it touched; empty when it undoes everything at once
 */
public record NemesisEvent(String f, Object value, List<String> hosts) {
    public NemesisEvent {
        hosts = List.copyOf(hosts);
    }
}
