package dev.lockstorm.suite.cli;

import dev.lockstorm.checker.Verdict;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code lockstorm demo}: for now, checks a bundled history of a client whose GC pause outlasted
 * its lease, writes its results and prints where they are.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Checks a bundled example history (a client paused past its lease while fencing rejected its"
                + " stale write) and writes results.json under results/demo/<time>/."})
public final class DemoCommand implements Callable<Integer> {
    static final String EXAMPLE = "/dev/lockstorm/suite/gc-pause-example.jsonl";

    @Option(names = "--results", paramLabel = "DIR", description = "Where results go (default: results/ in the checkout).")
    Path results;

    @Override
    public Integer call() throws IOException {
        Path root = results != null ? results : Home.path("results");
        Path dir = root.resolve("demo").resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS")));
        Files.createDirectories(dir);
        Path history = dir.resolve("history.jsonl");
        try (InputStream in = DemoCommand.class.getResourceAsStream(EXAMPLE)) {
            if (in == null) throw new IllegalStateException("the example history " + EXAMPLE + " is missing from the jar");
            Files.copy(in, history);
        }
        System.out.println("lockstorm demo: checking the bundled example history " + history);
        int code = CheckCommand.check(List.of(history), "fenced-mutex", "jsonl", 60, dir, System.out, System.err);
        System.out.println("report: " + dir.resolve("results.json"));
        if (code == Verdict.INVALID.exitCode()) {
            System.out.println("lockstorm demo: found the double holder, as expected (fencing rejected the stale write)");
            return 0;
        }
        System.err.println("lockstorm demo: expected the verdict invalid (a double holder), but the check exited " + code);
        return 1;
    }
}
