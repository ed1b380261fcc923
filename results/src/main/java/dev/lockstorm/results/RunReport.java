package dev.lockstorm.results;

import dev.lockstorm.checker.Analysis;
import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Checker;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.io.HistoryFormat;
import dev.lockstorm.checker.io.HistoryReader;
import dev.lockstorm.checker.io.Json;
import dev.lockstorm.checker.io.TextFiles;
import dev.lockstorm.checker.linear.SearchLimits;
import dev.lockstorm.checker.model.Models;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run directory's check and everything written from it: results.json, summary.txt, junit.xml
 * and report.html, each showing the verdicts the checker decided (and the run's liveness, decided
 * here once).
 *
 * <pre>{@code
 * RunReport.Outcome o = RunReport.write(dir, new RunReport.Context(params, notLive, seconds));
 * RunReport.rerender(Path.of("store/redis-single/latest"));   // a run killed midway, too
 * }</pre>
 */
public final class RunReport {
    private RunReport() {
    }

    /**
     * What a run adds to its history.
     *
     * @param params  the run's parameters (system, nemesis, seed, command, …), shown as they are
     * @param notLive clients that could not acquire after the final heal; null when unknown (a run killed midway)
     * @param seconds how long the run took
     */
    public record Context(Map<String, Object> params, List<String> notLive, double seconds) {
        public Context {
            params = Map.copyOf(params);
            notLive = notLive == null ? null : List.copyOf(notLive);
        }

    }

    /** A checked run: the history, its check, its context, and what results.json says of them. */
    public record Outcome(History history, CheckResult check, Context context, Results results) {
    }

    /** Checks {@code dir}'s history and writes results.json, summary.txt, junit.xml and report.html. */
    public static Outcome write(Path dir, Context context) throws IOException {
        History h = readHistory(dir.resolve("history.jsonl"));
        // a history checked again afterwards took as long as its events span (junit.xml's time is the run's, not 0)
        if (context.seconds() <= 0 && h.size() > 0 && h.get(0).time() != dev.lockstorm.checker.history.Op.NO_TIME) {
            long last = h.get(h.size() - 1).time();
            if (last != dev.lockstorm.checker.history.Op.NO_TIME) context = new Context(context.params(), context.notLive(), Math.max(0, last - h.get(0).time()) / 1e9);
        }
        CheckResult checked = check(h);
        // the run's liveness is one more analysis, and enters the verdict by the checker's one rule
        CheckResult check = context.notLive() == null ? checked : checked.withLiveness(context.notLive());
        Outcome o = new Outcome(h, check, context, Results.of(check, context.notLive(), context.params()));
        ResultsJson.write(check, context.notLive(), context.params(), dir.resolve("results.json"));
        TextFiles.write(dir.resolve("summary.txt"), Summary.of(check));
        JunitXml.write(o, dir.resolve("junit.xml"));
        ReportHtml.write(o, dir, dir.resolve("report.html"));
        return o;
    }

    /** A run's history checked as a run directory's results are: the lock model its history implies, two minutes at most for the search. */
    public static CheckResult check(History h) {
        return check(h, SearchLimits.withTimeLimit(Duration.ofSeconds(120)));
    }

    private static CheckResult check(History h, SearchLimits limits) {
        return Checker.check(h, Models.infer(h, false), limits);
    }

    /**
     * The check of a run still going, from the history written so far (a line being written left out,
     * quietly: it is not a kill's), the whole check within {@code timeLimit} and the search kept small
     * (one thread, 10,000 states: it must not take the cores from the run it looks at); its liveness
     * unknown. For a runner that ends a run once it shows what the run is for.
     */
    public static CheckResult soFar(Path dir, Duration timeLimit) throws IOException {
        return check(readHistory(dir.resolve("history.jsonl"), false), new SearchLimits(timeLimit, 10_000, 1));
    }

    /** Reads a run directory's history as {@link #write} does (a last line cut off by a kill left out). */
    public static History history(Path dir) throws IOException {
        return readHistory(dir.resolve("history.jsonl"));
    }

    /**
     * Re-checks a run directory (also one whose run crashed midway) and writes its results again,
     * keeping the run's parameters and liveness from an earlier results.json when there is one.
     *
     * @throws IOException naming the directory when it holds no history
     */
    public static Outcome rerender(Path dir) throws IOException {
        if (!Files.isRegularFile(dir.resolve("history.jsonl"))) {
            throw new IOException(dir + " holds no history.jsonl: not a run directory (expected store/<system>/<start-time>)");
        }
        Map<String, Object> params = Map.of();
        List<String> notLive = null;
        Path results = dir.resolve("results.json");
        if (Files.exists(results)) {
            Results old = readOrOlder(results);
            if (old.run() != null) params = old.run().facts();
            notLive = old.notLive();
        }
        return write(dir, new Context(params, notLive, 0));
    }

    /**
     * A run's results.json as {@link ResultsJson#read} reads it, or, for a file an older lockstorm wrote
     * (no schema version) or one it does not understand, its run's facts and liveness, the two things a
     * re-render keeps.
     */
    private static Results readOrOlder(Path file) throws IOException {
        Object data = Json.readFile(file);
        if (data instanceof Map<?, ?> m && m.containsKey("schema")) {
            try {
                return ResultsJson.read(file);
            } catch (IllegalArgumentException e) {
                // written again from the history below: only the run's facts and liveness are taken from it
                System.err.println("lockstorm: " + e.getMessage() + "; keeping only the run's facts and liveness");
            }
        }
        Map<String, Object> params = new LinkedHashMap<>();
        if (data instanceof Map<?, ?> m && m.get("run") instanceof Map<?, ?> run) run.forEach((k, v) -> params.put(String.valueOf(k), v));
        Object live = data instanceof Map<?, ?> m && m.get("analyses") instanceof Map<?, ?> a ? a.get("liveness") : null;
        if (live == null && data instanceof Map<?, ?> m) live = m.get("liveness"); // written so by lockstorm 0.1
        List<String> notLive = live instanceof Map<?, ?> l && l.get("clients_without_acquire") instanceof List<?> c ? c.stream().map(String::valueOf).toList() : null;
        return new Results(dev.lockstorm.checker.Verdict.UNKNOWN, file.toString(), "", null, Map.of(), notLive,
                params.get("system") instanceof String ? Results.Run.of(params) : null, 0);
    }

    /**
     * Reads a history; a last line cut off without its newline (the run was killed while writing
     * it) is left out with a note, never repaired in the file.
     */
    static History readHistory(Path file) throws IOException {
        return readHistory(file, true);
    }

    /** The same; {@code killed}: whether a cut-off last line means a kill, and is noted (a run still going is writing it). */
    private static History readHistory(Path file, boolean killed) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8); // read once: the check reads this text, not the file again
        if (text.isEmpty() || text.endsWith("\n")) return HistoryReader.read(new StringReader(text), file.toString(), HistoryFormat.JSONL);
        int cut = text.lastIndexOf('\n') + 1;
        if (killed) {
            System.err.println("lockstorm: " + file + ": the last line was cut off mid-write (the run was killed); checking the "
                    + text.substring(0, cut).lines().count() + " complete lines");
        }
        return HistoryReader.read(new StringReader(text.substring(0, cut)), file.toString(), HistoryFormat.JSONL);
    }
}
