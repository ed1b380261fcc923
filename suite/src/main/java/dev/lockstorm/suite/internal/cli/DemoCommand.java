package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.checker.Verdict;
import dev.lockstorm.suite.internal.run.RunSpec;
import dev.lockstorm.suite.internal.nemesis.PauseClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code lockstorm demo}: the classic failure, live. Five Curator {@code InterProcessMutex} clients
 * on a real 3-node ZooKeeper ensemble; the nemesis freezes the lock holder (SIGSTOP, a GC pause)
 * past its 4 s session; ZooKeeper hands the lock to another client while the first still believes
 * it holds it, and its late write loses updates. Exit 0 when lockstorm finds that.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Runs the Curator GC-pause scenario on a real ZooKeeper ensemble (about a minute; needs root) and"
                + " points at its report. Exit 0 when it finds the double holder, as expected.",
                "--offline checks a bundled history of the same failure instead (no root needed)."})
public final class DemoCommand implements Callable<Integer> {
    static final String EXAMPLE = "/dev/lockstorm/suite/gc-pause-example.jsonl";

    @Option(names = "--results", paramLabel = "DIR", description = "Where results go (default: results/ in the checkout).")
    Path results;

    @Option(names = "--offline", description = "Check the bundled example history instead of running clusters.")
    boolean offline;

    @Option(names = "--seed", defaultValue = "7", description = "Seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() throws Exception {
        int code = offline ? offline() : live();
        if (code == Verdict.INVALID.exitCode()) {
            System.out.println("lockstorm demo: found the double holder, as expected");
            return 0;
        }
        System.err.println("lockstorm demo: expected the verdict invalid (a double holder), but the check exited " + code);
        return 1;
    }

    private int live() throws Exception {
        RunSpec spec = RunSpec.builtIn("curator-mutex").timeLimit(Duration.ofSeconds(30)).nemesis(new PauseClient())
                .seed(seed).nemesisInterval(Duration.ofSeconds(5)).holds(Duration.ZERO, Duration.ofMillis(1000))
                .command(List.of("bin/lockstorm", "demo", "--seed", Long.toString(seed))).build();
        System.out.println("lockstorm demo: 5 Curator InterProcessMutex clients on a 3-node ZooKeeper ensemble; the nemesis"
                + " freezes the lock holder for 8 s, past its 4 s session (a long GC pause)");
        return RunCommand.run(spec, results, null);
    }

    private int offline() throws IOException {
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
        return code;
    }
}
