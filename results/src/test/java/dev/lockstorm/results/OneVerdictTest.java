package dev.lockstorm.results;

import dev.lockstorm.checker.Analysis;
import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Checker;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.io.HistoryWriter;
import dev.lockstorm.checker.linear.SearchLimits;
import dev.lockstorm.checker.model.FencedMutex;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each analysis's verdict is the checker's, and the summary, results.json, junit.xml and report.html show that one. */
@Tag("unit")
class OneVerdictTest {
    @TempDir
    Path dir;

    /** p0 holds (token 1), p1 is granted (token 2) meanwhile; p1 writes; no final read: the resource cannot be checked. */
    private static History doubleGrantWithoutFinalRead() {
        List<Op> ops = new ArrayList<>();
        int i = 0;
        for (Object[] e : new Object[][]{{OpType.INVOKE, 0, "acquire", null}, {OpType.OK, 0, "acquire", 1L}, {OpType.INVOKE, 1, "acquire", null},
                {OpType.OK, 1, "acquire", 2L}, {OpType.INVOKE, 1, "write", Map.of("token", 2L, "value", 1L)}, {OpType.OK, 1, "write", null},
                {OpType.INVOKE, 0, "release", null}, {OpType.OK, 0, "release", null}}) {
            ops.add(new Op(i, i * 1_000_000L, (OpType) e[0], (int) e[1], (String) e[2], e[3], Map.of("client", "c" + ((int) e[1] + 1)), 0));
            i++;
        }
        return History.of("h", ops);
    }

    /** p0 takes the lock and crashes (its lease may expire), p1 takes it, then p2 takes it while p1 holds: the failing prefix holds p0's expiry. */
    @Test
    void aFailureWhosePrefixHoldsAnExpiredLeaseIsDrawn() throws Exception {
        List<Op> ops = new ArrayList<>();
        int i = 0;
        for (Object[] e : new Object[][]{{OpType.INVOKE, 0, "acquire", null}, {OpType.OK, 0, "acquire", 1L},
                {OpType.INVOKE, 0, "write", Map.of("token", 1L, "value", 1L)}, {OpType.INFO, 0, "write", null},
                {OpType.INVOKE, 1, "acquire", null}, {OpType.OK, 1, "acquire", 2L}, {OpType.INVOKE, 2, "acquire", null},
                {OpType.OK, 2, "acquire", 3L}}) {
            ops.add(new Op(i, i * 1_000_000L, (OpType) e[0], (int) e[1], (String) e[2], e[3], Map.of("client", "c" + ((int) e[1] + 1)), 0));
            i++;
        }
        HistoryWriter.write(History.of("h", ops), dir.resolve("history.jsonl"));
        RunReport.Outcome o = RunReport.write(dir, new RunReport.Context(Map.of("system", "zk-recipe"), null, 1));
        assertEquals(dev.lockstorm.checker.Verdict.INVALID, o.check().verdict());
        assertTrue(o.check().linearizability().failure() != null);
        assertTrue(Files.readString(dir.resolve("report.html")).contains("\"failure\":{\"op\":"), "the failing point is in the page's data");
    }

    @Test
    void everyRendererShowsTheCheckersVerdicts() throws Exception {
        History h = doubleGrantWithoutFinalRead();
        CheckResult r = Checker.check(h, new FencedMutex(), SearchLimits.defaults());
        assertEquals(Analysis.Status.NOT_CHECKED, r.analyses().get(3).status());
        HistoryWriter.write(h, dir.resolve("history.jsonl"));
        RunReport.write(dir, new RunReport.Context(Map.of("system", "redis-single", "nemesis", "pause-client", "fencing", "all", "seed", 3,
                "scenario", "redis-gc-pause / fencing all"), List.of(), 12.5));

        String summary = Files.readString(dir.resolve("summary.txt"));
        String json = Files.readString(dir.resolve("results.json"));
        String junit = Files.readString(dir.resolve("junit.xml"));
        String report = Files.readString(dir.resolve("report.html"));
        // the same analyses, in the same words, as the check in memory (source and time aside)
        CheckResult live = r.withLiveness(List.of());
        assertEquals(Summary.of(live).lines().skip(2).toList(), summary.lines().skip(2).toList());
        assertTrue(summary.contains("  liveness: valid: every client acquired the lock again after the final heal\n"), summary);
        assertTrue(json.contains("\"liveness\":{\"verdict\":\"valid\""), json);
        assertTrue(summary.contains("resource: not checked: no read of the counter after the last acknowledged write"), summary);
        assertTrue(json.contains("\"resource\":{\"verdict\":\"not checked\""), json);
        assertTrue(junit.contains("name=\"resource (lost updates)\">\n    <skipped message=\"no read of the counter"), junit);
        assertTrue(report.contains("<span class=\"verdict small unknown\">not checked</span>"), "the report's table");
        assertTrue(json.contains("\"double_holders\":{\"verdict\":\"invalid\"") && junit.contains("<failure message=\"1 incident (1 pair of holders: 1 lock defect, 0 lease limits)"),
                json + junit);
        assertTrue(json.contains("\"incident_count\":1") && json.contains("\"incidents\":[{\"cause\":\"lock-defect\"") && json.contains("\"holder\":{\"process\":0,\"client\":\"c1\""), json);
        assertTrue(junit.startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"lockstorm.redis-single.pause-client.fencing-all"
                + ".seed-3.redis-gc-pause-fencing-all\" tests=\"6\" failures=\"2\" errors=\"0\" skipped=\"2\""), junit);
        assertTrue(junit.contains("name=\"exercised\">\n    <skipped message=\"nothing dangerous exercised"), junit);
        assertTrue(junit.contains("name=\"liveness after heal\"/>"), junit);
        // every incident is in the failure's body, in the summary's words
        for (String f : Summary.findings(r, Analysis.Kind.DOUBLE_HOLDERS)) assertTrue(junit.contains(">" + JunitXml.esc(f) + "</failure>"), junit);
        assertEquals(1, Summary.findings(r, Analysis.Kind.DOUBLE_HOLDERS).size());
        // a failure with nothing to add to its message has no body
        assertTrue(junit.contains("name=\"linearizability (fenced-mutex)\">\n    <failure message=\"" + JunitXml.esc(r.analyses().get(0).detail())
                + "\" type=\"invalid\"/>"), junit);
        assertTrue(summary.contains("    " + Summary.findings(r, Analysis.Kind.DOUBLE_HOLDERS).get(0) + "\n"), summary);
        assertTrue(report.contains("1 incident <span class=\"muted\">(1 pair of holders; 1 lock defect, 0 lease limits)</span>"), "the incidents head the report");
        assertTrue(report.contains("Nothing dangerous exercised"), "what the verdict rests on is said first");
    }
}
