package dev.lockstorm.suite.internal.report;

import dev.lockstorm.checker.io.Json;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A headless Chromium (Debian's) driven over the DevTools protocol, for tests of a page's behaviour:
 * evaluate script, send real mouse input, collect console errors and requests, take a screenshot.
 */
final class Cdp implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://[^\\s]+)");

    private final Process chromium;
    private final WebSocket page;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<Map<?, ?>>> pending = new ConcurrentHashMap<>();
    /** Console errors and uncaught exceptions the page reported. */
    final List<String> errors = Collections.synchronizedList(new ArrayList<>());
    /** Every URL the page requested. */
    final List<String> requests = Collections.synchronizedList(new ArrayList<>());

    Cdp(Path profile, Path page) throws Exception {
        chromium = new ProcessBuilder("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--remote-debugging-port=0",
                "--window-size=1280,1000", "--user-data-dir=" + profile, "about:blank").redirectErrorStream(true).start();
        String ws = null;
        BufferedReader out = new BufferedReader(new InputStreamReader(chromium.getInputStream(), StandardCharsets.UTF_8));
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        for (String line; ws == null && System.nanoTime() < deadline && (line = out.readLine()) != null; ) {
            Matcher m = LISTENING.matcher(line);
            if (m.find()) ws = m.group(1);
        }
        if (ws == null) throw new IllegalStateException("chromium printed no DevTools address");
        Thread drain = new Thread(() -> out.lines().forEach(l -> { }), "chromium-output");
        drain.setDaemon(true);
        drain.start();
        URI browser = URI.create(ws);
        HttpClient http = HttpClient.newHttpClient();
        String created = http.send(HttpRequest.newBuilder(URI.create("http://" + browser.getAuthority() + "/json/new?about:blank"))
                .PUT(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString()).body();
        Map<?, ?> target = parse(created);
        this.page = http.newWebSocketBuilder().buildAsync(URI.create(String.valueOf(target.get("webSocketDebuggerUrl"))), new Listener())
                .get(30, TimeUnit.SECONDS);
        call("Runtime.enable", Map.of());
        call("Log.enable", Map.of());
        call("Network.enable", Map.of());
        call("Page.enable", Map.of());
        call("Page.navigate", Map.of("url", page.toUri().toString()));
        long loaded = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!"complete".equals(eval("document.readyState")) && System.nanoTime() < loaded) Thread.sleep(50);
    }

    /** Evaluates {@code expression} in the page; its value (JSON-able), or an exception with the page's error. */
    Object eval(String expression) throws Exception {
        Map<?, ?> r = call("Runtime.evaluate", Map.of("expression", expression, "returnByValue", true, "awaitPromise", true));
        if (r.get("exceptionDetails") != null) throw new IllegalStateException("the page threw: " + r.get("exceptionDetails"));
        return ((Map<?, ?>) r.get("result")).get("value");
    }

    /** A real mouse wheel turn over the page at (x, y). */
    void wheel(double x, double y, double deltaY) throws Exception {
        call("Input.dispatchMouseEvent", Map.of("type", "mouseWheel", "x", x, "y", y, "deltaX", 0, "deltaY", deltaY));
    }

    /** A real click at (x, y). */
    void click(double x, double y) throws Exception {
        call("Input.dispatchMouseEvent", Map.of("type", "mousePressed", "x", x, "y", y, "button", "left", "clickCount", 1));
        call("Input.dispatchMouseEvent", Map.of("type", "mouseReleased", "x", x, "y", y, "button", "left", "clickCount", 1));
    }

    /** The page laid out as on a screen {@code px} CSS pixels wide (a phone's 420), then redrawn as a resize would. */
    void width(int px) throws Exception {
        call("Emulation.setDeviceMetricsOverride", Map.of("width", px, "height", 900, "deviceScaleFactor", 1, "mobile", true));
        eval("window.dispatchEvent(new Event('resize'))");
    }

    byte[] screenshot() throws Exception {
        Map<?, ?> r = call("Page.captureScreenshot", Map.of("format", "png"));
        return java.util.Base64.getDecoder().decode(String.valueOf(r.get("data")));
    }

    Map<?, ?> call(String method, Map<String, Object> params) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<Map<?, ?>> f = new CompletableFuture<>();
        pending.put(id, f);
        Map<String, Object> msg = new LinkedHashMap<>();
        msg.put("id", id);
        msg.put("method", method);
        msg.put("params", params);
        page.sendText(Json.toJson(msg), true).get(30, TimeUnit.SECONDS);
        Map<?, ?> reply = f.get(60, TimeUnit.SECONDS);
        if (reply.get("error") != null) throw new IllegalStateException(method + ": " + reply.get("error"));
        return reply.get("result") instanceof Map<?, ?> m ? m : Map.of();
    }

    private static Map<?, ?> parse(String json) throws IOException {
        try (var p = Json.FACTORY.createParser(json)) {
            p.nextToken();
            return (Map<?, ?>) Json.readValue(p);
        }
    }

    /** Replies go to their callers; events of interest are kept. */
    private final class Listener implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                try {
                    handle(parse(partial.toString()));
                } catch (IOException e) {
                    errors.add("unreadable DevTools message: " + e.getMessage());
                }
                partial.setLength(0);
            }
            ws.request(1);
            return null;
        }

        private void handle(Map<?, ?> m) {
            if (m.get("id") instanceof Number n) {
                CompletableFuture<Map<?, ?>> f = pending.remove(n.intValue());
                if (f != null) f.complete(m);
                return;
            }
            Map<?, ?> p = m.get("params") instanceof Map<?, ?> x ? x : Map.of();
            switch (String.valueOf(m.get("method"))) {
                case "Runtime.exceptionThrown" -> errors.add("exception: " + p.get("exceptionDetails"));
                case "Runtime.consoleAPICalled" -> {
                    if ("error".equals(p.get("type"))) errors.add("console.error: " + p.get("args"));
                }
                case "Log.entryAdded" -> {
                    Map<?, ?> e = (Map<?, ?>) p.get("entry");
                    if (e != null && "error".equals(e.get("level"))) errors.add("log: " + e.get("text"));
                }
                case "Network.requestWillBeSent" -> {
                    Map<?, ?> r = (Map<?, ?>) p.get("request");
                    if (r != null) requests.add(String.valueOf(r.get("url")));
                }
                default -> { }
            }
        }
    }

    /** Stops Chromium and every process it started, and waits for them, so that its profile can be deleted. */
    @Override
    public void close() {
        page.abort();
        List<ProcessHandle> all = new ArrayList<>(chromium.descendants().toList());
        all.add(chromium.toHandle());
        all.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle p : all) {
            try {
                p.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                // gone already, or it will be with the test JVM
            }
        }
    }
}
