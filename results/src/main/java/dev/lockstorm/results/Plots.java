package dev.lockstorm.results;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The data of the report's plots, as Jepsen draws them: every lock operation's latency by
 * invocation time with quantile lines (0.5, 0.95, 0.99, max) per operation over time windows, and
 * completions per second by operation and outcome.
 */
final class Plots {
    /** The quantiles drawn, and their names. */
    static final double[] QUANTILES = {0.5, 0.95, 0.99, 1.0};
    private static final int WINDOWS = 40;

    private Plots() {
    }

    /**
     * {@code points}: [time s, latency ms, "acquire ok" | "acquire fail" | "release ok" | … | "… info"];
     * {@code quantiles}: per operation, per quantile, [window mid time s, latency ms] lines.
     */
    static Map<String, Object> latency(History h) {
        List<Object> points = new ArrayList<>();
        Map<String, List<double[]>> byF = new LinkedHashMap<>();
        double end = 0;
        for (Op op : h.ops()) {
            if (!op.isClient() || op.type() == OpType.INVOKE || h.partner(op.index()) < 0) continue;
            if (!op.f().equals("acquire") && !op.f().equals("release")) continue;
            Op inv = h.get(h.partner(op.index()));
            double t = ReportHtml.seconds(inv.time());
            double ms = Math.max(0.001, (op.time() - inv.time()) / 1e6);
            // a reentrant lock's nested acquire costs nothing: plotted apart, it does not pull the real acquires' quantiles down
            String f = op.f().equals("acquire") && h.reentry(op) ? "nested acquire" : op.f();
            points.add(List.of(t, Math.round(ms * 1000) / 1000.0, f + " " + op.type().wire()));
            byF.computeIfAbsent(f, k -> new ArrayList<>()).add(new double[]{t, ms});
            end = Math.max(end, t);
        }
        Map<String, Object> quantiles = new LinkedHashMap<>();
        double width = Math.max(1e-3, end / WINDOWS);
        byF.forEach((f, xs) -> {
            Map<String, List<Object>> lines = new LinkedHashMap<>();
            for (double q : QUANTILES) lines.put(name(q), new ArrayList<>());
            for (int w = 0; w <= WINDOWS; w++) {
                double from = w * width;
                double[] in = xs.stream().filter(p -> p[0] >= from && p[0] < from + width).mapToDouble(p -> p[1]).sorted().toArray();
                if (in.length == 0) continue;
                for (double q : QUANTILES) {
                    int i = Math.min(in.length - 1, (int) Math.ceil(q * in.length) - 1);
                    lines.get(name(q)).add(List.of(from + width / 2, Math.round(in[Math.max(0, i)] * 1000) / 1000.0));
                }
            }
            quantiles.put(f, lines);
        });
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("points", points);
        out.put("quantiles", quantiles);
        return out;
    }

    private static String name(double q) {
        return q == 1.0 ? "max" : String.valueOf(q);
    }

    /** {@code series}: "f outcome" → completions in each second of the run. */
    static Map<String, Object> throughput(History h, double end) {
        int buckets = Math.max(1, (int) Math.ceil(end));
        Map<String, int[]> series = new LinkedHashMap<>();
        for (Op op : h.ops()) {
            if (!op.isClient() || op.type() == OpType.INVOKE) continue;
            int b = Math.min(buckets - 1, (int) ReportHtml.seconds(op.time()));
            series.computeIfAbsent(op.f() + " " + op.type().wire(), k -> new int[buckets])[Math.max(0, b)]++;
        }
        Map<String, Object> s = new LinkedHashMap<>();
        series.forEach((k, v) -> s.put(k, Arrays.stream(v).boxed().toList()));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("seconds", buckets);
        out.put("series", s);
        return out;
    }
}
