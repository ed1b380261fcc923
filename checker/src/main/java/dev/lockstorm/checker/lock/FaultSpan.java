package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.faults.FaultEffect;

import java.util.List;

/**
 * A fault the nemesis held for a while: from the event that started it to the one that undid it.
 *
 * @param target what it acted on: a process, a host, or the partition's grudge
 * @param start  the event that started it
 * @param end    the event that undid it, or null when the history ended first
 * @param hosts  the hosts it touched, by name (from the event's {@code hosts} field when it has one)
 * @param effect what it did (whom it froze, which links it cut, which clock it moved), read from {@code start}: what every rule asks of it
 * @param setRight for a clock's move, when that clock was set right again: the reset that ended it, or the one that ended the moves
 *                 of the same clock after it (jumps add up until then); {@link Op#NO_TIME} when never, and for every other fault
 */
public record FaultSpan(String target, Op start, Op end, List<String> hosts, FaultEffect effect, long setRight) {
    public FaultSpan {
        hosts = List.copyOf(hosts);
    }

    /** {@code partition}, {@code pause}, {@code kill}, {@code clock}, {@code renewals} (lease renewals held), …, or the event's own word: as results.json and the report name it. */
    public String kind() {
        return effect.word();
    }

    /** Its own name as its start event records it ({@code "fault": "pause-at:after-get#2"}), or empty when the event names none. */
    public java.util.Optional<dev.lockstorm.faults.FaultName> name() {
        return start.extra("fault") == null ? java.util.Optional.empty()
                : java.util.Optional.of(dev.lockstorm.faults.FaultName.parse(String.valueOf(start.extra("fault"))));
    }

    /** Whether it was in force at some instant of {@code [from, to]} (nanoseconds; to = Long.MAX_VALUE for "the end"). */
    public boolean overlaps(long from, long to) {
        long s = start.time();
        long e = end == null ? Long.MAX_VALUE : end.time();
        return s <= to && e >= from;
    }

    /** Whether its clock was set right again by {@code at} (a clock's move; never another fault). */
    public boolean setRightBy(long at) {
        return setRight != Op.NO_TIME && setRight <= at;
    }

    /** "pause client-c3-p2 from 5.102 s to 13.310 s". */
    public String describe() {
        return kind() + " " + target + " from " + History.when(start) + (end == null ? " to the end" : " to " + History.when(end));
    }
}
