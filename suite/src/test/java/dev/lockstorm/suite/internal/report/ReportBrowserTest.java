package dev.lockstorm.suite.internal.report;

import dev.lockstorm.checker.io.Json;
import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.results.RunReport;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * report.html in a real browser (Debian's headless Chromium, driven over DevTools): the report of a
 * real run's history (the bundled Curator GC pause) lists as many incidents as results.json, zooms
 * when the wheel turns over the timeline, zooms to an incident when it is clicked, throws and logs
 * no error, asks for nothing outside its own file, and shows a red verdict and a drawn timeline.
 */
@Tag("unit")
class ReportBrowserTest {
    @TempDir
    Path dir;

    @Test
    void aRealReportIsWholeAndInteractive() throws Exception {
        Path run = Files.createDirectories(dir.resolve("run"));
        try (InputStream in = getClass().getResourceAsStream("/dev/lockstorm/suite/gc-pause-example.jsonl")) {
            Files.copy(in, run.resolve("history.jsonl"));
        }
        RunReport.write(run, new RunReport.Context(Map.of("system", "curator-mutex", "nemesis", "pause-client", "seed", 7),
                List.of(), 30));
        Path html = run.resolve("report.html");
        String page = Files.readString(html);
        assertTrue(!page.contains("http://") && !page.contains("https://"), "no external URL in the page");
        Map<?, ?> results;
        try (var p = Json.FACTORY.createParser(Files.readString(run.resolve("results.json")))) {
            p.nextToken();
            results = (Map<?, ?>) Json.readValue(p);
        }
        int incidents = ((Number) results.get("incident_count")).intValue();
        assertTrue(incidents >= 1, "the example has an incident");

        assertTrue(Commands.run("sh", "-c", "command -v chromium").ok(), "Debian's chromium is missing (apt-get install chromium; bin/test installs it)");
        try (Cdp chrome = new Cdp(dir.resolve("profile"), html)) {
            assertEquals(incidents, ((Number) chrome.eval("document.querySelectorAll('li.incident').length")).intValue());
            assertEquals(incidents, ((Number) chrome.eval("window.lockstorm.incidents")).intValue());
            // the frozen holder's hold is drawn across its whole incident (a nested hold's release does not end it)
            assertEquals(Boolean.TRUE, chrome.eval("(() => { const D = JSON.parse(document.getElementById('lockstorm-data').textContent);"
                    + " return D.incidents.every(inc => D.holds.some(h => h[0] === inc.lane && h[1] <= inc.start + 1e-6 && h[2] >= inc.end - 1e-6)); })()"),
                    "every incident's holder has one hold bar across it");

            Map<?, ?> whole = (Map<?, ?>) chrome.eval("window.lockstorm.view()");
            Map<?, ?> box = (Map<?, ?>) chrome.eval("(() => { const r = document.getElementById('timeline').getBoundingClientRect();"
                    + " document.getElementById('timeline').scrollIntoView(); const s = document.getElementById('timeline').getBoundingClientRect();"
                    + " return {x: s.left + s.width / 2, y: s.top + 30}; })()");
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
            Map<?, ?> first = (Map<?, ?>) chrome.eval("JSON.parse(document.getElementById('lockstorm-data').textContent).incidents[0]");
            assertTrue(num(onIncident.get("from")) <= num(first.get("start")) && num(onIncident.get("to")) >= num(first.get("end"))
                    && num(onIncident.get("to")) - num(onIncident.get("from")) < num(whole.get("to")), "clicking the incident shows it: " + onIncident);

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

            // no incident label over another label
            chrome.eval("window.lockstorm.zoom(0, 1e9)");
            assertEquals(Boolean.TRUE, chrome.eval("(() => { const ls = window.lockstorm.labels();"
                    + " const o = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;"
                    + " return ls.length > 0 && ls.every((a, i) => !a.incident || ls.every((b, j) => i === j || !o(a, b))); })()"),
                    "incident labels clear of every other label: " + chrome.eval("JSON.stringify(window.lockstorm.labels())"));

            // the legend says what this run has, and only that
            String legend = (String) chrome.eval("document.getElementById('timeline-legend').textContent");
            assertTrue(legend.contains("holds (acquire ok → release)") && legend.contains("paused") && legend.contains("an incident")
                    && !legend.contains("a server down") && !legend.contains("nested holds"), legend);

            assertEquals(List.of(), chrome.errors, "no console error, no exception");
            for (String url : chrome.requests) assertTrue(url.startsWith("file:") || url.startsWith("data:"), "requested " + url);

            chrome.eval("window.lockstorm.zoom(0, 1e9); window.scrollTo(0, 0)");
            BufferedImage img = ImageIO.read(new ByteArrayInputStream(chrome.screenshot()));
            assertTrue(count(img, 0, 0, img.getWidth(), 120, 0xd50000) > 300, "the red INVALID badge near the top");
            assertTrue(count(img, 0, 120, img.getWidth(), img.getHeight(), -1) > 5_000, "something drawn below it");
        }
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
