package dev.lockstorm.suite.internal.bench;

import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKinds;
import dev.lockstorm.suite.internal.run.RunResult;
import dev.lockstorm.suite.internal.run.RunSpec;
import dev.lockstorm.suite.internal.run.RunTimings;
import dev.lockstorm.suite.internal.run.Runner;

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

    /** {@code runs} runs of {@code each} per system; prints the median of each part per system. */
    public void run(List<String> systems, int runs, Duration each) throws Exception {
        out.printf(Locale.ROOT, "bench run: %d %s per lock, nemesis none, %d s main phase, 5 clients; the median of each part, in seconds%n",
                runs, runs == 1 ? "run" : "runs", each.toSeconds());
        out.printf(Locale.ROOT, "%-22s %-44s %7s %9s %6s %7s%n", "system", "servers", "set-up", "wind-down", "check", "fixed");
        for (String name : systems) {
            List<RunTimings> timings = new ArrayList<>();
            RunSpec first = null;
            for (int i = 1; i <= runs; i++) {
                RunSpec spec = RunSpec.builtIn(name).nemesis(NemesisKinds.byName("none")).timeLimit(each).seed(i)
                        .command(List.of("bin/lockstorm", "run", "--system", name, "--nemesis", "none", "--time-limit", each.toSeconds() + "s",
                                "--seed", Integer.toString(i)))
                        .build();
                first = spec;
                RunResult r = new Runner(new PrintStream(PrintStream.nullOutputStream())).run(spec, store.newRun("bench-run/" + name));
                timings.add(r.timings());
            }
            out.printf(Locale.ROOT, "%-22s %-44s %7.1f %9.1f %6.1f %7.1f%n", name, first.system().topology().describe(),
                    median(timings, RunTimings::setUp), median(timings, RunTimings::windDown), median(timings, RunTimings::check),
                    median(timings, RunTimings::fixed));
        }
        out.println("runs: " + store.root().resolve("bench-run"));
    }

    static double median(List<RunTimings> timings, Function<RunTimings, Duration> part) {
        List<Duration> sorted = timings.stream().map(part).sorted(Comparator.naturalOrder()).toList();
        int n = sorted.size();
        Duration m = n % 2 == 1 ? sorted.get(n / 2) : sorted.get(n / 2 - 1).plus(sorted.get(n / 2)).dividedBy(2);
        return m.toNanos() / 1e9;
    }
}
