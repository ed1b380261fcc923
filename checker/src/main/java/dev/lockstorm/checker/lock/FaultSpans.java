package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.faults.FaultEffect;
import dev.lockstorm.faults.NemesisEvent;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The nemesis's events ({@link NemesisEvent}) paired into {@link FaultSpan}s: a partition until the
 * next partition or its heal, a pause until its process resumes, a kill until the node starts
 * again, a clock fault until its clock is reset. Other events are faults of an instant, but for the
 * harness's facts (who leads, a fault that missed, the run's own facts), which are no faults.
 *
 * <pre>{@code
 * for (FaultSpan f : FaultSpans.of(history)) System.out.println(f.describe());
 * }</pre>
 */
public final class FaultSpans {
    private FaultSpans() {
    }

    public static List<FaultSpan> of(History h) {
        List<FaultSpan> out = new ArrayList<>();
        Map<String, Opened> open = new LinkedHashMap<>();
        for (Op op : h.ops()) {
            if (op.isClient()) continue;
            NemesisEvent e = NemesisEvent.of(op.f()).orElse(null);
            if (e != null && e.harnessFact()) continue; // who leads, a fault that missed, the run's facts: no fault
            if (e == null && op.f().startsWith(START)) {
                // a word of the history's own in Jepsen's start-/stop- form lasts until its partner, as lockstorm's own words do
                put(open, "event:" + op.f().substring(START.length()) + ":", Opened.of(op));
                continue;
            }
            if (e == null && op.f().startsWith(STOP) && open.keySet().stream().anyMatch(k -> k.startsWith(otherKey(op)))) {
                close(out, open, otherKey(op), op);
                continue;
            }
            if (e == null || e.span() == null) {
                out.add(span("event:" + op.f(), Opened.of(op), op));
                continue;
            }
            String kind = e.span().word() + ":";
            switch (e.span()) {
                case PARTITION, LOSS, SLOW, DELAY -> {
                    // a partition, or lossy, slow or delayed links, replace the ones before them
                    close(out, open, kind, op);
                    if (e.opens()) put(open, kind, Opened.of(op));
                }
                case CLOCK -> {
                    // a clock moved again before its reset: the first move's span ends where the second begins (jumps add up,
                    // a new rate replaces the old), and both are kept
                    if (e.opens()) {
                        Opened o = Opened.of(op);
                        String key = key(kind, o);
                        if (open.containsKey(key)) close(out, open, key, op);
                        open.put(key, o);
                    }
                    else if (FaultEffect.names(op.value()).isEmpty()) close(out, open, kind, op); // a reset that names no clock resets every one
                    else FaultEffect.names(op.value()).forEach(n -> close(out, open, kind + n, op));
                }
                // a process stopped again stays stopped from the first stop, and one SIGCONT resumes it (signals do not nest); a
                // server killed again stays down from the first kill: a second start of one still open begins nothing
                default -> FaultEffect.names(op.value()).forEach(n -> {
                    if (e.opens()) open.putIfAbsent(kind + n, Opened.of(op));
                    else close(out, open, kind + n, op);
                });
            }
        }
        open.forEach((key, o) -> out.add(span(key, o, null)));
        out.sort(java.util.Comparator.comparingInt(s -> s.start().index()));
        setRight(out);
        return out;
    }

    /**
     * Gives each clock's move the time its clock was set right: the reset that ended it, or, where another move of the same
     * clock ended it (a later span, so met first from the end), the time that move's clock was set right.
     */
    private static void setRight(List<FaultSpan> spans) {
        Map<String, Long> from = new java.util.HashMap<>();
        for (int i = spans.size() - 1; i >= 0; i--) {
            FaultSpan f = spans.get(i);
            if (f.effect().clockMove().isEmpty()) continue;
            long at = Op.NO_TIME;
            if (f.end() != null) {
                boolean movedAgain = NemesisEvent.of(f.end().f()).map(NemesisEvent::opens).orElse(false);
                at = movedAgain ? from.getOrDefault(f.end().index() + ":" + f.target(), Op.NO_TIME) : f.end().time();
            }
            from.put(f.start().index() + ":" + f.target(), at);
            spans.set(i, new FaultSpan(f.target(), f.start(), f.end(), f.hosts(), f.effect(), at));
        }
    }

    private static final String START = "start-";
    private static final String STOP = "stop-";

    /** The prefix of the spans a {@code stop-x} of the history's own words closes: every {@code start-x} open. */
    private static String otherKey(Op stop) {
        return "event:" + stop.f().substring(STOP.length()) + ":";
    }

    /** An event that began a fault, with what the fault did, read from it once. */
    private record Opened(Op start, FaultEffect effect) {
        static Opened of(Op start) {
            return new Opened(start, FaultEffect.read(start.f(), start.value(), start.extra(NemesisEvent.CUT)));
        }
    }

    /** Opens a span named by what the fault acted on, in its family's words; by the event's value as it is when the history does not say. */
    private static void put(Map<String, Opened> open, String kind, Opened o) {
        open.put(key(kind, o), o);
    }

    private static String key(String kind, Opened o) {
        return kind + o.effect().what().orElse(String.valueOf(o.start().value()));
    }

    /** Closes every open span whose key starts with {@code prefix} (a partition) or is {@code prefix} (a target). */
    private static void close(List<FaultSpan> out, Map<String, Opened> open, String key, Op end) {
        List<String> done = new ArrayList<>();
        for (Map.Entry<String, Opened> e : open.entrySet()) {
            if (key.endsWith(":") ? e.getKey().startsWith(key) : e.getKey().equals(key)) {
                out.add(span(e.getKey(), e.getValue(), end));
                done.add(e.getKey());
            }
        }
        done.forEach(open::remove);
    }

    private static FaultSpan span(String key, Opened o, Op end) {
        int colon = key.indexOf(':');
        String kind = key.substring(0, colon);
        String target = key.substring(colon + 1);
        // an event's own value as its line wrote it: a word as it is, a list or a map in JSON's form (never Java's {n1=paused})
        Object value = o.start().value();
        return new FaultSpan(kind.equals("event") ? (value instanceof String w ? w : Op.show(value)) : target, o.start(), end,
                hosts(o.start(), o.effect()), o.effect(), Op.NO_TIME);
    }

    /**
     * The hosts an event names in its {@code hosts} field, else those its family reads in its value (a
     * link fault's hosts on either side, however deep its value holds them), else the names in the value
     * as it is: a grudge by host, or a list of names (Jepsen's paused nodes, a Maelstrom-style history's processes).
     */
    private static List<String> hosts(Op op, FaultEffect effect) {
        if (op.extra("hosts") instanceof Collection<?> c) return c.stream().map(String::valueOf).toList();
        java.util.Optional<List<String>> named = effect.named();
        if (named.isPresent()) return named.get();
        Set<String> out = new LinkedHashSet<>();
        if (op.value() instanceof Collection<?> names) {
            for (Object n : names) if (n instanceof String s) out.add(s);
        }
        if (op.value() instanceof Map<?, ?> m) {
            m.forEach((k, v) -> {
                if (!FaultEffect.role(k)) out.add(String.valueOf(k));
                if (v instanceof Collection<?> c) c.forEach(x -> out.add(String.valueOf(x)));
            });
        }
        return List.copyOf(out);
    }
}
