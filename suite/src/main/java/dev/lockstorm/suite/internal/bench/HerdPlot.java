package dev.lockstorm.suite.internal.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code herd.html}: the herd bench's table and a plot of notifications per handoff against waiters, one line per recipe (inline SVG, no script). */
final class HerdPlot {
    private static final String[] COLORS = {"#d62728", "#ff7f0e", "#2ca02c", "#1f77b4", "#9467bd"};
    private static final int W = 640, H = 400, LEFT = 60, RIGHT = 160, TOP = 20, BOTTOM = 50;

    private HerdPlot() {
    }

    static String html(List<HerdBench.Cell> cells) {
        Map<String, List<HerdBench.Cell>> byRecipe = new LinkedHashMap<>();
        for (HerdBench.Cell c : cells) byRecipe.computeIfAbsent(c.recipe(), r -> new ArrayList<>()).add(c);
        double maxX = cells.stream().mapToInt(HerdBench.Cell::waiters).max().orElse(1);
        double maxY = Math.max(1, cells.stream().mapToDouble(c -> c.perHandoff(c.notifications())).filter(Double::isFinite).max().orElse(1));
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' font-family='sans-serif' font-size='12'>", W, H));
        int x0 = LEFT, y0 = H - BOTTOM, x1 = W - RIGHT, y1 = TOP;
        svg.append(String.format(Locale.ROOT, "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='black'/><line x1='%d' y1='%d' x2='%d' y2='%d' stroke='black'/>",
                x0, y0, x1, y0, x0, y0, x0, y1));
        for (int i = 0; i <= 4; i++) {
            double yv = maxY * i / 4, xv = maxX * i / 4;
            svg.append(String.format(Locale.ROOT, "<text x='%d' y='%.1f' text-anchor='end'>%.1f</text>", x0 - 6, y(yv, maxY, y0, y1) + 4, yv));
            svg.append(String.format(Locale.ROOT, "<text x='%.1f' y='%d' text-anchor='middle'>%.0f</text>", x(xv, maxX, x0, x1), y0 + 16, xv));
        }
        svg.append(String.format(Locale.ROOT, "<text x='%d' y='%d' text-anchor='middle'>waiters (clients besides the holder)</text>", (x0 + x1) / 2, H - 10));
        svg.append(String.format(Locale.ROOT, "<text x='14' y='%d' transform='rotate(-90 14 %d)' text-anchor='middle'>watch notifications per handoff</text>",
                (y0 + y1) / 2, (y0 + y1) / 2));
        int k = 0;
        for (Map.Entry<String, List<HerdBench.Cell>> e : byRecipe.entrySet()) {
            String color = COLORS[k % COLORS.length];
            StringBuilder points = new StringBuilder();
            for (HerdBench.Cell c : e.getValue()) {
                double v = c.perHandoff(c.notifications());
                if (!Double.isFinite(v)) continue;
                double px = x(c.waiters(), maxX, x0, x1), py = y(v, maxY, y0, y1);
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", px, py));
                svg.append(String.format(Locale.ROOT, "<circle cx='%.1f' cy='%.1f' r='3' fill='%s'><title>%s, %d waiters: %.2f</title></circle>",
                        px, py, color, e.getKey(), c.waiters(), v));
            }
            svg.append(String.format(Locale.ROOT, "<polyline fill='none' stroke='%s' stroke-width='2' points='%s'/>", color, points.toString().trim()));
            svg.append(String.format(Locale.ROOT, "<text x='%d' y='%d' fill='%s'>%s</text>", x1 + 12, y1 + 16 + 18 * k, color, e.getKey()));
            k++;
        }
        svg.append("</svg>");
        StringBuilder html = new StringBuilder("<!doctype html><html><head><meta charset='utf-8'><title>lockstorm bench herd</title></head><body>");
        html.append("<h1>The herd effect: watch notifications per handoff</h1>");
        html.append("<p>Each recipe's clients take and release one lock in a loop against a 3-node ZooKeeper ensemble. A recipe whose"
                + " waiters all watch one node (or the whole child list) wakes every waiter at each handoff; the recipe that watches the"
                + " predecessor wakes one.</p>");
        html.append(svg);
        html.append("<table border='1' cellpadding='4' style='border-collapse:collapse;margin-top:1em'><tr><th>recipe</th><th>waiters</th>"
                + "<th>handoffs</th><th>handoffs/s</th><th>notified per handoff (clients)</th><th>triggered per handoff (servers, mntr)</th>"
                + "<th>watches set (mntr)</th><th>latency p50 ms</th><th>latency p99 ms</th></tr>");
        for (HerdBench.Cell c : cells) {
            html.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%d</td><td>%d</td><td>%.1f</td><td>%.2f</td><td>%.2f</td><td>%.1f</td><td>%.2f</td><td>%.2f</td></tr>",
                    c.recipe(), c.waiters(), c.handoffs(), (double) c.handoffs() / c.seconds(), c.perHandoff(c.notifications()),
                    c.perHandoff(c.serverTriggers()), c.watchesSet(), c.p50Ms(), c.p99Ms()));
        }
        return html.append("</table></body></html>\n").toString();
    }

    private static double x(double v, double max, int x0, int x1) {
        return x0 + (x1 - x0) * v / max;
    }

    private static double y(double v, double max, int y0, int y1) {
        return y0 - (y0 - y1) * v / max;
    }
}
