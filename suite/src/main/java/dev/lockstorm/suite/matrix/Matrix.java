package dev.lockstorm.suite.matrix;

import dev.lockstorm.checker.Verdict;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.run.RunResult;
import dev.lockstorm.suite.run.RunSpec;
import dev.lockstorm.suite.run.Runner;
import dev.lockstorm.workloads.store.FencedStore;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Every chosen system under every chosen nemesis, each a short complete run, summed up in one
 * table: what a CI job runs.
 *
 * <pre>{@code
 * Matrix matrix = new Matrix(store, Duration.ofSeconds(20), 1, System.err);
 * List<Matrix.Cell> cells = matrix.run(List.of("curator-mutex", "redis-single"), Matrix.NEMESES);
 * System.out.print(matrix.table(cells));
 * }</pre>
 */
public final class Matrix {
    /** The fault columns of the matrix. */
    public static final List<String> NEMESES = List.of("none", "partition", "pause-client", "kill", "clock");

    private final RunStore store;
    private final Duration timeLimit;
    private final long seed;
    private final PrintStream progress;

    public Matrix(RunStore store, Duration timeLimit, long seed, PrintStream progress) {
        this.store = store;
        this.timeLimit = timeLimit;
        this.seed = seed;
        this.progress = progress;
    }

    /**
     * One cell.
     *
     * @param result the run, or null when it could not run
     * @param error  why it could not run, or null
     */
    public record Cell(String system, String nemesis, RunResult result, String error) {
        public Verdict verdict() {
            return result == null ? Verdict.UNKNOWN : result.check().verdict();
        }

        /** Completed client operations per second of the run's time limit. */
        public double opsPerSecond(Duration timeLimit) {
            return result == null ? 0 : result.check().stats().operations() / (double) timeLimit.toSeconds();
        }
    }

    /** Runs every system × nemesis, in that order; a cell that fails to run is recorded, not fatal. */
    public List<Cell> run(List<String> systems, List<String> nemeses) {
        List<Cell> cells = new ArrayList<>();
        for (String system : systems) {
            for (String nemesis : nemeses) {
                progress.println("lockstorm matrix: " + system + " × " + nemesis);
                RunSpec spec = spec(system, nemesis);
                try {
                    RunResult r = new Runner(progress).run(spec, store.newRun(system));
                    cells.add(new Cell(system, nemesis, r, null));
                } catch (IOException | RuntimeException e) {
                    cells.add(new Cell(system, nemesis, null, e.getMessage()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return cells;
                }
            }
        }
        return cells;
    }

    private RunSpec spec(String system, String nemesis) {
        Duration interval = timeLimit.dividedBy(4).compareTo(Duration.ofSeconds(10)) < 0 ? timeLimit.dividedBy(4) : Duration.ofSeconds(10);
        return new RunSpec(system, 5, timeLimit, nemesis, FencedStore.Fencing.NONE, seed, Duration.ofSeconds(4), interval,
                Duration.ofMillis(500), Duration.ofSeconds(20),
                List.of("bin/lockstorm", "run", "--system", system, "--nemesis", nemesis, "--time-limit", timeLimit.toSeconds() + "s",
                        "--nemesis-interval", interval.toMillis() + "ms", "--hold-max", "500ms", "--seed", Long.toString(seed)));
    }

    /** The table: one row a cell. */
    public String table(List<Cell> cells) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%-18s %-13s %-8s %7s %6s %7s %8s  %s%n", "system", "nemesis", "verdict", "doubles",
                "lost", "ops/s", "live", "report"));
        for (Cell c : cells) {
            if (c.result() == null) {
                b.append(String.format(Locale.ROOT, "%-18s %-13s %-8s %s%n", c.system(), c.nemesis(), "error", c.error()));
                continue;
            }
            var k = c.result().check();
            b.append(String.format(Locale.ROOT, "%-18s %-13s %-8s %7d %6d %7.1f %8s  %s%n", c.system(), c.nemesis(), k.verdict().wire(),
                    k.doubleHolderCount(), k.lostUpdates(), c.opsPerSecond(timeLimit), c.result().notLive().isEmpty() ? "yes" : "NO",
                    c.result().dir().resolve("report.html")));
        }
        return b.toString();
    }

    /** The worst verdict of the cells: invalid over unknown over valid; a cell that did not run is unknown. */
    public static Verdict worst(List<Cell> cells) {
        return cells.stream().map(Cell::verdict).reduce(Verdict.VALID, Verdict::and);
    }

    /** Where the table is kept next to the runs. */
    public static Path tableFile(RunStore store) throws IOException {
        return store.newRun("matrix").resolve("matrix.txt");
    }
}
