package dev.lockstorm.results;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code lockstorm serve}: browses every run in the store on localhost (read only): an index of runs
 * (system, nemesis, seed, verdict, incidents, when, newest first, sortable by any column), and each
 * run's files (report.html, history.jsonl, logs, …).
 *
 * <pre>{@code
 * try (ResultsServer s = ResultsServer.start(new RunStore(Path.of("results")), 8080)) { ... }
 * }</pre>
 */
public final class ResultsServer implements AutoCloseable {
    private final HttpServer server;
    private final RunStore store;

    private ResultsServer(HttpServer server, RunStore store) {
        this.server = server;
        this.store = store;
    }

    /** Listens on 127.0.0.1:{@code port} (0 for any free port). */
    public static ResultsServer start(RunStore store, int port) throws IOException {
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        ResultsServer s = new ResultsServer(http, store);
        http.createContext("/", s::handle);
        http.start();
        return s;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getPath();
            if (path.equals("/")) {
                send(ex, 200, "text/html; charset=utf-8", index().getBytes(StandardCharsets.UTF_8));
                return;
            }
            Path root = store.root().toRealPath();
            Path file = root.resolve(path.substring(1)).normalize();
            if (file.startsWith(root) && Files.isDirectory(file)) {
                send(ex, 200, "text/html; charset=utf-8", folder(root, file).getBytes(StandardCharsets.UTF_8));
                return;
            }
            if (!file.startsWith(root) || !Files.isRegularFile(file)) {
                send(ex, 404, "text/plain", ("not found: " + path).getBytes(StandardCharsets.UTF_8));
                return;
            }
            send(ex, 200, type(file), Files.readAllBytes(file));
        }
    }

    /** The columns of the index, each sortable by a click on its heading. */
    private static final List<String> COLUMNS = List.of("system", "scenario", "nemesis", "fencing", "backend", "seed", "verdict", "incidents",
            "started", "time limit", "files");

    private String index() throws IOException {
        StringBuilder sb = new StringBuilder("<!DOCTYPE html><html><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>lockstorm runs</title>"
                + "<style>body{font:14px system-ui,sans-serif;margin:24px}td,th{padding:3px 10px;text-align:left}"
                + "th{cursor:pointer;user-select:none;border-bottom:1px solid #ccc}th:hover{color:#1e3c78}"
                + ".valid{color:#2e7d32}.invalid{color:#d50000}.unknown{color:#6d4c41}.muted,.not-checked{color:#777}</style></head><body>"
                + "<h1>lockstorm runs</h1><p class=\"muted\">Newest first; click a heading to sort by it.</p><table id=\"runs\"><thead><tr>");
        for (String c : COLUMNS) sb.append("<th>").append(c).append("</th>");
        sb.append("</tr></thead><tbody>");
        Path root = store.root().toRealPath();
        List<Path> runs = new java.util.ArrayList<>(store.runs());
        runs.sort(java.util.Comparator.comparing((Path r) -> r.getFileName().toString()).reversed());
        for (Path run : runs) {
            String rel = root.relativize(run.toRealPath()).toString();
            Facts f = Facts.of(run);
            sb.append("<tr>");
            cell(sb, f.system != null ? f.system : run.getParent().getFileName().toString(), null, null);
            cell(sb, f.scenario, null, null);
            cell(sb, f.nemesis, null, null);
            cell(sb, f.fencing, null, null);
            cell(sb, f.backend, null, null);
            cell(sb, f.seed, f.seed, null);
            cell(sb, f.verdict, null, f.checked ? f.verdict.replace(' ', '-') : "not-checked");
            cell(sb, f.incidents, f.incidentCount, null);
            cell(sb, f.started != null ? f.started.replace('T', ' ') : RunStore.startedAt(run).orElse(run.getFileName().toString()), null, null);
            cell(sb, f.timeLimit, f.timeLimitS, null);
            sb.append("<td>");
            for (String name : List.of("report.html", "history.jsonl", "results.json", "junit.xml", "lockstorm.log")) {
                if (Files.exists(run.resolve(name))) sb.append("<a href=\"/").append(rel).append('/').append(name).append("\">").append(name).append("</a> · ");
            }
            if (Files.isDirectory(run.resolve("logs"))) sb.append("<a href=\"/").append(rel).append("/logs/\">logs</a> · ");
            sb.append("<a href=\"/").append(rel).append("/\">every file</a></td></tr>");
        }
        if (runs.isEmpty()) sb.append("<tr><td colspan=\"").append(COLUMNS.size()).append("\">no runs yet in ").append(JunitXml.esc(root.toString()))
                .append("</td></tr>");
        // sorting: numbers by value (data-sort), the rest as text; a second click reverses
        sb.append("</tbody></table><script>(() => { const t = document.getElementById('runs'); let last = -1, up = true;"
                + " t.querySelectorAll('th').forEach((th, i) => th.addEventListener('click', () => { up = last === i ? !up : true; last = i;"
                + " const rows = Array.from(t.tBodies[0].rows); const key = r => { const c = r.cells[i]; if (!c) return '';"
                + " const n = c.dataset.sort; return n !== undefined ? Number(n) : c.textContent; };"
                + " rows.sort((a, b) => { const x = key(a), y = key(b); const o = typeof x === 'number' && typeof y === 'number' ? x - y"
                + " : String(x).localeCompare(String(y)); return up ? o : -o; }); rows.forEach(r => t.tBodies[0].appendChild(r)); })); })();"
                + "</script></body></html>");
        return sb.toString();
    }

    private static void cell(StringBuilder sb, String text, Object sortKey, String cssClass) {
        sb.append("<td");
        if (cssClass != null) sb.append(" class=\"").append(JunitXml.esc(cssClass)).append('"');
        if (sortKey != null) sb.append(" data-sort=\"").append(JunitXml.esc(String.valueOf(sortKey))).append('"');
        sb.append('>').append(text == null ? "<span class=\"muted\">—</span>" : JunitXml.esc(text)).append("</td>");
    }

    /**
     * What the index shows of a run: its results.json, and its spec.json for what that does not say (the backend), or
     * for everything when there is no results.json (a run killed before its check, or still running).
     */
    private record Facts(String system, String scenario, String nemesis, String fencing, String backend, String seed, boolean checked,
                         String verdict, String incidents, Long incidentCount, String started, String timeLimit, Long timeLimitS) {
        static Facts of(Path run) {
            Map<String, Object> spec = spec(run);
            Object where = spec.get("where");
            String backend = where instanceof Map<?, ?> w && w.get("backend") != null ? String.valueOf(w.get("backend")) : null;
            Long specLimit = spec.get("time_limit_ms") instanceof Number n ? n.longValue() / 1000 : null;
            Path results = run.resolve("results.json");
            if (!Files.exists(results)) {
                return fromSpec(spec, backend, false, Files.exists(run.resolve("history.jsonl")) ? "not checked (killed, or still running)"
                        : "not checked", specLimit);
            }
            Results r;
            try {
                r = ResultsJson.read(results);
            } catch (IOException | IllegalArgumentException e) {
                // an older lockstorm's file, or a broken one: 'bin/lockstorm report RUN' writes it again
                return fromSpec(spec, backend, true, "unreadable results.json", null);
            }
            Map<String, Object> facts = r.run() == null ? Map.of() : r.run().facts();
            Results.Holds holds = r.lock() == null ? null : r.lock().holds();
            Long incidents = holds == null ? null : (long) holds.incidents();
            int defects = holds == null ? 0 : holds.lockDefects();
            String detail = incidents == null ? null : incidents + (defects > 0 ? " (" + defects + (defects == 1 ? " lock defect)" : " lock defects)") : "");
            Long limit = facts.get("time_limit_s") instanceof Number n ? n.longValue() : null;
            return new Facts(r.run() == null ? null : r.run().system(), str(facts.get("scenario")), r.run() == null ? null : r.run().nemesis(),
                    str(facts.get("fencing")), backend, str(facts.get("seed")), true, r.verdict().wire(), detail, incidents,
                    str(facts.get("started_at")), limit == null ? null : limit + " s", limit);
        }

        /** What a run's spec.json says, where no results.json says more. */
        private static Facts fromSpec(Map<String, Object> spec, String backend, boolean checked, String verdict, Long limitS) {
            return new Facts(str(spec.get("system")), str(spec.get("title")), str(spec.get("nemesis")), str(spec.get("fencing")), backend,
                    str(spec.get("seed")), checked, verdict, null, null, null, limitS == null ? null : limitS + " s", limitS);
        }

        /** The run's spec.json, or nothing when it has none or it cannot be read (an imported history's folder, an older run). */
        private static Map<String, Object> spec(Path run) {
            Path spec = run.resolve("spec.json");
            if (!Files.isRegularFile(spec)) return Map.of();
            try {
                return dev.lockstorm.checker.io.JsonObject.read(spec).asMap();
            } catch (IOException | RuntimeException e) {
                return Map.of();
            }
        }

        private static String str(Object o) {
            return o == null ? null : String.valueOf(o);
        }
    }

    /** A folder of the store, listed: sub-folders and files, each linked. */
    private static String folder(Path root, Path dir) throws IOException {
        String rel = root.relativize(dir).toString();
        StringBuilder sb = new StringBuilder("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>").append(JunitXml.esc(rel))
                .append("</title><style>body{font:14px system-ui,sans-serif;margin:24px}li{margin:2px 0}</style></head><body><h1>")
                .append(JunitXml.esc(rel.isEmpty() ? "store" : rel)).append("</h1><p><a href=\"/\">every run</a></p><ul>");
        try (var files = Files.list(dir)) {
            for (Path p : files.sorted().toList()) {
                String name = p.getFileName().toString() + (Files.isDirectory(p) ? "/" : "");
                sb.append("<li><a href=\"/").append(JunitXml.esc(root.relativize(p).toString())).append(Files.isDirectory(p) ? "/" : "")
                        .append("\">").append(JunitXml.esc(name)).append("</a>").append(Files.isRegularFile(p) ? " <span style=\"color:#777\">"
                        + Files.size(p) + " bytes</span>" : "").append("</li>");
            }
        }
        return sb.append("</ul></body></html>").toString();
    }

    private static String type(Path f) {
        String n = f.getFileName().toString();
        if (n.endsWith(".html")) return "text/html; charset=utf-8";
        if (n.endsWith(".json")) return "application/json";
        if (n.endsWith(".xml")) return "application/xml";
        return "text/plain; charset=utf-8";
    }

    private static void send(HttpExchange ex, int code, String type, byte[] body) throws IOException {
        ex.getResponseHeaders().set("Content-Type", type);
        ex.sendResponseHeaders(code, body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
