package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.history.HistoryFormatException;
import dev.lockstorm.results.RunReport;
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
    @Parameters(paramLabel = "DIR", description = "Names a run directory: store/<system>/<start-time>, or store/<system>/latest.")
    Path dir;

    @Override
    public Integer call() throws Exception {
        if (!Files.isDirectory(dir)) {
            System.err.println("lockstorm report: " + dir + (Files.exists(dir) ? " is a file" : " does not exist")
                    + "; expected a run directory (store/<system>/<start-time>)" + (Files.isRegularFile(dir) ? "; to check a history file: lockstorm check "
                    + dir : ""));
            return Main.BAD_INPUT;
        }
        Path d = dir.toRealPath();
        try {
            CheckResult r = RunReport.rerender(d).check();
            System.out.print(Summary.of(r));
            System.out.println("report: " + d.resolve("report.html"));
            return r.verdict().exitCode();
        } catch (HistoryFormatException e) {
            System.err.println("lockstorm report: " + e.getMessage());
            return Main.BAD_INPUT;
        } catch (java.io.IOException e) {
            System.err.println("lockstorm report: cannot write the report in " + d + ": " + IoProblems.describe(e));
            return Main.BAD_INPUT;
        }
    }
}
