package dev.lockstorm.suite.internal.report;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Checker;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.io.HistoryFormat;
import dev.lockstorm.checker.io.HistoryReader;
import dev.lockstorm.checker.linear.SearchLimits;
import dev.lockstorm.checker.model.FencedMutex;
import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.results.ReportHtml;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * report.html as a person sees it: rendered by headless Chromium (Debian's), the screenshot shows
 * the red INVALID badge on top and a drawn timeline; the page asks for nothing from the network.
 */
@Tag("unit")
class ReportScreenshotTest {
    @TempDir
    Path dir;

    @Test
    void reportRendersWithVerdictAndTimeline() throws Exception {
        History h;
        try (var in = new InputStreamReader(getClass().getResourceAsStream("/dev/lockstorm/suite/gc-pause-example.jsonl"),
                StandardCharsets.UTF_8)) {
            h = HistoryReader.read(in, "gc-pause-example.jsonl", HistoryFormat.JSONL);
        }
        CheckResult r = Checker.check(h, new FencedMutex(), SearchLimits.withTimeLimit(Duration.ofSeconds(30)));
        Path html = dir.resolve("report.html");
        ReportHtml.write(h, r, Map.of("system", "example", "nemesis", "pause-client"), html);
        String page = Files.readString(html);
        assertFalse(page.contains("http:") || page.contains("https:") || page.contains("<script") || page.contains("<link"),
                "self-contained: nothing loaded from anywhere");
        assertTrue(page.contains("INVALID") && page.contains("<svg"), "verdict and timeline in the page");

        assertTrue(Commands.run("sh", "-c", "command -v chromium").ok(), "Debian's chromium is missing (apt-get install chromium; bin/test installs it)");
        Path png = dir.resolve("report.png");
        Commands.Result shot = Commands.run(List.of("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + dir.resolve("profile"), "--window-size=1200,900", "--screenshot=" + png, html.toUri().toString()),
                null, Duration.ofSeconds(90));
        assertTrue(Files.exists(png), "chromium wrote no screenshot: " + shot.output());
        BufferedImage img = ImageIO.read(png.toFile());
        // the INVALID badge: a block of the report's red (#c62828) near the top
        int red = count(img, 0, 0, img.getWidth(), 120, 0xc62828);
        assertTrue(red > 300, "red verdict badge pixels: " + red);
        // the timeline: coloured holds and a fault band somewhere below
        int band = count(img, 0, 120, img.getWidth(), img.getHeight(), -1);
        assertTrue(band > 5_000, "drawn (non-white) pixels below the summary: " + band);
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
