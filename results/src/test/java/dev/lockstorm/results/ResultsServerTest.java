package dev.lockstorm.results;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The run store and its server on loopback: runs listed with verdicts, files served, nothing outside the store. */
@Tag("unit")
class ResultsServerTest {
    @TempDir
    Path root;

    @Test
    void listsRunsAndServesTheirFiles() throws Exception {
        RunStore store = new RunStore(root);
        Path run = store.newRun("zk-recipe");
        Files.writeString(run.resolve("history.jsonl"), Histories.DOUBLE_GRANT);
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("system", "zk-recipe");
        facts.put("nemesis", "pause-client");
        facts.put("seed", 7);
        facts.put("started_at", "2026-11-25T23:44:22");
        facts.put("time_limit_s", 30);
        RunReport.write(run, new RunReport.Context(facts, null, 1));
        Files.writeString(run.resolve("report.html"), "<h1>report</h1>");
        Files.delete(run.resolve("junit.xml")); // listed below once it is there
        // a results.json this lockstorm does not understand (an older one's) is said so, not read as zeros
        Path old = store.newRun("zk-recipe");
        Files.writeString(old.resolve("history.jsonl"), "");
        Files.writeString(old.resolve("results.json"), "{\"verdict\":\"invalid\",\"incident_count\":3,\"lock_defects\":1}");
        assertTrue(Files.isSymbolicLink(root.resolve("zk-recipe/latest")));
        Path second = store.newRun("zk-recipe");
        Files.writeString(second.resolve("history.jsonl"), "");
        // a run killed before its check: what its spec.json says, and when it began, from its folder's name
        Files.writeString(second.resolve("spec.json"), "{\"lockstorm_spec\":1,\"system\":\"zk-recipe\",\"nemesis\":\"kill\",\"fencing\":\"writes\","
                + "\"seed\":4,\"time_limit_ms\":20000,\"title\":\"zk-restart / fencing writes\",\"where\":{\"backend\":\"containers\"}}");
        assertEquals(3, store.runs().size());
        try (ResultsServer s = ResultsServer.start(store, 0)) {
            HttpClient http = HttpClient.newHttpClient();
            String base = "http://127.0.0.1:" + s.port();
            String index = http.send(HttpRequest.newBuilder(URI.create(base + "/")).build(), HttpResponse.BodyHandlers.ofString()).body();
            assertTrue(index.contains("zk-recipe") && index.contains("class=\"invalid\"") && index.contains("not checked"), index);
            String rel = root.toRealPath().relativize(run.toRealPath()).toString();
            var report = http.send(HttpRequest.newBuilder(URI.create(base + "/" + rel + "/report.html")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, report.statusCode());
            assertEquals("<h1>report</h1>", report.body());
            assertTrue(index.contains(rel + "/junit.xml") == false && !index.contains(rel + "/logs/") && index.contains(rel + "/\">every file"), index);
            // the run's facts, each column sortable (numbers by value)
            assertTrue(index.contains("unreadable results.json"), index);
            assertTrue(index.contains("<th>scenario</th><th>nemesis</th><th>fencing</th><th>backend</th>"), index);
            String began = RunStore.startedAt(second).orElseThrow();
            // a second run of the same millisecond is <time>-2: the same start
            assertEquals(RunStore.startedAt(Path.of("20261130T014732.986")), RunStore.startedAt(Path.of("20261130T014732.986-2")));
            assertTrue(began.matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d"), began);
            assertTrue(index.contains("<td>zk-restart / fencing writes</td><td>kill</td><td>writes</td><td>containers</td><td data-sort=\"4\">4</td>"
                    + "<td class=\"not-checked\">not checked (killed, or still running)</td>") && index.contains("<td>" + began + "</td>"), index);
            assertTrue(index.contains("<td>pause-client</td><td><span class=\"muted\">—</span></td><td><span class=\"muted\">—</span></td><td data-sort=\"7\">7</td>") && index.contains("data-sort=\"1\">1 (1 lock defect)")
                    && index.contains("2026-11-25 23:44:22") && index.contains("data-sort=\"30\">30 s") && index.contains("<th>incidents</th>"), index);
            Files.writeString(run.resolve("junit.xml"), "<testsuite/>");
            Files.createDirectories(run.resolve("logs"));
            Files.writeString(run.resolve("logs/client-c1-p0.log"), "hello");
            String again = http.send(HttpRequest.newBuilder(URI.create(base + "/")).build(), HttpResponse.BodyHandlers.ofString()).body();
            assertTrue(again.contains(rel + "/junit.xml") && again.contains(rel + "/logs/\">logs"), again);
            String folder = http.send(HttpRequest.newBuilder(URI.create(base + "/" + rel + "/logs/")).build(), HttpResponse.BodyHandlers.ofString()).body();
            assertTrue(folder.contains("client-c1-p0.log") && folder.contains("5 bytes"), folder);
            var outside = http.send(HttpRequest.newBuilder(URI.create(base + "/../../etc/passwd")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(404, outside.statusCode());
        }
    }
}
