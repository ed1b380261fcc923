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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code lockstorm serve}: browses every run in the store on localhost (read only): an index of runs
 * with their verdicts, and each run's files (report.html, history.jsonl, logs, …).
 *
 * <pre>{@code
 * try (ResultsServer s = ResultsServer.start(new RunStore(Path.of("results")), 8080)) { ... }
 * }</pre>
 */
public final class ResultsServer implements AutoCloseable {
    private static final Pattern VERDICT = Pattern.compile("\"verdict\":\"(\\w+)\"");
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

    private String index() throws IOException {
        StringBuilder sb = new StringBuilder("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>lockstorm runs</title>"
                + "<style>body{font:14px system-ui,sans-serif;margin:24px}td,th{padding:3px 10px;text-align:left}"
                + ".valid{color:#2e7d32}.invalid{color:#d50000}.unknown{color:#6d4c41}</style></head><body><h1>lockstorm runs</h1>"
                + "<table><tr><th>test</th><th>run</th><th>verdict</th><th>files</th></tr>");
        Path root = store.root().toRealPath();
        List<Path> runs = store.runs();
        for (Path run : runs) {
            String rel = root.relativize(run.toRealPath()).toString();
            String verdict = "not checked";
            Path results = run.resolve("results.json");
            if (Files.exists(results)) {
                Matcher m = VERDICT.matcher(Files.readString(results));
                if (m.find()) verdict = m.group(1);
            }
            sb.append("<tr><td>").append(JunitXml.esc(run.getParent().getFileName().toString())).append("</td><td>")
                    .append(JunitXml.esc(run.getFileName().toString())).append("</td><td class=\"").append(verdict).append("\">")
                    .append(verdict).append("</td><td>");
            for (String f : List.of("report.html", "history.jsonl", "results.json", "junit.xml", "lockstorm.log")) {
                if (Files.exists(run.resolve(f))) sb.append("<a href=\"/").append(rel).append('/').append(f).append("\">").append(f).append("</a> · ");
            }
            sb.append("<a href=\"/").append(rel).append("/logs/\">logs</a> · <a href=\"/").append(rel).append("/\">every file</a></td></tr>");
        }
        if (runs.isEmpty()) sb.append("<tr><td colspan=\"4\">no runs yet in ").append(JunitXml.esc(root.toString())).append("</td></tr>");
        return sb.append("</table></body></html>").toString();
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
