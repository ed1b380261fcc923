package dev.lockstorm.suite.internal.report;

import dev.lockstorm.checker.io.Json;
import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.results.RunReport;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * report.html in a real browser (Debian's headless Chromium, driven over DevTools), on real runs'
 * histories — the demo (Curator's reentrant mutex, the holder frozen past its session), a Redlock
 * scenario (a server's clock jumped) — and on an imported history whose nemesis events name no hosts:
 * the page lists as many incidents as results.json, draws a band for every fault and labels each
 * (at the whole run where there is room, always when zoomed onto it), puts no label over another,
 * draws the frozen holder's hold across its whole pause, throws and logs no error and asks for
 * nothing outside its own file. On the demo it also zooms when the wheel turns, shows an incident
 * when it is clicked or named in the hash, and writes the screenshots docs/reading-a-report.md uses
 * (target/report-screenshots/).
 */
@Tag("unit")
class ReportBrowserTest {
    static final Path SHOTS = Path.of("target", "report-screenshots");

    @TempDir
    Path dir;

    static Stream<Arguments> runs() {
        return Stream.of(
                Arguments.of("demo", "/dev/lockstorm/suite/demo-run.jsonl",
                        Map.of("system", "curator-mutex", "nemesis", "pause-client", "seed", 7)),
                Arguments.of("redlock", "/dev/lockstorm/suite/report/redlock-clock-jump-run.jsonl",
                        Map.of("system", "redlock", "nemesis", "split-clock", "seed", 1, "scenario", "redlock-clock-jump / fencing none")),
                Arguments.of("imported", "/dev/lockstorm/suite/gc-pause-example.jsonl",
                        Map.of("system", "curator-mutex", "nemesis", "pause-client")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("runs")
    void everyFaultIsDrawnAndLabelledAndNoLabelCoversAnother(String name, String history, Map<String, Object> params) throws Exception {
        Path run = Files.createDirectories(dir.resolve(name));
        try (InputStream in = getClass().getResourceAsStream(history)) {
            assertNotNull(in, history);
            Files.copy(in, run.resolve("history.jsonl"));
        }
        RunReport.write(run, new RunReport.Context(params, List.of(), 30));
        Path html = run.resolve("report.html");
        String page = Files.readString(html);
        assertTrue(!page.contains("http://") && !page.contains("https://"), "no external URL in the page");
        Map<?, ?> results;
        try (var p = Json.FACTORY.createParser(Files.readString(run.resolve("results.json")))) {
            p.nextToken();
            results = (Map<?, ?>) Json.readValue(p);
        }
        int incidents = ((Number) results.get("incident_count")).intValue();
        int faults = ((List<?>) results.get("faults")).size();
        assertTrue(incidents >= 1 && faults >= 1, name + ": the history has an incident and a fault");

        assertTrue(Commands.run("sh", "-c", "command -v chromium").ok(), "Debian's chromium is missing (apt-get install chromium; bin/test installs it)");
        try (Cdp chrome = new Cdp(dir.resolve("profile-" + name), html)) {
            assertEquals(incidents, ((Number) chrome.eval("document.querySelectorAll('li.incident').length")).intValue());
            assertEquals(incidents, ((Number) chrome.eval("window.lockstorm.incidents")).intValue());
            chrome.eval("window.D = JSON.parse(document.getElementById('lockstorm-data').textContent)");
            // the timeline opens at the first client operation; the start-up before it is a band the whole run shows
            double firstOp = num(chrome.eval("D.firstOp"));
            double opens = num(chrome.eval("window.lockstorm.view().from"));
            assertTrue(opens <= firstOp && (firstOp < 1 || opens > 0.5 * firstOp), name + ": opens at " + opens + ", first operation at " + firstOp);

            // every fault of the run has a band on at least one lane, whatever its events say about hosts
            assertEquals(faults, ((Number) chrome.eval("new Set(D.faults.map(f => f[5])).size")).intValue(),
                    "a band for every fault: " + chrome.eval("JSON.stringify(D.faults)"));
            // a holder frozen while it held: its hold is drawn across the whole pause (a nested release does not end it)
            Number frozen = (Number) chrome.eval("D.faults.filter(f => f[3] === 'pause').filter(f => D.holds.some(h => h[0] === f[0]"
                    + " && h[1] <= f[1] && h[2] >= f[1])).length");
            assertEquals(frozen, chrome.eval("D.faults.filter(f => f[3] === 'pause').filter(f => D.holds.some(h => h[0] === f[0]"
                    + " && h[1] <= f[1] && h[2] >= f[2] - 1e-6)).length"), "every frozen holder's hold outlasts its pause");
            if (name.equals("demo")) assertTrue(frozen.intValue() >= 1, "the demo froze a holder");

            // the whole run: no label over another; then each fault in turn, zoomed onto: its label is drawn, clear of the rest
            chrome.eval("window.lockstorm.zoom(0, 1e9)");
            assertNoOverlap(chrome, name + " at the whole run");
            // incident boxes that meet (in time and lanes) are inset apart: no two share an edge
            assertEquals(Boolean.TRUE, chrome.eval("(() => { const bs = window.lockstorm.boxes(); return bs.every((a, i) => bs.every((b, j) => i === j"
                    + " || a.end <= b.start || b.end <= a.start || a.laneBottom <= b.laneTop || b.laneBottom <= a.laneTop || a.inset !== b.inset)); })()"),
                    name + ": two incident boxes drawn over each other: " + chrome.eval("JSON.stringify(window.lockstorm.boxes())"));
            for (int i = 0; i < faults; i++) {
                chrome.eval("(() => { const fs = D.faults.filter(f => f[5] === " + i + "); const a = Math.min(...fs.map(f => f[1])),"
                        + " b = Math.max(...fs.map(f => f[2])); const pad = Math.max((b - a) / 4, 0.05); window.lockstorm.zoom(a - pad, b + pad); })()");
                assertEquals(Boolean.TRUE, chrome.eval("window.lockstorm.labels().some(l => l.fault !== undefined && D.faults[l.fault][5] === " + i
                                + " && l.text === l.full)"),
                        name + ": fault " + i + " has its whole label when zoomed onto: " + chrome.eval("JSON.stringify(window.lockstorm.labels())"));
                assertNoOverlap(chrome, name + " zoomed onto fault " + i);
            }

            // the legend says what this run has
            String legend = (String) chrome.eval("document.getElementById('timeline-legend').textContent");
            assertTrue(legend.contains("holds (acquire ok → release)") && legend.contains("an incident"), legend);
            if (name.equals("demo")) assertTrue(legend.contains("paused") && !legend.contains("a server down"), legend);

            // an incident whose cause places the holder's lease end (results.json's lease_ends) has it marked on its holder's lane
            long placed = ((List<?>) results.get("incidents")).stream().filter(i -> ((Map<?, ?>) i).get("lease_ends") != null).count();
            assertEquals(placed, ((Number) chrome.eval("D.incidents.filter(i => i.lease !== undefined).length")).longValue());
            if (name.equals("demo")) {
                assertTrue(placed >= 1, "the frozen holder's session could end at a moment the cause names");
                assertTrue(legend.contains("where its lease, by the lock's lease model, could end"), legend);
                chrome.eval("(() => { const i = D.incidents.find(i => i.lease !== undefined);"
                        + " window.lockstorm.zoom(Math.min(i.start, i.lease) - 1, Math.max(i.end, i.lease) + 1); })()");
                assertEquals(Boolean.TRUE, chrome.eval("window.lockstorm.labels().some(l => l.lease !== undefined)"),
                        "the lease mark is labelled: " + chrome.eval("JSON.stringify(window.lockstorm.labels())"));
                assertNoOverlap(chrome, "zoomed onto a lease mark");
            }

            if (name.equals("demo")) interactive(chrome);

            assertEquals(List.of(), chrome.errors, "no console error, no exception");
            for (String url : chrome.requests) assertTrue(url.startsWith("file:") || url.startsWith("data:"), "requested " + url);

            chrome.eval("window.lockstorm.zoom(0, 1e9); window.scrollTo(0, 0)");
            BufferedImage img = ImageIO.read(new ByteArrayInputStream(chrome.screenshot()));
            assertTrue(count(img, 0, 0, img.getWidth(), 120, 0xd50000) > 300, "the red INVALID badge near the top");
            assertTrue(count(img, 0, 120, img.getWidth(), img.getHeight(), -1) > 5_000, "something drawn below it");
            screenshots(chrome, name);

            // on a phone's 420 px: nothing makes the page scroll sideways, and the timeline still draws every label clear of the rest
            chrome.width(420);
            assertEquals(Boolean.TRUE, chrome.eval("document.documentElement.scrollWidth <= 420"), name + " at 420 px, wider than the screen: "
                    + chrome.eval("[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 421)"
                    + ".slice(0, 8).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).join(', ')"));
            assertNoOverlap(chrome, name + " at 420 px");
            Files.write(SHOTS.resolve(name + "-420px.png"), chrome.screenshot());
        }
    }

    /** Two incidents at once on shared lanes (c1 holds while c2 and then c3 are granted; c2 holds while c3 is): two boxes, inset apart. */
    @org.junit.jupiter.api.Test
    void incidentsThatMeetAreDrawnApart() throws Exception {
        StringBuilder h = new StringBuilder();
        Object[][] events = {{1.0, "invoke", 0, "acquire", null}, {1.1, "ok", 0, "acquire", 1}, {2.0, "invoke", 1, "acquire", null},
                {2.1, "ok", 1, "acquire", 2}, {5.0, "invoke", 2, "acquire", null}, {5.1, "ok", 2, "acquire", 3}, {8.0, "invoke", 1, "release", null},
                {8.1, "ok", 1, "release", null}, {9.0, "invoke", 2, "release", null}, {9.1, "ok", 2, "release", null},
                {10.0, "invoke", 0, "release", null}, {10.1, "ok", 0, "release", null}};
        for (Object[] e : events) {
            h.append("{\"time\":").append((long) ((double) e[0] * 1e9)).append(",\"type\":\"").append(e[1]).append("\",\"process\":").append(e[2])
                    .append(",\"f\":\"").append(e[3]).append("\",\"value\":").append(e[4]).append(",\"client\":\"c").append((int) e[2] + 1).append("\"}\n");
        }
        Path run = Files.createDirectories(dir.resolve("overlapping"));
        Files.writeString(run.resolve("history.jsonl"), h);
        RunReport.write(run, new RunReport.Context(Map.of("system", "my-lock"), List.of(), 30));
        try (Cdp chrome = new Cdp(dir.resolve("profile-overlapping"), run.resolve("report.html"))) {
            List<?> boxes = (List<?>) chrome.eval("window.lockstorm.zoom(0, 1e9); window.lockstorm.boxes()");
            assertEquals(2, boxes.size(), String.valueOf(boxes));
            assertTrue(num(((Map<?, ?>) boxes.get(0)).get("inset")) != num(((Map<?, ?>) boxes.get(1)).get("inset")), "inset apart: " + boxes);
            assertNoOverlap(chrome, "two incidents at once");
            assertEquals(List.of(), chrome.errors, "no console error, no exception");
        }
    }

    /**
     * Five faults with long labels back to back on one client's lane, each band too short for its
     * label: every label is drawn whole, on a free stretch of the lane, none over another.
     */
    @org.junit.jupiter.api.Test
    void longLabelsOnACrowdedLaneAreDrawnWhole() throws Exception {
        String to = "{\"c1\":[\"n1\",\"n2\",\"n3\"]}";
        String hosts = ",\"hosts\":[\"c1\"]"; // c1's lane alone: the servers have no lanes of their own to spread over
        String[][] faults = {
                {"start-partition", to, hosts + ",\"cut\":\"inbound\"", "stop-partition", "\"fully connected\""},
                {"start-slow", "{\"kbit\":1,\"to\":" + to + "}", hosts, "stop-slow", "\"no slow links\""},
                {"start-loss", "{\"percent\":40,\"from\":" + to + "}", hosts, "stop-loss", "\"no loss\""},
                {"start-partition", to, hosts + ",\"cut\":\"reset\"", "stop-partition", "\"fully connected\""},
                {"start-delay", "{\"ms\":300,\"jitter_ms\":100,\"to\":" + to + "}", hosts, "stop-delay", "\"no delay\""}};
        StringBuilder h = new StringBuilder();
        h.append(op(1.0, "invoke", 0, "acquire", "null")).append(op(1.1, "ok", 0, "acquire", "1"));
        h.append(op(1.2, "invoke", 1, "acquire", "null"));
        for (int i = 0; i < faults.length; i++) {
            double start = 2.0 + 1.7 * i;
            h.append("{\"time\":").append((long) (start * 1e9)).append(",\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"").append(faults[i][0])
                    .append("\",\"value\":").append(faults[i][1]).append(faults[i][2]).append("}\n");
            h.append("{\"time\":").append((long) ((start + 1.6) * 1e9)).append(",\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"").append(faults[i][3])
                    .append("\",\"value\":").append(faults[i][4]).append("}\n");
        }
        h.append(op(28.0, "invoke", 0, "release", "null")).append(op(28.1, "ok", 0, "release", "null"));
        h.append(op(28.2, "ok", 1, "acquire", "2")).append(op(29.0, "invoke", 1, "release", "null")).append(op(29.1, "ok", 1, "release", "null"));
        Path run = Files.createDirectories(dir.resolve("crowded"));
        Files.writeString(run.resolve("history.jsonl"), h);
        RunReport.write(run, new RunReport.Context(Map.of("system", "my-lock"), List.of(), 30));
        try (Cdp chrome = new Cdp(dir.resolve("profile-crowded"), run.resolve("report.html"))) {
            chrome.eval("window.D = JSON.parse(document.getElementById('lockstorm-data').textContent)");
            chrome.eval("window.lockstorm.zoom(0, 1e9)");
            assertEquals(faults.length, ((Number) chrome.eval("new Set(D.faults.map(f => f[5])).size")).intValue());
            assertEquals(faults.length, ((Number) chrome.eval("new Set(window.lockstorm.labels().filter(l => l.fault !== undefined)"
                    + ".map(l => D.faults[l.fault][5])).size")).intValue(), "every fault labelled: " + chrome.eval("JSON.stringify(window.lockstorm.labels())"));
            assertNoOverlap(chrome, "a crowded lane");
            assertEquals(List.of(), chrome.errors, "no console error, no exception");
        }
    }

    /** One client operation of a hand-made history, a line of JSONL. */
    private static String op(double at, String type, int process, String f, String value) {
        return "{\"time\":" + (long) (at * 1e9) + ",\"type\":\"" + type + "\",\"process\":" + process + ",\"f\":\"" + f + "\",\"value\":" + value
                + ",\"client\":\"c" + (process + 1) + "\"}\n";
    }

    /** The demo's page answers the wheel, a click on an incident and a changed hash, and writes time axes in seconds. */
    private static void interactive(Cdp chrome) throws Exception {
        chrome.eval("window.lockstorm.zoom(0, 1e9)");
        Map<?, ?> whole = (Map<?, ?>) chrome.eval("window.lockstorm.view()");
        Map<?, ?> box = (Map<?, ?>) chrome.eval("(() => { document.getElementById('timeline').scrollIntoView();"
                + " const s = document.getElementById('timeline').getBoundingClientRect(); return {x: s.left + s.width / 2, y: s.top + 30}; })()");
        chrome.wheel(num(box.get("x")), num(box.get("y")), -300);
        Thread.sleep(200);
        Map<?, ?> zoomed = (Map<?, ?>) chrome.eval("window.lockstorm.view()");
        assertTrue(num(zoomed.get("to")) - num(zoomed.get("from")) < num(whole.get("to")) - num(whole.get("from")),
                "the wheel narrowed the visible range: " + whole + " → " + zoomed);

        Map<?, ?> link = (Map<?, ?>) chrome.eval("(() => { const a = document.querySelector('li.incident a.zoom'); a.scrollIntoView();"
                + " const r = a.getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()");
        chrome.click(num(link.get("x")), num(link.get("y")));
        Thread.sleep(200);
        Map<?, ?> onIncident = (Map<?, ?>) chrome.eval("window.lockstorm.view()");
        Map<?, ?> first = (Map<?, ?>) chrome.eval("D.incidents[0]");
        assertTrue(num(onIncident.get("from")) <= num(first.get("start")) && num(onIncident.get("to")) >= num(first.get("end"))
                && num(onIncident.get("to")) - num(onIncident.get("from")) < num(whole.get("to")), "clicking the incident shows it: " + onIncident);
        assertNoOverlap(chrome, "on incident 1");

        // a changed #incident-N hash shows that incident, as a link to it does
        chrome.eval("window.lockstorm.zoom(0, 1e9); location.hash = '#incident-1'");
        Thread.sleep(200);
        Map<?, ?> onHash = (Map<?, ?>) chrome.eval("window.lockstorm.view()");
        assertTrue(num(onHash.get("to")) - num(onHash.get("from")) < num(whole.get("to")) - num(whole.get("from")),
                "the hash zoomed to the incident: " + onHash);
        // axis labels of a zoomed view in seconds from a second on: "38.5 s", never "38500 ms"
        assertEquals("38.5 s", chrome.eval("window.lockstorm.tick(38.5, 0.5)"));
        assertEquals("12.25 s", chrome.eval("window.lockstorm.tick(12.25, 0.05)"));
        assertEquals("250 ms", chrome.eval("window.lockstorm.tick(0.25, 0.05)"));
    }

    /** No label over another, and every fault's label drawn is whole (one with no room is left to hover, the list and a closer zoom). */
    private static void assertNoOverlap(Cdp chrome, String where) throws Exception {
        assertEquals(Boolean.TRUE, chrome.eval("(() => { const ls = window.lockstorm.labels();"
                        + " const o = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;"
                        + " return ls.every((a, i) => ls.every((b, j) => i === j || !o(a, b))); })()"),
                where + ": a label over another: " + chrome.eval("JSON.stringify(window.lockstorm.labels())"));
        assertEquals(Boolean.TRUE, chrome.eval("window.lockstorm.labels().filter(l => l.fault !== undefined).every(l => l.text === l.full)"),
                where + ": a fault's label cut short: " + chrome.eval("JSON.stringify(window.lockstorm.labels())"));
    }

    /** The first screen, the first incident's timeline and the plots, as docs/reading-a-report.md shows them. */
    private static void screenshots(Cdp chrome, String name) throws Exception {
        Files.createDirectories(SHOTS);
        chrome.eval("window.lockstorm.zoom(0, 1e9); window.scrollTo(0, 0)");
        Files.write(SHOTS.resolve(name + "-first-screen.png"), chrome.screenshot());
        // the hash may already name incident 1, which fires no change: clear it first
        chrome.eval("location.hash = '#t=0,1'");
        Thread.sleep(100);
        chrome.eval("location.hash = '#incident-1'");
        Thread.sleep(200);
        chrome.eval("document.getElementById('timeline').parentElement.scrollIntoView()");
        Files.write(SHOTS.resolve(name + "-incident-timeline.png"), chrome.screenshot());
        chrome.eval("(document.getElementById('latency') || document.body).scrollIntoView()");
        Files.write(SHOTS.resolve(name + "-plots.png"), chrome.screenshot());
    }

    private static double num(Object o) {
        return ((Number) o).doubleValue();
    }

    /** Pixels of {@code rgb} (or, with -1, any clearly non-white pixel) in a rectangle. */
    private static int count(BufferedImage img, int x0, int y0, int x1, int y1, int rgb) {
        int n = 0;
        for (int y = y0; y < Math.min(y1, img.getHeight()); y++) {
            for (int x = x0; x < Math.min(x1, img.getWidth()); x++) {
                int p = img.getRGB(x, y) & 0xffffff;
                if (rgb >= 0 ? close(p, rgb) : ((p >> 16 & 0xff) + (p >> 8 & 0xff) + (p & 0xff)) < 600) n++;
            }
        }
        return n;
    }

    private static boolean close(int a, int b) {
        return Math.abs((a >> 16 & 0xff) - (b >> 16 & 0xff)) < 24 && Math.abs((a >> 8 & 0xff) - (b >> 8 & 0xff)) < 24
                && Math.abs((a & 0xff) - (b & 0xff)) < 24;
    }
}
