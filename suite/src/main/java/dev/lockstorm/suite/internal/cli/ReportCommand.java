package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.history.HistoryFormatException;
import dev.lockstorm.suite.internal.run.Runner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code lockstorm report DIR}: re-checks a run directory's history and renders its results again. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Re-checks a run's history.jsonl and writes results.json, junit.xml and report.html again"
                + " (also for a run that crashed midway).", "Exit code: the verdict's (0, 1, 2), 3 for bad input."})
public final class ReportCommand implements Callable<Integer> {
    @Parameters(paramLabel = "DIR", description = "A run directory (results/<system>/<start-time>, or results/<system>/latest).")
    Path dir;

    @Override
    public Integer call() throws Exception {
        Path d = dir.toRealPath();
        if (!Files.exists(d.resolve("history.jsonl"))) {
            System.err.println("lockstorm report: " + d + " has no history.jsonl; expected a run directory");
            return Main.BAD_INPUT;
        }
        try {
            CheckResult r = Runner.rerender(d);
            System.out.print(Summary.of(r));
            System.out.println("report: " + d.resolve("report.html"));
            return r.verdict().exitCode();
        } catch (HistoryFormatException e) {
            System.err.println("lockstorm report: " + e.getMessage());
            return Main.BAD_INPUT;
        }
    }
}
