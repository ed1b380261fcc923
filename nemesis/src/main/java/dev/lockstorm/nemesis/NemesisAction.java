package dev.lockstorm.nemesis;

import dev.lockstorm.faults.CutStyle;
import dev.lockstorm.faults.NemesisEvent;

import java.util.List;

/**
 * What the nemesis did, for the history: recorded as an {@code info} event of process
 * {@code "nemesis"} with the event's word ({@code start-partition}, {@code stop-pause}, … from the
 * history's vocabulary, {@link NemesisEvent}), a value, the hosts it touched (the report draws a
 * fault on their lanes) and, when a schedule injected or healed it, the fault's own name.
 *
 * @param event what happened
 * @param value details as plain data (maps, lists, strings, numbers)
 * @param hosts names of the hosts it touched; empty when it undoes everything at once
 * @param fault    the name of the fault it injected or healed ("isolate-leader", "random-halves"), or null
 * @param aimedAt  what the fault was aimed at and hit ("holder": the client that held the lock), or null
 * @param cut      how a partition refuses packets, when not silently ({@code reset}, {@code inbound}: {@link CutStyle}), or null
 */
public record NemesisAction(NemesisEvent event, Object value, List<String> hosts, String fault, String aimedAt, String cut) {
    public NemesisAction {
        hosts = List.copyOf(hosts);
    }

    public NemesisAction(NemesisEvent event, Object value, List<String> hosts, String fault, String aimedAt) {
        this(event, value, hosts, fault, aimedAt, null);
    }

    public NemesisAction(NemesisEvent event, Object value, List<String> hosts, String fault) {
        this(event, value, hosts, fault, null, null);
    }

    /** The same action, aimed at {@code what} (null: not aimed). */
    public NemesisAction aimedAt(String what) {
        return new NemesisAction(event, value, hosts, fault, what, cut);
    }

    /** The same partition, its packets refused as {@code style} says ({@link CutStyle#word()}; null: dropped silently). */
    public NemesisAction cut(String style) {
        return new NemesisAction(event, value, hosts, fault, aimedAt, style);
    }

    /** The event's {@code f} in the history. */
    public String f() {
        return event.f();
    }
}
