package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Checker;
import dev.lockstorm.checker.ResultsJson;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.HistoryFormatException;
import dev.lockstorm.checker.io.HistoryFormat;
import dev.lockstorm.checker.io.HistoryReader;
import dev.lockstorm.checker.linear.SearchLimits;
import dev.lockstorm.checker.model.Model;
import dev.lockstorm.checker.model.Models;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code lockstorm check}: checks history files and prints a summary of each. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Checks histories: linearizability against a model and, for locks, double holders, fencing tokens,"
                + " stale writes and lost updates.",
                "Exit code: 0 all valid, 1 any invalid, 2 any unknown (none invalid), 3 bad input."})
public final class CheckCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "History files (JSONL, Jepsen EDN or Jepsen log).")
    List<Path> files;

    @Option(names = "--model", paramLabel = "M",
            description = "mutex, fenced-mutex, register, cas-register, multi-register or kv (default: from the history's operations).")
    String model;

    @Option(names = "--format", paramLabel = "F", defaultValue = "auto",
            description = "jsonl, edn, jepsen-log or auto (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--time-limit", paramLabel = "S", defaultValue = "300",
            description = "Seconds the search may take per file before the verdict is unknown (default: ${DEFAULT-VALUE}).")
    double timeLimit;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Write results.json there (one sub-directory per file when several are given).")
    Path out;

    @Override
    public Integer call() {
        return check(files, model, format, timeLimit, out, System.out, System.err);
    }

    static int check(List<Path> files, String modelName, String formatName, double seconds, Path out,
                     PrintStream stdout, PrintStream stderr) {
        HistoryFormat format;
        Model<?> fixed = null;
        try {
            format = HistoryFormat.fromName(formatName);
            if (modelName != null) fixed = Models.byName(modelName);
            if (!(seconds > 0)) throw new IllegalArgumentException("--time-limit must be a positive number of seconds, not " + seconds);
        } catch (IllegalArgumentException e) {
            stderr.println("lockstorm check: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        SearchLimits limits = SearchLimits.withTimeLimit(Duration.ofMillis((long) (seconds * 1000)));
        Verdict all = Verdict.VALID;
        for (Path file : files) {
            try {
                History h = HistoryReader.read(file, format);
                HistoryFormat actual = format == HistoryFormat.AUTO ? HistoryReader.detect(file) : format;
                Model<?> m = fixed != null ? fixed : Models.infer(h, actual == HistoryFormat.JEPSEN_LOG);
                CheckResult r = Checker.check(h, m, limits);
                stdout.print(Summary.of(r));
                if (out != null) {
                    Path dir = files.size() == 1 ? out : out.resolve(file.getFileName().toString());
                    Files.createDirectories(dir);
                    ResultsJson.write(r, dir.resolve("results.json"));
                    stdout.println("  results: " + dir.resolve("results.json"));
                }
                all = all.and(r.verdict());
            } catch (HistoryFormatException e) {
                stderr.println("lockstorm check: " + e.getMessage());
                return Main.BAD_INPUT;
            } catch (IOException e) {
                stderr.println("lockstorm check: cannot write results to " + out + ": " + e.getMessage());
                return Main.BAD_INPUT;
            }
        }
        return all.exitCode();
    }
}
