package dev.lockstorm.results;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.lock.DoubleHolder;
import dev.lockstorm.checker.lock.StaleWrite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code report.html}: one self-contained page (inline SVG and CSS, no network) for a person. The
 * verdict on top; a timeline with one lane per client (attempts, holds coloured by token, resource
 * reads and writes) under the nemesis's fault bands, with double holders and stale writes marked
 * and explained; latency over time; throughput; the run's parameters.
 */
public final class ReportHtml {
    private static final int WIDTH = 1100;
    private static final int LANE = 26;
    private static final int LEFT = 90;

    private ReportHtml() {
    }

    public static void write(History h, CheckResult r, Map<String, Object> params, Path file) throws IOException {
        Files.writeString(file, render(h, r, params), StandardCharsets.UTF_8);
    }

    public static String render(History h, CheckResult r, Map<String, Object> params) {
        double end = Math.max(1e-9, seconds(h.size() == 0 ? 0 : h.get(h.size() - 1).time()));
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>lockstorm: ")
                .append(esc(String.valueOf(params.getOrDefault("system", r.source())))).append("</title>\n<style>")
                .append("body{font:14px system-ui,sans-serif;margin:24px;color:#222}h1{margin:0 0 8px}")
                .append(".verdict{display:inline-block;padding:4px 14px;border-radius:4px;color:#fff;font-weight:bold;font-size:20px}")
                .append(".valid{background:#2e7d32}.invalid{background:#c62828}.unknown{background:#ef6c00}")
                .append("table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}")
                .append("li{margin:3px 0}.muted{color:#777}svg{background:#fafafa;border:1px solid #ddd}</style></head><body>\n");
        String v = r.verdict().wire();
        sb.append("<h1>lockstorm <span class=\"verdict ").append(v).append("\">").append(v.toUpperCase(Locale.ROOT)).append("</span></h1>\n");
        sb.append("<p>").append(esc(String.valueOf(params.getOrDefault("system", r.source())))).append(" — ")
                .append(r.stats().operations()).append(" operations by ").append(r.stats().processes()).append(" processes, ")
                .append(r.stats().crashedOperations()).append(" crashed</p>\n");
        summary(sb, r);
        sb.append("<h2>Timeline</h2>\n");
        timeline(sb, h, r, end);
        sb.append("<h2>Latency of lock operations</h2>\n");
        latency(sb, h, end);
        sb.append("<h2>Throughput</h2>\n");
        rate(sb, h, end);
        sb.append("<h2>Parameters</h2>\n<table>");
        params.forEach((k, val) -> sb.append("<tr><th>").append(esc(k)).append("</th><td>").append(esc(String.valueOf(val))).append("</td></tr>"));
        sb.append("<tr><th>history</th><td>").append(esc(r.source())).append("</td></tr></table>\n</body></html>\n");
        return sb.toString();
    }

    private static void summary(StringBuilder sb, CheckResult r) {
        sb.append("<table><tr><th>analysis</th><th>verdict</th><th>detail</th></tr>");
        var lin = r.linearizability();
        row(sb, "linearizability (" + lin.model() + ")", lin.verdict().wire(),
                lin.failure() != null ? lin.failure().explanation() : lin.reason() != null ? lin.reason() : lin.statesExplored() + " states explored");
        if (r.isLockCheck()) {
            row(sb, "double holders", r.doubleHolderCount() == 0 ? "valid" : "invalid", r.doubleHolderCount() + " found");
            row(sb, "fencing", r.staleWritesAccepted() + r.tokenViolations() == 0 ? "valid" : "invalid",
                    r.tokenViolations() + " tokens out of order, " + r.staleWritesAccepted() + " stale writes accepted, "
                            + r.staleWritesRejected() + " rejected" + (r.staleWritesRejected() > 0 ? " (fencing saved you)" : ""));
            row(sb, "resource", !r.resource().checked() ? "not checked" : r.lostUpdates() == 0 ? "valid" : "invalid", r.resource().explanation());
        }
        sb.append("</table>\n");
        if (r.isLockCheck() && !r.doubleHolders().isEmpty()) {
            sb.append("<h3>Double holders</h3><ol>");
            r.doubleHolders().stream().limit(20).forEach(d -> sb.append("<li>").append(esc(d.explanation())).append("</li>"));
            if (r.doubleHolders().size() > 20) sb.append("<li class=\"muted\">… ").append(r.doubleHolders().size() - 20).append(" more</li>");
            sb.append("</ol>\n");
        }
        if (r.isLockCheck() && !r.fencing().staleWrites().isEmpty()) {
            sb.append("<h3>Stale writes accepted</h3><ol>");
            r.fencing().staleWrites().stream().limit(20).forEach(w -> sb.append("<li>").append(esc(w.explanation())).append("</li>"));
            sb.append("</ol>\n");
        }
    }

    private static void row(StringBuilder sb, String a, String verdict, String detail) {
        sb.append("<tr><td>").append(esc(a)).append("</td><td><span class=\"verdict ").append(verdict.equals("not checked") ? "unknown" : verdict)
                .append("\" style=\"font-size:12px\">").append(esc(verdict)).append("</span></td><td>").append(esc(detail)).append("</td></tr>");
    }

    private static void timeline(StringBuilder sb, History h, CheckResult r, double end) {
        Map<String, Integer> lanes = new TreeMap<>();
        for (Op op : h.ops()) if (op.isClient()) lanes.putIfAbsent(lane(op), 0);
        int i = 0;
        for (String k : lanes.keySet()) lanes.put(k, i++);
        int height = 30 + LANE * Math.max(1, lanes.size()) + 20;
        sb.append("<svg width=\"").append(WIDTH).append("\" height=\"").append(height).append("\">\n");
        // nemesis bands
        Map<String, Op> open = new LinkedHashMap<>();
        for (Op op : h.ops()) {
            if (op.isClient()) continue;
            if (op.f().startsWith("start-") || op.f().equals("kill") || op.f().startsWith("clock-jump") || op.f().startsWith("clock-rate")) {
                open.put(kind(op.f()), op);
            } else if (op.f().startsWith("stop-") || op.f().equals("start") || op.f().equals("clock-reset")) {
                Op s = open.remove(kind(op.f()));
                if (s != null) band(sb, s, seconds(op.time()), end, height);
            }
        }
        for (Op s : open.values()) band(sb, s, end, end, height);
        // lanes
        for (var e : lanes.entrySet()) {
            int y = 30 + e.getValue() * LANE;
            sb.append("<text x=\"4\" y=\"").append(y + 15).append("\" font-size=\"12\">").append(esc(e.getKey())).append("</text>");
            sb.append("<line x1=\"").append(LEFT).append("\" x2=\"").append(WIDTH - 10).append("\" y1=\"").append(y + LANE - 2)
                    .append("\" y2=\"").append(y + LANE - 2).append("\" stroke=\"#eee\"/>\n");
        }
        Map<Integer, Op> holdStart = new LinkedHashMap<>();
        for (Op op : h.ops()) {
            if (!op.isClient()) continue;
            int y = 30 + lanes.get(lane(op)) * LANE;
            if (op.type() != OpType.INVOKE && h.partner(op.index()) >= 0) {
                Op inv = h.get(h.partner(op.index()));
                if (op.f().equals("acquire")) {
                    rect(sb, seconds(inv.time()), seconds(op.time()), end, y + 16, 3, op.type() == OpType.OK ? "#90a4ae" : "#cfd8dc",
                            "acquire " + op.type().wire());
                    if (op.type() == OpType.OK) holdStart.put(op.process(), op);
                }
                if ((op.f().equals("read") || op.f().equals("write"))) {
                    String colour = op.type() == OpType.FAIL ? "#c62828" : op.f().equals("read") ? "#1565c0" : "#2e7d32";
                    double x = x(seconds(op.time()), end);
                    sb.append("<rect x=\"").append(fmt(x - 1.5)).append("\" y=\"").append(y + 2).append("\" width=\"3\" height=\"12\" fill=\"")
                            .append(colour).append("\"><title>").append(esc(op.f() + " " + op.type().wire() + " " + op.value())).append("</title></rect>");
                }
            }
            boolean endsHold = (op.f().equals("release") && op.type() == OpType.INVOKE) || op.type() == OpType.INFO;
            if (endsHold && holdStart.containsKey(op.process())) {
                Op s = holdStart.remove(op.process());
                hold(sb, s, seconds(op.time()), end, y);
            }
        }
        for (Op s : holdStart.values()) hold(sb, s, end, end, 30 + lanes.get(lane(s)) * LANE);
        // double holders: the overlap, outlined in red across both lanes
        if (r.isLockCheck()) {
            for (DoubleHolder d : r.doubleHolders().stream().limit(50).toList()) {
                double from = seconds(d.second().start().time());
                double to = from + Math.max(0, d.overlapNanos()) / 1e9;
                int y1 = 30 + lanes.get(lane(d.first().start())) * LANE;
                int y2 = 30 + lanes.get(lane(d.second().start())) * LANE;
                int top = Math.min(y1, y2);
                int bottom = Math.max(y1, y2) + LANE - 4;
                sb.append("<rect x=\"").append(fmt(x(from, end))).append("\" y=\"").append(top).append("\" width=\"")
                        .append(fmt(Math.max(2, x(to, end) - x(from, end)))).append("\" height=\"").append(bottom - top)
                        .append("\" fill=\"none\" stroke=\"#c62828\" stroke-width=\"2\"><title>").append(esc(d.explanation())).append("</title></rect>\n");
            }
            for (StaleWrite w : r.fencing().staleWrites().stream().limit(50).toList()) {
                double x = x(seconds(w.write().time()), end);
                int y = 30 + lanes.get(lane(w.write())) * LANE;
                sb.append("<text x=\"").append(fmt(x - 4)).append("\" y=\"").append(y + 12).append("\" fill=\"#c62828\" font-weight=\"bold\">✗<title>")
                        .append(esc(w.explanation())).append("</title></text>");
            }
        }
        axis(sb, end, height - 4);
        sb.append("</svg>\n<p class=\"muted\">Grey: acquire attempts. Coloured bars: holds (acquire ok → release), colour by token. "
                + "Ticks: reads (blue), writes (green), rejected by fencing (red). Shaded bands: faults. Red outline: two holders at once.</p>\n");
    }

    private static void hold(StringBuilder sb, Op start, double to, double end, int y) {
        Object token = start.value();
        int hue = token == null ? 210 : (int) (Math.floorMod(((Number) token).longValue() * 47L, 360));
        rect(sb, seconds(start.time()), to, end, y + 4, 10, "hsl(" + hue + ",65%,55%)", "hold, token " + token);
    }

    private static void band(StringBuilder sb, Op start, double to, double end, int height) {
        double from = seconds(start.time());
        sb.append("<rect x=\"").append(fmt(x(from, end))).append("\" y=\"18\" width=\"").append(fmt(Math.max(2, x(to, end) - x(from, end))))
                .append("\" height=\"").append(height - 38).append("\" fill=\"#ffb300\" opacity=\"0.18\"><title>")
                .append(esc(start.f() + " " + start.value())).append("</title></rect>")
                .append("<text x=\"").append(fmt(x(from, end) + 2)).append("\" y=\"14\" font-size=\"11\" fill=\"#8d6e00\">")
                .append(esc(start.f())).append("</text>\n");
    }

    private static void rect(StringBuilder sb, double from, double to, double end, int y, int height, String fill, String title) {
        sb.append("<rect x=\"").append(fmt(x(from, end))).append("\" y=\"").append(y).append("\" width=\"")
                .append(fmt(Math.max(1, x(to, end) - x(from, end)))).append("\" height=\"").append(height).append("\" fill=\"").append(fill)
                .append("\"><title>").append(esc(title)).append("</title></rect>\n");
    }

    private static void latency(StringBuilder sb, History h, double end) {
        int height = 220;
        List<double[]> points = new ArrayList<>();
        double max = 1;
        for (Op op : h.ops()) {
            if (!op.isClient() || op.type() == OpType.INVOKE || h.partner(op.index()) < 0) continue;
            if (!op.f().equals("acquire") && !op.f().equals("release")) continue;
            double ms = (op.time() - h.get(h.partner(op.index())).time()) / 1e6;
            points.add(new double[]{seconds(h.get(h.partner(op.index())).time()), ms, op.type().ordinal()});
            max = Math.max(max, ms);
        }
        double logMax = Math.log10(max + 1);
        sb.append("<svg width=\"").append(WIDTH).append("\" height=\"").append(height).append("\">\n");
        String[] colours = {"", "#2e7d32", "#ef6c00", "#c62828"};
        for (double[] p : points) {
            double y = height - 24 - (Math.log10(p[1] + 1) / logMax) * (height - 40);
            sb.append("<circle cx=\"").append(fmt(x(p[0], end))).append("\" cy=\"").append(fmt(y)).append("\" r=\"2\" fill=\"")
                    .append(colours[(int) p[2]]).append("\"/>");
        }
        sb.append("<text x=\"4\" y=\"16\" font-size=\"11\">").append(fmt(max)).append(" ms</text><text x=\"4\" y=\"")
                .append(height - 24).append("\" font-size=\"11\">0 ms</text>");
        axis(sb, end, height - 4);
        sb.append("</svg>\n<p class=\"muted\">Acquire and release latency (log scale) by invocation time: ok (green), fail (orange), crashed (red).</p>\n");
    }

    private static void rate(StringBuilder sb, History h, double end) {
        int buckets = Math.max(1, (int) Math.ceil(end));
        int[] ok = new int[buckets + 1];
        for (Op op : h.ops()) {
            if (op.isClient() && op.type() == OpType.OK) ok[Math.min(buckets, (int) seconds(op.time()))]++;
        }
        int max = 1;
        for (int c : ok) max = Math.max(max, c);
        int height = 140;
        sb.append("<svg width=\"").append(WIDTH).append("\" height=\"").append(height).append("\">\n");
        for (int b = 0; b < ok.length; b++) {
            double bh = (double) ok[b] / max * (height - 40);
            sb.append("<rect x=\"").append(fmt(x(b, end))).append("\" y=\"").append(fmt(height - 24 - bh)).append("\" width=\"")
                    .append(fmt(Math.max(1, x(b + 1, end) - x(b, end) - 1))).append("\" height=\"").append(fmt(bh)).append("\" fill=\"#5c6bc0\"/>");
        }
        sb.append("<text x=\"4\" y=\"16\" font-size=\"11\">").append(max).append(" ok/s</text>");
        axis(sb, end, height - 4);
        sb.append("</svg>\n");
    }

    private static void axis(StringBuilder sb, double end, int y) {
        double step = end > 120 ? 30 : end > 30 ? 10 : end > 10 ? 2 : 1;
        for (double t = 0; t <= end; t += step) {
            sb.append("<text x=\"").append(fmt(x(t, end) - 6)).append("\" y=\"").append(y).append("\" font-size=\"10\" fill=\"#555\">")
                    .append((long) t).append(" s</text>");
        }
    }

    private static String lane(Op op) {
        Object c = op.extra("client");
        return c != null ? String.valueOf(c) : "process " + op.process();
    }

    private static String kind(String f) {
        if (f.equals("kill") || f.equals("start")) return "kill";
        if (f.startsWith("clock")) return "clock";
        return f.replaceFirst("^(start|stop)-", "");
    }

    private static double x(double s, double end) {
        return LEFT + s / end * (WIDTH - LEFT - 20);
    }

    private static double seconds(long nanos) {
        return nanos == Op.NO_TIME ? 0 : nanos / 1e9;
    }

    private static String fmt(double d) {
        return String.format(Locale.ROOT, "%.1f", d);
    }

    static String esc(String s) {
        return JunitXml.esc(s);
    }
}
