package dev.lockstorm.results;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.history.Prose;
import dev.lockstorm.checker.io.HistoryWriter;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the report draws. Hold bars: a reentrant holder's hold runs from its outermost grant to the
 * release that frees the lock, so a holder frozen inside a nested hold is drawn across the freeze;
 * nested holds are thin bars of their own; a failed release ends nothing; a crash ends every hold.
 * Fault bands: every fault has one, on the lanes its targets name, or on a nemesis lane.
 */
@Tag("unit")
class ReportDataTest {
    @TempDir
    Path dir;

    /** Builds events at the given seconds: {time, type, process, f, value}; process -1 is the nemesis (with no hosts field). */
    private static History history(Object[][] events) {
        List<Op> ops = new ArrayList<>();
        for (int i = 0; i < events.length; i++) {
            Object[] e = events[i];
            int p = (int) e[2];
            ops.add(new Op(i, (long) ((double) e[0] * 1e9), (OpType) e[1], p < 0 ? Op.NEMESIS : p, (String) e[3], e[4],
                    p < 0 ? Map.of() : Map.of("client", "c" + (p + 1)), 0));
        }
        return History.of("h", ops);
    }

    private Map<String, Object> data(History h) throws Exception {
        HistoryWriter.write(h, dir.resolve("history.jsonl"));
        RunReport.Outcome o = RunReport.write(dir, new RunReport.Context(Map.of("system", "curator-mutex"), null, 1));
        return ReportHtml.data(o);
    }

    @Test
    void theHeaderSaysEachFactOnce() throws Exception {
        HistoryWriter.write(history(new Object[][]{{1.0, OpType.INVOKE, 0, "acquire", null}, {1.1, OpType.OK, 0, "acquire", 5L}}),
                dir.resolve("history.jsonl"));
        Map<String, Object> params = new java.util.LinkedHashMap<>(Map.of("system", "redlock", "scenario", "redlock-clock-jump / fencing none",
                "fencing", "none", "seed", 1));
        RunReport.write(dir, new RunReport.Context(params, null, 1));
        String page = java.nio.file.Files.readString(dir.resolve("report.html"));
        String context = page.substring(page.indexOf("<p class=\"context\">"), page.indexOf("</p>", page.indexOf("<p class=\"context\">")));
        assertEquals(1, context.split("fencing none", -1).length - 1, context);
        params.put("fencing", "all");
        RunReport.write(dir, new RunReport.Context(params, null, 1));
        assertTrue(java.nio.file.Files.readString(dir.resolve("report.html")).contains("redlock-clock-jump / fencing none · fencing all · seed 1"),
                "a fencing the scenario's name does not say is said");
    }

    private static List<Double> span(Object bar) {
        List<?> b = (List<?>) bar;
        return List.of(((Number) b.get(1)).doubleValue(), ((Number) b.get(2)).doubleValue());
    }

    @Test
    void aNestedHoldIsDrawnInsideTheOutermostHold() throws Exception {
        Map<String, Object> d = data(history(new Object[][]{
                {1.0, OpType.INVOKE, 0, "acquire", null}, {1.1, OpType.OK, 0, "acquire", 5L},
                {2.0, OpType.INVOKE, 0, "acquire", null}, {2.1, OpType.OK, 0, "acquire", 5L},
                {3.0, OpType.INVOKE, 0, "release", null}, {3.1, OpType.OK, 0, "release", null},
                // frozen here, holding the outer hold, then a release that fails (the hold stands), then the real one
                {9.0, OpType.INVOKE, 0, "release", null}, {9.1, OpType.FAIL, 0, "release", "refused"},
                {10.0, OpType.INVOKE, 0, "release", null}, {10.1, OpType.OK, 0, "release", null}}));
        List<?> holds = (List<?>) d.get("holds");
        List<?> nested = (List<?>) d.get("nested");
        assertEquals(1, holds.size(), holds.toString());
        assertEquals(List.of(1.1, 10.0), span(holds.get(0)));
        assertEquals(1, nested.size(), nested.toString());
        assertEquals(List.of(2.1, 3.0), span(nested.get(0)));
    }

    @Test
    void aCrashEndsEveryHoldOfItsProcessAndAnOpenHoldRunsToTheEnd() throws Exception {
        Map<String, Object> d = data(history(new Object[][]{
                {1.0, OpType.INVOKE, 0, "acquire", null}, {1.1, OpType.OK, 0, "acquire", 5L},
                {2.0, OpType.INVOKE, 0, "acquire", null}, {2.1, OpType.OK, 0, "acquire", 5L},
                {4.0, OpType.INVOKE, 0, "write", Map.of("token", 5L, "value", 1L)}, {4.5, OpType.INFO, 0, "write", null},
                {5.0, OpType.INVOKE, 1, "acquire", null}, {5.1, OpType.OK, 1, "acquire", 6L},
                {6.0, OpType.INVOKE, 1, "read", null}, {6.1, OpType.OK, 1, "read", 1L}}));
        List<?> holds = (List<?>) d.get("holds");
        assertEquals(2, holds.size(), holds.toString());
        assertEquals(List.of(1.1, 4.5), span(holds.get(0)));
        assertEquals(List.of(5.1, 6.1), span(holds.get(1)));
        assertEquals(List.of(List.of(2.1, 4.5)), ((List<?>) d.get("nested")).stream().map(ReportDataTest::span).toList());
    }

    @Test
    void faultsWithoutHostsAreDrawnOnTheLanesTheirTargetsNameOrOnANemesisLane() throws Exception {
        Map<String, Object> d = data(history(new Object[][]{
                {0.5, OpType.INFO, -1, "start-pause", List.of("client-c1-p0")},
                {1.0, OpType.INVOKE, 0, "acquire", null}, {1.1, OpType.OK, 0, "acquire", 5L},
                {1.5, OpType.INFO, -1, "kill", List.of("zk-n2")},
                {2.0, OpType.INFO, -1, "start-partition", "majorities-ring"},
                {3.0, OpType.INFO, -1, "stop-pause", List.of("client-c1-p0")},
                {3.5, OpType.INFO, -1, "restart", List.of("zk-n2")},
                {4.0, OpType.INVOKE, 0, "release", null}, {4.1, OpType.OK, 0, "release", null},
                {4.5, OpType.INFO, -1, "stop-partition", "fully connected"}}));
        List<String> lanes = ((List<?>) d.get("lanes")).stream().map(l -> String.valueOf(((List<?>) l).get(0))).toList();
        assertEquals(List.of("nemesis", "n2", "c1"), lanes);
        List<?> faults = (List<?>) d.get("faults");
        assertEquals(4, faults.size(), "every fault drawn, the restart too: " + faults);
        java.util.Set<Object> drawnOn = new java.util.HashSet<>();
        for (Object f : faults) drawnOn.add(lanes.get(((Number) ((List<?>) f).get(0)).intValue()));
        assertEquals(java.util.Set.of("c1", "n2", "nemesis"), drawnOn);
    }

    @Test
    void theRunsFactsAreInWords() {
        assertEquals("time limit", ReportHtml.words("time_limit_s"));
        assertEquals("15 s", ReportHtml.value("time_limit_s", 15));
        assertEquals("lease", ReportHtml.words("lease_ms"));
        assertEquals("4 s", ReportHtml.value("lease_ms", 4000));
        assertEquals("250 ms", ReportHtml.value("lease_ms", 250));
        assertEquals("faults injected", ReportHtml.words("faults_injected"));
        assertEquals("n1, n2", ReportHtml.value("servers", List.of("n1", "n2")));
        assertEquals("started", ReportHtml.words("started_at"));
        assertEquals("2026-11-25 23:37:05", ReportHtml.value("started_at", "2026-11-25T23:37:05"));
    }

    @Test
    void longTokensAreShortenedWithTheWholeOnHover() {
        // only a token is shortened: a long count in the words ("123456789 states explored") stays whole
        assertEquals("token <span class=\"long\" title=\"1795649759953\">…59953</span> at 12.500 s, 1234 ops, 123456789 states",
                Prose.of("token ", 1795649759953L, " at 12.500 s, ", 1234L, " ops, 123456789 states").render(ReportHtml.PAGE));
    }

    @Test
    void aHistoryCheckedAgainKeepsItsRunsTimeInJunitXml() throws Exception {
        HistoryWriter.write(history(new Object[][]{
                {1.0, OpType.INVOKE, 0, "acquire", null}, {1.1, OpType.OK, 0, "acquire", 5L},
                {13.0, OpType.INVOKE, 0, "release", null}, {13.5, OpType.OK, 0, "release", null}}), dir.resolve("history.jsonl"));
        RunReport.rerender(dir);
        String junit = java.nio.file.Files.readString(dir.resolve("junit.xml"));
        assertTrue(junit.contains("time=\"12.5"), junit);
    }

    @Test
    void aClientIsCalledByItsLanesNameWithItsProcessOnHover() {
        Prose p = Prose.of(new Prose.Who("4", "c5"), " held the lock <b> after ", new Prose.Who("c1", null));
        assertEquals("<span class=\"who\" title=\"process 4\">c5</span> held the lock &lt;b&gt; after process c1", p.render(ReportHtml.PAGE));
        assertEquals("c5 held the lock <b> after process c1", p.render(ReportHtml.LANES));
        assertEquals("process 4 (client c5) held the lock <b> after process c1", p.plain());
    }

    @Test
    void anIncidentOnThePageNamesEachClientByItsLaneAndItsTokensShort() throws Exception {
        // process 0 (client c1) holds token 1795649759953; process 1 (client c2) is granted a higher one meanwhile
        HistoryWriter.write(history(new Object[][]{
                {1.0, OpType.INVOKE, 0, "acquire", null}, {1.1, OpType.OK, 0, "acquire", 1795649759953L},
                {2.0, OpType.INVOKE, 1, "acquire", null}, {2.1, OpType.OK, 1, "acquire", 1795649759954L},
                {3.0, OpType.INVOKE, 0, "release", null}, {3.1, OpType.OK, 0, "release", null},
                {4.0, OpType.INVOKE, 1, "release", null}, {4.1, OpType.OK, 1, "release", null}}), dir.resolve("history.jsonl"));
        RunReport.Outcome o = RunReport.write(dir, new RunReport.Context(Map.of("system", "curator-mutex"), null, 1));
        String page = java.nio.file.Files.readString(dir.resolve("report.html"));
        String incident = page.substring(page.indexOf("<li class=\"incident\""), page.indexOf("</li>", page.indexOf("<li class=\"incident\"")));
        assertTrue(incident.contains("<span class=\"who\" title=\"process 0\">c1</span> held the lock"), incident);
        assertTrue(incident.contains("<span class=\"who\" title=\"process 1\">c2</span>"), incident);
        assertTrue(incident.contains("(token <span class=\"long\" title=\"1795649759953\">…59953</span>)"), incident);
        assertTrue(!incident.contains("(client "), incident);
        // the terminal's words are the checker's, whole
        String words = o.check().incidents().get(0).explanation();
        assertTrue(words.startsWith("process 0 (client c1) held the lock from 1.100 s (token 1795649759953)"), words);
        // the timeline's hover: lane names, plain text
        Object label = ((Map<?, ?>) ((List<?>) ReportHtml.data(o).get("incidents")).get(0)).get("label");
        assertTrue(String.valueOf(label).startsWith("c1 held the lock"), String.valueOf(label));
    }
}
