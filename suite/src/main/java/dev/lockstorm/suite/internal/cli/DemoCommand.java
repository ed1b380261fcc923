package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.results.RunReport;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.nemesiskinds.PauseClient;
import dev.lockstorm.suite.internal.run.RunSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
                "--offline checks the bundled history of a real demo run instead (no root needed)."})
public final class DemoCommand implements Callable<Integer> {
    /** The history of a real {@code bin/lockstorm demo} run (seed 7, recorded 2026-11-26), which {@code --offline} checks. */
    static final String EXAMPLE = "/dev/lockstorm/suite/demo-run.jsonl";

    @Mixin
    StoreOption store;

    @Option(names = "--offline", description = "Checks the bundled history of a real demo run instead of running clusters (no root needed).")
    boolean offline;

    @Option(names = "--seed", defaultValue = "7", description = "Seeds every random choice (default: ${DEFAULT-VALUE}).")
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
        RunSpec spec = RunSpec.builtIn("curator-mutex").timeLimit(Duration.ofSeconds(30)).nemesis(PauseClient.pastTheLease())
                .seed(seed).nemesisInterval(Duration.ofSeconds(5)).holds(Duration.ZERO, Duration.ofMillis(1000))
                .command(List.of("bin/lockstorm", "demo", "--seed", Long.toString(seed))).build();
        System.out.println("lockstorm demo: 5 Curator InterProcessMutex clients on a 3-node ZooKeeper ensemble; the nemesis"
                + " freezes the lock holder for 8 s, past its 4 s session (a long GC pause)");
        return RunCommand.run(spec, store.store().newRun(spec.system().name()), new dev.lockstorm.suite.internal.run.Placement.InLab(), List.of(), List.of());
    }

    private int offline() throws IOException {
        RunStore store = this.store.store();
        Path dir = store.newRun("demo");
        Path history = dir.resolve("history.jsonl");
        try (InputStream in = DemoCommand.class.getResourceAsStream(EXAMPLE)) {
            if (in == null) throw new IllegalStateException("the example history " + EXAMPLE + " is missing from the jar");
            Files.copy(in, history);
        }
        System.out.println("lockstorm demo: checking the bundled history of a real demo run (seed 7), " + history);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("system", "curator-mutex");
        params.put("nemesis", "pause-client");
        params.put("seed", 7);
        params.put("scenario", "the bundled history of a real demo run");
        params.put("command", "bin/lockstorm demo --offline");
        CheckResult r = RunReport.write(dir, new RunReport.Context(params, null, 0)).check();
        System.out.print(Summary.of(r));
        System.out.println("report: " + dir.resolve("report.html"));
        return r.verdict().exitCode();
    }
}
