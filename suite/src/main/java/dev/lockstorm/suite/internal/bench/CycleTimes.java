package dev.lockstorm.suite.internal.bench;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Where a driven cycle's time goes, read from its history: the median time of each operation from
 * its invocation to its completion (acquire and release are a round trip to the worker and the
 * lock's own round trips; a write, with the worker's "still holding?" first, is a round trip to the
 * worker alone), and the median time the driver takes between one operation's completion and the
 * next one's invocation. Only the middle third of the history counts: no start-up, no quiet period.
 */
record CycleTimes(Map<String, Double> medianMicros, double betweenMicros) {
    /** The order the operations are printed in (a cycle's); any other after them. */
    private static final List<String> CYCLE = List.of("acquire", "read", "write", "release");

    static CycleTimes of(History h) {
        List<Op> ops = h.ops();
        List<Op> middle = ops.subList(ops.size() / 3, 2 * ops.size() / 3);
        Map<Integer, Op> last = new HashMap<>();
        Map<String, List<Long>> spans = new LinkedHashMap<>();
        List<Long> between = new ArrayList<>();
        for (Op op : middle) {
            if (op.process() == Op.NEMESIS) continue;
            Op before = last.put(op.process(), op);
            if (before == null) continue;
            long d = op.time() - before.time();
            if (op.type() == OpType.INVOKE) between.add(d);
            else if (before.type() == OpType.INVOKE && op.type() == OpType.OK && before.f().equals(op.f())) {
                spans.computeIfAbsent(op.f(), f -> new ArrayList<>()).add(d);
            }
        }
        Map<String, Double> medians = new LinkedHashMap<>();
        spans.entrySet().stream().sorted(Comparator.comparingInt(e -> place(e.getKey())))
                .forEach(e -> medians.put(e.getKey(), median(e.getValue())));
        return new CycleTimes(medians, median(between));
    }

    private static int place(String f) {
        int i = CYCLE.indexOf(f);
        return i < 0 ? CYCLE.size() : i;
    }

    private static double median(List<Long> nanos) {
        if (nanos.isEmpty()) return Double.NaN;
        List<Long> sorted = nanos.stream().sorted().toList();
        return sorted.get(sorted.size() / 2) / 1e3;
    }

    /** "acquire 123 µs, read 2 µs, write 15 µs, release 114 µs; the driver between operations 3 µs" */
    String line() {
        return medianMicros.entrySet().stream().map(e -> String.format(Locale.ROOT, "%s %.0f µs", e.getKey(), e.getValue()))
                .collect(Collectors.joining(", "))
                + String.format(Locale.ROOT, "; the driver between operations %.0f µs", betweenMicros);
    }
}
