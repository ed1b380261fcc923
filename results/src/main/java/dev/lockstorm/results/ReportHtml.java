package dev.lockstorm.results;

import dev.lockstorm.checker.Analysis;
import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.history.Operation;
import dev.lockstorm.checker.history.Prose;
import dev.lockstorm.checker.io.Json;
import dev.lockstorm.checker.io.TextFiles;
import dev.lockstorm.checker.linear.Failure;
import dev.lockstorm.checker.lock.FaultSpan;
import dev.lockstorm.checker.lock.HoldInterval;
import dev.lockstorm.checker.lock.Incident;
import dev.lockstorm.checker.lock.StaleWrite;
import dev.lockstorm.faults.NemesisEvent;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * {@code report.html}: one self-contained page (inline data, script and style; nothing from the
 * network) for a person debugging a lock. The first screen shows the verdict and every incident:
 * who believed it held the lock, since when, who else was granted it meanwhile, under which fault,
 * and what it cost. Below: a timeline to zoom and pan (server lanes with their faults and leaders,
 * client lanes with attempts, holds coloured by token, reads and writes), the failing point of a
 * linearizability failure, latency with quantiles, throughput by operation and outcome, and the
 * run's context with links to every file of the run.
 *
 * <p>The page's data is built here and drawn by {@code report.js} (a resource of this module) on
 * canvases; {@code window.lockstorm} offers {@code view()}, {@code zoom(from, to)} and
 * {@code incidents} to scripts (the tests use them).
 */
public final class ReportHtml {
    private ReportHtml() {
    }

    /** Writes the report of a checked run; {@code dir} is the run's directory, whose files it links. */
    public static void write(RunReport.Outcome o, Path dir, Path file) throws IOException {
        TextFiles.write(file, render(o, runFiles(dir)));
    }

    /** The run directory's files to link, relative to it: results, history, junit, logs. */
    static List<String> runFiles(Path dir) throws IOException {
        List<String> out = new ArrayList<>();
        for (String f : List.of("history.jsonl", "results.json", "summary.txt", "junit.xml", "lockstorm.log", "command.txt")) {
            if (Files.exists(dir.resolve(f)) || f.equals("results.json") || f.equals("summary.txt") || f.equals("junit.xml")) out.add(f);
        }
        Path logs = dir.resolve("logs");
        if (Files.isDirectory(logs)) {
            try (Stream<Path> s = Files.list(logs)) {
                s.map(p -> "logs/" + p.getFileName()).sorted().forEach(out::add);
            }
        }
        return out;
    }

    public static String render(RunReport.Outcome o, List<String> files) {
        CheckResult r = o.check();
        Map<String, Object> params = o.context().params();
        String title = String.valueOf(params.getOrDefault("system", r.source()));
        String v = r.verdict().wire();
        StringBuilder sb = new StringBuilder(1 << 16);
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>lockstorm: ").append(esc(title)).append(" — ")
                .append(v).append("</title>\n<style>").append(resource("report.css")).append("</style></head><body>\n");
        sb.append("<header><h1>lockstorm <span class=\"verdict ").append(v).append("\">").append(v.toUpperCase(Locale.ROOT)).append("</span> ")
                .append(esc(title)).append("</h1>\n<p class=\"context\">").append(esc(contextLine(params, r))).append("</p>\n");
        if (r.coverage() != null) {
            // what the verdict rests on: a valid run that reached nothing dangerous says so
            sb.append("<p class=\"exercised\" id=\"exercised\">").append(r.coverage().dangerousReached()
                    ? "Exercised: " + esc(r.coverage().describe()) + "."
                    : "<strong>Nothing dangerous exercised:</strong> " + esc(r.coverage().nothingDangerous()) + ".").append("</p>\n");
        }
        sb.append("</header>\n");
        incidents(sb, r);
        verdicts(sb, r);
        sb.append("<section><h2>Timeline</h2><div class=\"controls\"><button data-zoom=\"in\">+</button><button data-zoom=\"out\">−</button>")
                .append("<button data-zoom=\"all\">whole run</button> <span id=\"range\" class=\"muted\"></span>")
                .append(" <span class=\"muted\">Wheel to zoom, drag to pan, drag on the strip below to choose a stretch.</span></div>\n")
                .append("<canvas id=\"overview\" height=\"46\"></canvas>\n<canvas id=\"timeline\"></canvas>\n<div id=\"tip\"></div>\n")
                // the legend shows what this run has, each with its swatch (the script fills it in)
                .append("<p class=\"muted legend\" id=\"timeline-legend\">Lanes: servers, then clients.</p></section>\n");
        sb.append("<section><h2>Latency</h2><canvas id=\"latency\" height=\"260\"></canvas><p class=\"muted legend\" id=\"latency-legend\"></p></section>\n");
        sb.append("<section><h2>Throughput</h2><canvas id=\"throughput\" height=\"200\"></canvas><p class=\"muted legend\" id=\"throughput-legend\"></p></section>\n");
        run(sb, o, files);
        sb.append("<script id=\"lockstorm-data\" type=\"application/json\">").append(Json.toJson(data(o)).replace("</", "<\\/"))
                .append("</script>\n<script>").append(resource("report.js")).append("</script>\n</body></html>\n");
        return sb.toString();
    }

    /** "pause-client · fencing all · seed 7 · 5 clients · started 2026-11-22 20:31:05 · 38.2 s". */
    private static String contextLine(Map<String, Object> p, CheckResult r) {
        List<String> parts = new ArrayList<>();
        if (p.get("scenario") != null) parts.add(String.valueOf(p.get("scenario")));
        if (p.get("nemesis") != null) parts.add("nemesis " + p.get("nemesis"));
        // once: a scenario's variant often names its fencing already ("redlock-clock-jump / fencing none")
        if (p.get("fencing") != null && !String.valueOf(p.get("scenario")).contains("fencing " + p.get("fencing"))) parts.add("fencing " + p.get("fencing"));
        if (p.get("resource") != null && !"counter".equals(p.get("resource"))) parts.add("resource " + p.get("resource"));
        if (p.get("seed") != null) parts.add("seed " + p.get("seed"));
        if (p.get("clients") != null) parts.add(p.get("clients") + " clients");
        if (p.get("started_at") != null) parts.add("started " + value("started_at", p.get("started_at")));
        parts.add(r.stats().operations() + " operations by " + r.stats().processes() + " processes, " + r.stats().crashedOperations() + " crashed");
        return String.join(" · ", parts);
    }

    private static void incidents(StringBuilder sb, CheckResult r) {
        sb.append("<section id=\"incidents\"><h2>");
        if (!r.isLockCheck()) {
            sb.append("Findings</h2>");
        } else if (!r.holdsCounted()) {
            sb.append("Double holders not counted</h2><p>").append(esc(r.analysis(Analysis.Kind.DOUBLE_HOLDERS).orElseThrow().detail())).append("</p>");
        } else if (r.incidents().isEmpty()) {
            sb.append("No incident</h2><p>No two clients believed they held the lock at the same time.</p>");
        } else {
            sb.append(r.incidents().size()).append(r.incidents().size() == 1 ? " incident" : " incidents").append(" <span class=\"muted\">(")
                    .append(r.doubleHolderCount()).append(r.doubleHolderCount() == 1 ? " pair of holders; " : " pairs of holders; ").append(r.defectIncidents()).append(" lock defect")
                    .append(r.defectIncidents() == 1 ? "" : "s").append(", ").append(r.leaseLimitIncidents()).append(" lease limit")
                    .append(r.leaseLimitIncidents() == 1 ? "" : "s").append(")</span></h2><ol class=\"incidents\">");
            int n = 0;
            for (Incident i : r.incidents()) {
                sb.append("<li class=\"incident\" data-incident=\"").append(n++).append("\"><a href=\"#timeline\" class=\"zoom\">show</a> ")
                        .append(i.prose().render(PAGE)).append("</li>");
            }
            sb.append("</ol>");
        }
        Failure f = r.linearizability().failure();
        if (f != null) {
            sb.append("<h3>Where linearizability fails</h3><p class=\"failure\"><a href=\"#timeline\" class=\"zoom\" data-failure=\"1\">show</a> ")
                    .append("The longest prefix that can be linearized has ").append(f.prefixLength()).append(" operations; then ")
                    .append(f.prose().render(PAGE)).append(" (state: ").append(esc(f.state())).append(")</p>");
        }
        if (r.isLockCheck()) {
            explained(sb, "Tokens out of order", r.fencing().tokenViolations());
            explained(sb, "Stale writes accepted", r.fencing().staleWrites());
            explained(sb, "Tokens presented by clients that did not hold them, and writes made under no hold", r.fencing().foreignTokens());
        }
        sb.append("</section>\n");
    }

    /** A numbered list of {@code found} under {@code title} with their count; nothing when none was found. */
    private static void explained(StringBuilder sb, String title, List<? extends Prose.Explained> found) {
        if (found.isEmpty()) return;
        sb.append("<h3>").append(title).append(" (").append(found.size()).append(")</h3><ol>");
        for (Prose.Explained e : found) sb.append("<li>").append(e.prose().render(PAGE)).append("</li>");
        sb.append("</ol>");
    }

    private static void verdicts(StringBuilder sb, CheckResult r) {
        sb.append("<section><h2>Verdicts</h2><table><tr><th>analysis</th><th>verdict</th><th>detail</th></tr>");
        for (Analysis a : r.analyses()) {
            String cls = a.status() == Analysis.Status.NOT_CHECKED || a.status() == Analysis.Status.NOT_APPLICABLE ? "unknown" : a.status().wire();
            sb.append("<tr><td>").append(esc(a.name())).append("</td><td><span class=\"verdict small ").append(cls).append("\">")
                    .append(esc(a.status().wire())).append("</span></td><td>").append(a.about().render(PAGE)).append("</td></tr>");
        }
        sb.append("</table></section>\n");
    }

    private static void run(StringBuilder sb, RunReport.Outcome o, List<String> files) {
        sb.append("<section id=\"run\"><h2>The run</h2><table>");
        o.check().analysis(Analysis.Kind.LIVENESS).ifPresent(live ->
                sb.append("<tr><th>liveness</th><td>").append(esc(live.detail())).append("</td></tr>"));
        o.context().params().forEach((k, val) -> sb.append("<tr><th>").append(esc(words(k))).append("</th><td>")
                .append(k.equals("command") ? "<code>" + esc(String.valueOf(val)) + "</code>"
                        // the recorded run a replay did again, by its path from this run's directory
                        : k.equals("replay_of") ? "<a href=\"" + esc(val + "/report.html") + "\">" + esc(String.valueOf(val)) + "</a>"
                        : esc(value(k, val))).append("</td></tr>"));
        sb.append("<tr><th>history</th><td>").append(esc(o.check().source())).append("</td></tr>");
        sb.append("<tr><th>files</th><td>");
        for (String f : files) sb.append("<a href=\"").append(esc(f)).append("\">").append(esc(f)).append("</a> ");
        sb.append("</td></tr></table></section>\n");
    }

    /**
     * An explanation as the page shows it: each client by the one name its lane has ("c5", the process
     * number on hover), and a long token (a czxid, a wall-clock token) shortened to its last five
     * digits, the whole on hover: "…59953".
     */
    static final Prose.Style PAGE = new Prose.Style(ReportHtml::esc,
            who -> who.client() == null ? esc(who.toString())
                    : "<span class=\"who\" title=\"process " + esc(who.process()) + "\">" + esc(who.client()) + "</span>",
            value -> {
                String digits = Long.toString(value);
                return digits.length() < 9 || value < 0 ? digits
                        : "<span class=\"long\" title=\"" + digits + "\">…" + digits.substring(digits.length() - 5) + "</span>";
            });

    /** An explanation as plain text beside the timeline's lanes (its hover): each client by its lane's name, as {@link #PAGE} does. */
    static final Prose.Style LANES = new Prose.Style(t -> t, who -> who.client() == null ? who.toString() : who.client(), Long::toString);

    /** A run fact's key in words: "time_limit_s" → "time limit", "faults_injected" → "faults injected". */
    static String words(String key) {
        return key.replaceAll("_(s|ms)$", "").replace('_', ' ').replace("started at", "started");
    }

    /** A run fact's value for a person: "15 s", "4 s" (from milliseconds), a list without brackets, a time without its T. */
    static String value(String key, Object v) {
        if (v instanceof Number n && key.endsWith("_ms")) {
            double ms = n.doubleValue();
            return ms >= 1000 ? trim(ms / 1000) + " s" : trim(ms) + " ms";
        }
        if (v instanceof Number n && key.endsWith("_s")) return trim(n.doubleValue()) + " s";
        if (v instanceof Collection<?> c) return String.join(", ", c.stream().map(String::valueOf).toList());
        if (key.equals("started_at") && v instanceof String t) return t.replace('T', ' ');
        return String.valueOf(v);
    }

    private static String trim(double x) {
        return x == Math.rint(x) ? Long.toString((long) x) : Double.toString(Math.round(x * 1000) / 1000.0);
    }

    /** Everything the script draws, as plain data; times in seconds from the run's start. */
    static Map<String, Object> data(RunReport.Outcome o) {
        History h = o.history();
        CheckResult r = o.check();
        Lanes lanes = new Lanes(h, r, o.context().params());
        Map<String, Object> d = new LinkedHashMap<>();
        double end = Math.max(1e-6, seconds(h.size() == 0 ? 0 : h.get(h.size() - 1).time()));
        d.put("end", end);
        // the run's start-up (servers, client workers) before the first client operation: the timeline opens after it
        h.ops().stream().filter(Op::isClient).filter(op -> op.time() != Op.NO_TIME).findFirst()
                .ifPresent(first -> d.put("firstOp", seconds(first.time())));
        d.put("lanes", lanes.list());
        List<Object> attempts = new ArrayList<>();
        List<Object> ticks = new ArrayList<>();
        for (Op op : h.ops()) {
            if (!op.isClient()) continue;
            int lane = lanes.client(op);
            if (op.type() != OpType.INVOKE && h.partner(op.index()) >= 0) {
                Op inv = h.get(h.partner(op.index()));
                if (op.f().equals("acquire")) {
                    attempts.add(List.of(lane, seconds(inv.time()), seconds(op.time()), op.type().wire()));
                } else if (op.f().equals("read") || op.f().equals("write")) {
                    String kind = op.type() == OpType.FAIL ? "rejected" : op.type() == OpType.INFO ? "unknown" : op.f();
                    ticks.add(List.of(lane, seconds(op.time()), kind, op.f() + " " + op.type().wire() + " "
                            + (op.value() != null ? op.value() : inv.value())));
                }
            }
        }
        Bars bars = Bars.of(h, lanes, end);
        d.put("attempts", attempts);
        d.put("holds", bars.holds);
        d.put("nested", bars.nested);
        d.put("ticks", ticks);
        d.put("faults", faults(r, lanes, end));
        d.put("leaders", lanes.leaders(end));
        if (r.isLockCheck()) {
            List<Object> inc = new ArrayList<>();
            for (Incident i : r.holdsCounted() ? r.incidents() : List.<Incident>of()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("lane", lanes.client(i.holder().start()));
                m.put("start", seconds(i.holder().start().time()));
                m.put("end", i.holder().end() == null ? end : seconds(i.holder().end().time()));
                List<Object> grants = new ArrayList<>();
                for (HoldInterval g : i.grants()) {
                    grants.add(List.of(lanes.client(g.start()), seconds(g.start().time()), g.end() == null ? end : seconds(g.end().time())));
                }
                m.put("grants", grants);
                // where the holder's lease could run out (a lease limit) or ran to at least (a defect), drawn on its lane
                if (i.cause().leaseEnds() != Op.NO_TIME) {
                    m.put("lease", seconds(i.cause().leaseEnds()));
                    m.put("limit", i.cause().leaseLimit());
                }
                m.put("label", i.prose().render(LANES));
                inc.add(m);
            }
            d.put("incidents", inc);
            List<Object> stale = new ArrayList<>();
            for (StaleWrite w : r.fencing().staleWrites()) stale.add(List.of(lanes.client(w.write()), seconds(w.write().time()), w.prose().render(LANES)));
            d.put("stale", stale);
        } else {
            d.put("incidents", List.of());
            d.put("stale", List.of());
        }
        Failure f = r.linearizability().failure();
        if (f != null && f.blocked() != null && f.blocked().invoke() != null) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("op", operation(lanes, f.blocked(), end));
            List<Object> prefix = new ArrayList<>();
            for (Operation p : f.prefixTail()) if (p.invoke() != null) prefix.add(operation(lanes, p, end));
            m.put("prefix", prefix);
            m.put("label", f.prose().render(LANES));
            d.put("failure", m);
        }
        d.put("latency", Plots.latency(h));
        d.put("throughput", Plots.throughput(h, end));
        return d;
    }

    private static List<Object> hold(int lane, Op start, double to) {
        Object token = start.value();
        return Arrays.asList(lane, seconds(start.time()), to, token, String.valueOf(start.processLabel()));
    }

    /**
     * The hold bars: a hold runs from its outermost grant to the release that ends it (a reentrant
     * lock's count going 1 → 0), so a holder frozen inside a nested hold is drawn across the freeze;
     * nested holds are thin bars inside it. Per process and lock; a failed release ends nothing; a
     * crash ({@code info}) ends every hold of its process.
     */
    private record Bars(List<Object> holds, List<Object> nested) {
        static Bars of(History h, Lanes lanes, double end) {
            List<Object> holds = new ArrayList<>();
            List<Object> nested = new ArrayList<>();
            Map<Integer, Map<Object, java.util.ArrayDeque<Op>>> open = new LinkedHashMap<>();
            for (Op op : h.ops()) {
                if (!op.isClient()) continue;
                Map<Object, java.util.ArrayDeque<Op>> mine = open.computeIfAbsent(op.process(), p -> new LinkedHashMap<>());
                if (op.type() == OpType.INFO) {
                    // the process crashed: all its holds end here, innermost first
                    mine.values().forEach(stack -> close(stack, lanes.client(op), seconds(op.time()), holds, nested));
                    mine.clear();
                    continue;
                }
                java.util.ArrayDeque<Op> stack = mine.computeIfAbsent(op.lock() == null ? "" : op.lock(), k -> new java.util.ArrayDeque<>());
                if (op.f().equals("acquire") && op.type() == OpType.OK) {
                    stack.push(op);
                } else if (op.f().equals("release") && op.type() == OpType.INVOKE && !stack.isEmpty() && !h.releaseFailed(op)) {
                    Op start = stack.pop();
                    (stack.isEmpty() ? holds : nested).add(hold(lanes.client(start), start, seconds(op.time())));
                }
            }
            open.values().forEach(mine -> mine.values().forEach(stack -> {
                if (!stack.isEmpty()) close(stack, lanes.client(stack.peekLast()), end, holds, nested);
            }));
            return new Bars(holds, nested);
        }

        private static void close(java.util.ArrayDeque<Op> stack, int lane, double to, List<Object> holds, List<Object> nested) {
            while (!stack.isEmpty()) {
                Op start = stack.pop();
                (stack.isEmpty() ? holds : nested).add(hold(lane, start, to));
            }
        }
    }

    private static List<Object> operation(Lanes lanes, Operation op, double end) {
        return List.of(lanes.client(op.invoke()), seconds(op.invoke().time()), op.completion() == null ? end : seconds(op.completion().time()),
                op.who() + " " + op.f() + (op.input() == null ? "" : " " + op.input()) + (op.output() == null ? "" : " → " + op.output()));
    }

    /** Each fault once per lane it hit, labelled with what it did there, with its index among the run's faults. */
    private static List<Object> faults(CheckResult r, Lanes lanes, double end) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < r.faults().size(); i++) {
            FaultSpan f = r.faults().get(i);
            double from = seconds(f.start().time());
            double to = f.end() == null ? end : seconds(f.end().time());
            for (int lane : lanes.lanesOf(f)) {
                String host = lanes.name(lane);
                String label = f.effect().label(host, f.target());
                // the fault's own name, when a schedule injected it: "cut off from n2, n3 (isolate-leader)"
                if (f.start().extra("fault") instanceof String name) label += " (" + name + ")";
                out.add(List.of(lane, from, Math.max(from, to), f.kind(), label, i));
            }
        }
        return out;
    }

    /**
     * The lanes: servers first (the run's hosts, or any host a fault names that no client runs on),
     * then clients by host (or process when the history names none).
     */
    private static final class Lanes {
        private final Map<String, Integer> index = new LinkedHashMap<>();
        private final List<Object> list = new ArrayList<>();
        private final History history;

        Lanes(History h, CheckResult r, Map<String, Object> params) {
            this.history = h;
            Set<String> clients = new LinkedHashSet<>();
            for (Op op : h.ops()) if (op.isClient()) clients.add(clientName(op));
            Set<String> servers = new LinkedHashSet<>();
            if (params.get("servers") instanceof Collection<?> c) c.forEach(x -> servers.add(String.valueOf(x)));
            boolean unplaced = false;
            for (FaultSpan f : r.faults()) {
                List<String> hosts = hostsOf(f, clients);
                for (String host : hosts) if (!clients.contains(host)) servers.add(host);
                unplaced |= hosts.isEmpty();
            }
            for (Op op : h.ops()) if (!op.isClient() && op.f().equals(NemesisEvent.LEADER.f()) && op.value() != null) servers.add(String.valueOf(op.value()));
            // a fault whose targets name no host (an imported history's own words) is drawn on a lane of its own, never dropped
            if (unplaced) add(NEMESIS, "nemesis");
            servers.stream().sorted().forEach(s -> add(s, "server"));
            clients.stream().sorted(Lanes::natural).forEach(c -> add(c, "client"));
            this.clients = clients;
        }

        private final Set<String> clients;
        static final String NEMESIS = "nemesis";

        /**
         * The hosts a fault touched: its event's {@code hosts} field when it has one; else what its target
         * and value name, read as lockstorm names things ({@code client-c3-p2} → c3, {@code zk-n1} → n1),
         * keeping only names that look like a host or are a client.
         */
        static List<String> hostsOf(FaultSpan f, Set<String> clients) {
            if (f.start().extra("hosts") instanceof Collection<?>) return f.hosts();
            Set<String> out = new LinkedHashSet<>();
            List<String> words = new ArrayList<>(f.hosts());
            words.add(f.target());
            if (f.start().value() instanceof Collection<?> c) c.forEach(x -> words.add(String.valueOf(x)));
            for (String w : words) {
                if (w == null) continue;
                if (clients.contains(w)) out.add(w);
                else dev.lockstorm.faults.ProcessNames.host(w).ifPresent(out::add);
            }
            return List.copyOf(out);
        }

        /** The lanes a fault is drawn on: its hosts', or the nemesis lane when none can be read. */
        List<Integer> lanesOf(FaultSpan f) {
            List<Integer> out = new ArrayList<>();
            for (String host : hostsOf(f, clients)) if (index.get(host) != null) out.add(index.get(host));
            if (out.isEmpty() && index.get(NEMESIS) != null) out.add(index.get(NEMESIS));
            return out;
        }

        private void add(String name, String kind) {
            index.put(name, index.size());
            list.add(List.of(name, kind));
        }

        List<Object> list() {
            return list;
        }

        /** The lane of a client event; a synthetic one (a crashed holder's lease expiry) takes the lane of the event it stands for. */
        int client(Op op) {
            Integer lane = index.get(clientName(op));
            if (lane == null && op.index() >= 0 && op.index() < history.size()) lane = index.get(clientName(history.get(op.index())));
            return lane == null ? 0 : lane;
        }

        Integer host(String name) {
            return index.get(name);
        }

        String name(int lane) {
            return String.valueOf(((List<?>) list.get(lane)).get(0));
        }

        /** Who led when: from the runner's {@code leader} events ({@code value}: the leading host, or null). */
        List<Object> leaders(double end) {
            List<Object> out = new ArrayList<>();
            String current = null;
            double since = 0;
            for (Op op : history.ops()) {
                if (op.isClient() || !op.f().equals(NemesisEvent.LEADER.f())) continue;
                if (current != null && index.containsKey(current)) out.add(List.of(index.get(current), since, seconds(op.time())));
                current = op.value() == null ? null : String.valueOf(op.value());
                since = seconds(op.time());
            }
            if (current != null && index.containsKey(current)) out.add(List.of(index.get(current), since, end));
            return out;
        }

        private static String clientName(Op op) {
            Object c = op.extra("client");
            return c != null ? String.valueOf(c) : "process " + op.processLabel();
        }

        /** c2 before c10. */
        private static int natural(String a, String b) {
            String na = a.replaceAll("\\D", "");
            String nb = b.replaceAll("\\D", "");
            String pa = a.replaceAll("\\d", "");
            String pb = b.replaceAll("\\d", "");
            if (!pa.equals(pb) || na.isEmpty() || nb.isEmpty() || na.length() > 9 || nb.length() > 9) return a.compareTo(b);
            return Integer.compare(Integer.parseInt(na), Integer.parseInt(nb));
        }
    }

    static double seconds(long nanos) {
        return nanos == Op.NO_TIME ? 0 : Math.round(nanos / 1e3) / 1e6;
    }

    private static String resource(String name) {
        try (InputStream in = ReportHtml.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException(name + " is missing from the lockstorm-results jar");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String esc(String s) {
        return JunitXml.esc(s);
    }
}
