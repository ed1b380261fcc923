package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The nemesis's events paired into {@link FaultSpan}s: a partition until the next partition or
 * its heal, a pause until its process resumes, a kill until the node starts again, a clock fault
 * until its clock is reset. Events of other names are faults of an instant, but for the harness's
 * {@code leader} observations, which are no fault.
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
        Map<String, Op> open = new LinkedHashMap<>();
        for (Op op : h.ops()) {
            if (op.isClient()) continue;
            String f = op.f();
            switch (f) {
                case "start-partition" -> {
                    close(out, open, "partition:", op);
                    open.put("partition:" + grudge(op.value()), op);
                }
                case "stop-partition" -> close(out, open, "partition:", op);
                case "start-pause" -> names(op.value()).forEach(n -> open.put("pause:" + n, op));
                case "stop-pause" -> names(op.value()).forEach(n -> close(out, open, "pause:" + n, op));
                case "kill" -> names(op.value()).forEach(n -> open.put("kill:" + n, op));
                case "start" -> names(op.value()).forEach(n -> close(out, open, "kill:" + n, op));
                case "hold-renewals" -> names(op.value()).forEach(n -> open.put("renewals:" + n, op));
                case "resume-renewals" -> names(op.value()).forEach(n -> close(out, open, "renewals:" + n, op));
                case "clock-jump", "clock-rate", "start-clock-strobe" -> open.put("clock:" + clockTarget(op), op);
                case "clock-reset" -> names(op.value()).forEach(n -> close(out, open, "clock:" + n, op));
                case "leader" -> { } // the harness's observation of who leads: not a fault
                default -> out.add(span("event:" + f, op, op));
            }
        }
        open.forEach((key, start) -> out.add(span(key, start, null)));
        out.sort(java.util.Comparator.comparingInt(s -> s.start().index()));
        return out;
    }

    /** Closes every open span whose key starts with {@code prefix} (a partition) or is {@code prefix} (a target). */
    private static void close(List<FaultSpan> out, Map<String, Op> open, String key, Op end) {
        List<String> done = new ArrayList<>();
        for (Map.Entry<String, Op> e : open.entrySet()) {
            if (key.endsWith(":") ? e.getKey().startsWith(key) : e.getKey().equals(key)) {
                out.add(span(e.getKey(), e.getValue(), end));
                done.add(e.getKey());
            }
        }
        done.forEach(open::remove);
    }

    private static FaultSpan span(String key, Op start, Op end) {
        int colon = key.indexOf(':');
        String kind = key.substring(0, colon);
        String target = key.substring(colon + 1);
        return new FaultSpan(kind.equals("event") ? target : kind, kind.equals("event") ? String.valueOf(start.value()) : target, start, end,
                hosts(start));
    }

    /** The hosts an event names in its {@code hosts} field, else those its value names. */
    private static List<String> hosts(Op op) {
        if (op.extra("hosts") instanceof Collection<?> c) return c.stream().map(String::valueOf).toList();
        Set<String> out = new LinkedHashSet<>();
        if (op.value() instanceof Map<?, ?> m) {
            m.forEach((k, v) -> {
                out.add(String.valueOf(k));
                if (v instanceof Collection<?> c) c.forEach(x -> out.add(String.valueOf(x)));
            });
        }
        return List.copyOf(out);
    }

    private static List<String> names(Object value) {
        if (value instanceof Collection<?> c) return c.stream().map(String::valueOf).toList();
        return value == null ? List.of() : List.of(String.valueOf(value));
    }

    private static String clockTarget(Op op) {
        return op.value() instanceof Map<?, ?> m && m.get("process") != null ? String.valueOf(m.get("process")) : String.valueOf(op.value());
    }

    /** "c1 refuses [n3]; n3 refuses [c1]" from a grudge's plain data. */
    private static String grudge(Object value) {
        if (!(value instanceof Map<?, ?> m)) return String.valueOf(value);
        List<String> parts = new ArrayList<>();
        m.forEach((k, v) -> parts.add(k + " refuses " + v));
        return String.join("; ", parts);
    }
}
