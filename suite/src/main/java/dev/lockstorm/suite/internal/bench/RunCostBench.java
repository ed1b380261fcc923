package dev.lockstorm.suite.internal.bench;

import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKinds;
import dev.lockstorm.suite.internal.run.RunResult;
import dev.lockstorm.suite.internal.run.RunSpec;
import dev.lockstorm.suite.internal.run.RunTimings;
import dev.lockstorm.suite.internal.run.Runner;
import dev.lockstorm.suite.internal.run.StandingServers;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * A run's fixed cost per server family: short runs with no fault, and the wall time each spent
 * outside its main phase, by part ({@link RunTimings}). That cost decides how many runs a hunt's
 * budget holds and most of what a scenario test costs.
 */
public final class RunCostBench {
    /** One lock per server family (Redis single and masters, Sentinel, the three databases, PostgreSQL HA, dynalite). */
    public static final List<String> SYSTEMS = List.of("curator-mutex", "redis-single", "redlock", "redis-sentinel", "etcd-lock",
            "hazelcast-fenced-lock", "db-table-pg", "db-table-mariadb", "db-table-pg-ha", "dynamodb-lock-fenced");

    private final PrintStream out;
    private final RunStore store;

    public RunCostBench(PrintStream out, RunStore store) {
        this.out = out;
        this.store = store;
    }

    /**
     * {@code runs} runs of {@code each} per system, each starting its own servers, then as many on
     * servers kept standing from the run before ({@link StandingServers}: the first of those starts
     * them and is not counted); prints the median of each part per system, both ways.
     */
    public void run(List<String> systems, int runs, Duration each) throws Exception {
        out.printf(Locale.ROOT, "bench run: %d %s per lock and way, nemesis none, %d s main phase, 5 clients; the median of each part, in seconds:"
                + " a run that starts its servers, then a run on servers kept from the run before%n", runs, runs == 1 ? "run" : "runs", each.toSeconds());
        out.printf(Locale.ROOT, "%-22s %-44s %7s %9s %6s %7s | %12s %9s %11s%n", "system", "servers", "set-up", "wind-down", "check", "fixed",
                "kept: set-up", "wind-down", "kept: fixed");
        PrintStream quiet = new PrintStream(PrintStream.nullOutputStream());
        for (String name : systems) {
            List<RunTimings> own = new ArrayList<>();
            List<RunTimings> kept = new ArrayList<>();
            RunSpec first = null;
            for (int i = 1; i <= runs; i++) {
                first = spec(name, each, i);
                own.add(new Runner(quiet).run(first, store.newRun("bench-run/" + name)).timings());
            }
            int reused = 0;
            try (StandingServers standing = new StandingServers()) {
                Runner runner = new Runner(quiet).keeping(standing);
                for (int i = 0; i <= runs; i++) {
                    RunTimings t = runner.run(spec(name, each, i + 1), store.newRun("bench-run/" + name)).timings();
                    if (standing.reused() > reused) kept.add(t);
                    reused = standing.reused();
                }
            }
            String keptColumns = kept.isEmpty() ? String.format(Locale.ROOT, "%12s %9s %11s", "-", "-", "not kept")
                    : String.format(Locale.ROOT, "%12.1f %9.1f %11.1f", median(kept, RunTimings::setUp), median(kept, RunTimings::windDown),
                    median(kept, RunTimings::fixed));
            out.printf(Locale.ROOT, "%-22s %-44s %7.1f %9.1f %6.1f %7.1f | %s%n", name, first.system().topology().describe(),
                    median(own, RunTimings::setUp), median(own, RunTimings::windDown), median(own, RunTimings::check),
                    median(own, RunTimings::fixed), keptColumns);
        }
        out.println("runs: " + store.root().resolve("bench-run") + " (\"not kept\": the family's servers cannot be emptied, and start anew for each run)");
    }

    private static RunSpec spec(String name, Duration each, int seed) {
        return RunSpec.builtIn(name).nemesis(NemesisKinds.byName("none")).timeLimit(each).seed(seed)
                .command(List.of("bin/lockstorm", "run", "--system", name, "--nemesis", "none", "--time-limit", each.toSeconds() + "s",
                        "--seed", Integer.toString(seed)))
                .build();
    }

    static double median(List<RunTimings> timings, Function<RunTimings, Duration> part) {
        List<Duration> sorted = timings.stream().map(part).sorted(Comparator.naturalOrder()).toList();
        int n = sorted.size();
        Duration m = n % 2 == 1 ? sorted.get(n / 2) : sorted.get(n / 2 - 1).plus(sorted.get(n / 2)).dividedBy(2);
        return m.toNanos() / 1e9;
    }
}
