package dev.lockstorm.suite.internal.matrix;

import dev.lockstorm.api.LockSystem;
import dev.lockstorm.checker.Analysis;
import dev.lockstorm.results.Expectation;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.results.JunitXml;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.nemesiskinds.Clock;
import dev.lockstorm.suite.internal.nemesiskinds.KillClient;
import dev.lockstorm.suite.internal.nemesiskinds.Kill;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKind;
import dev.lockstorm.suite.internal.nemesiskinds.NoFaults;
import dev.lockstorm.suite.internal.nemesiskinds.Partition;
import dev.lockstorm.suite.internal.nemesiskinds.PauseClient;
import dev.lockstorm.suite.internal.run.RunResult;
import dev.lockstorm.suite.internal.run.RunSpec;
import dev.lockstorm.suite.internal.run.Placement;
import dev.lockstorm.suite.internal.run.Runner;
import dev.lockstorm.suite.internal.run.StandingServers;
import dev.lockstorm.locks.internal.registry.PluginClasspath;

import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.suite.internal.cluster.ServerKind;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
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
 * Matrix matrix = new Matrix(store, Duration.ofSeconds(20), 1, List.of(), Persistence.NONE, System.err);
 * List<Matrix.Cell> cells = matrix.run(List.of("curator-mutex", "redis-single"), Matrix.NEMESES);
 * System.out.print(matrix.table(cells));
 * }</pre>
 */
public final class Matrix {
    /** The fault columns of the matrix by default. */
    public static final List<NemesisKind> NEMESES = List.of(new NoFaults(), new Partition(), new PauseClient(), new Kill(), new KillClient(),
            new Clock());

    private final RunStore store;
    private final Duration timeLimit;
    private final long seed;
    private final PrintStream progress;

    private final List<Path> classpath;
    private final Persistence persistence;
    private final Placement placement;

    /**
     * @param classpath   the user's class path entries (plug-in systems) that worker JVMs add
     * @param persistence how the servers of the systems that keep data across a crash (Redis) keep it; the others are unaffected
     */
    public Matrix(RunStore store, Duration timeLimit, long seed, List<Path> classpath, Persistence persistence, PrintStream progress) {
        this(store, timeLimit, seed, classpath, persistence, progress, new Placement.InLab());
    }

    private Matrix(RunStore store, Duration timeLimit, long seed, List<Path> classpath, Persistence persistence, PrintStream progress,
                   Placement placement) {
        this.classpath = List.copyOf(classpath);
        this.persistence = persistence;
        this.store = store;
        this.timeLimit = timeLimit;
        this.seed = seed;
        this.progress = progress;
        this.placement = placement;
    }

    /** The same matrix with its cells' hosts made by {@code p} (a lab by default; containers need no root, and keep no servers between cells). */
    public Matrix on(Placement p) {
        return new Matrix(store, timeLimit, seed, classpath, persistence, progress, p);
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

    /**
     * Runs every system × nemesis, in that order; a cell that fails to run is recorded, not fatal. A
     * system's servers stand from one cell to the next when every fault was undone and they could be
     * emptied ({@link StandingServers}).
     */
    public List<Cell> run(List<LockSystem> systems, List<NemesisKind> nemeses) {
        List<Cell> cells = new ArrayList<>();
        try (StandingServers standing = new StandingServers()) {
            Runner runner = new Runner(progress, placement).keeping(standing);
            for (LockSystem s : systems) {
                for (NemesisKind n : nemeses) {
                    String system = s.name();
                    String nemesis = n.name();
                    progress.println("lockstorm matrix: " + system + " × " + nemesis);
                    try {
                        RunResult r = runner.run(spec(s, n), store.newRun(system));
                        cells.add(new Cell(system, nemesis, r, null));
                    } catch (IOException | RuntimeException e) {
                        cells.add(new Cell(system, nemesis, null, e.getMessage()));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return cells;
                    }
                }
            }
        }
        return cells;
    }

    private RunSpec spec(LockSystem system, NemesisKind nemesis) {
        Duration interval = timeLimit.dividedBy(4).compareTo(Duration.ofSeconds(10)) < 0 ? timeLimit.dividedBy(4) : Duration.ofSeconds(10);
        List<String> command = new ArrayList<>(List.of("bin/lockstorm", "run", "--system", system.name(), "--nemesis", nemesis.name(),
                "--time-limit", timeLimit.toSeconds() + "s", "--nemesis-interval", interval.toMillis() + "ms", "--hold-max", "500ms",
                "--seed", Long.toString(seed)));
        if (!classpath.isEmpty()) command.addAll(List.of("--classpath", PluginClasspath.join(classpath)));
        // only where the servers have a choice: the other families keep their data as they always do
        boolean chosen = persistence != Persistence.NONE && ServerKind.of(system.topology()).can(ServerKind.Capability.PERSISTENCE);
        if (chosen) command.addAll(List.of("--persistence", persistence.wire()));
        command.addAll(placement.arguments());
        RunSpec.Builder b = RunSpec.builder(system).classpath(classpath).timeLimit(timeLimit).nemesis(nemesis).seed(seed).nemesisInterval(interval)
                .holds(Duration.ZERO, Duration.ofMillis(500)).command(command);
        if (chosen) b.persistence(persistence);
        return b.build();
    }

    /** The table: one row a cell. */
    public String table(List<Cell> cells) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%-18s %-13s %-8s %-18s %6s %7s %5s  %s%n", "system", "nemesis", "verdict", "incidents",
                "lost", "ops/s", "live", "report"));
        for (Cell c : cells) {
            if (c.result() == null) {
                b.append(String.format(Locale.ROOT, "%-18s %-13s %-8s %s%n", c.system(), c.nemesis(), "error", c.error()));
                continue;
            }
            var k = c.result().check();
            b.append(String.format(Locale.ROOT, "%-18s %-13s %-8s %-18s %6s %7.1f %5s  %s%n", c.system(), c.nemesis(), k.verdict().wire(),
                    incidents(k), k.lostUpdatesText(), c.opsPerSecond(timeLimit), c.result().notLive().isEmpty() ? "yes" : "NO",
                    c.result().dir().resolve("report.html")));
        }
        return b.toString();
    }

    /** "2 (1 lock defect)", "1 (lease limit)", "0": incidents first, what they are beside them. */
    public static String incidents(dev.lockstorm.checker.CheckResult k) {
        int n = k.incidents() == null ? 0 : k.incidents().size();
        if (n == 0) return "0";
        int defects = k.defectIncidents();
        if (defects == 0) return n + (n == 1 ? " (lease limit)" : " (lease limits)");
        return n + " (" + defects + (defects == 1 ? " lock defect)" : " lock defects)");
    }

    /** The worst verdict of the cells: invalid over unknown over valid; a cell that did not run is unknown. */
    public static Verdict worst(List<Cell> cells) {
        return cells.stream().map(Cell::verdict).reduce(Verdict.VALID, Verdict::and);
    }

    /**
     * Prints, cell by cell, each of {@code expectations} that a cell does not meet, and returns the
     * exit code: 0 when every cell meets every one, 1 when one does not, 2 when a cell did not run.
     */
    public static int meets(List<Cell> cells, List<Expectation> expectations, PrintStream out) {
        int code = 0;
        for (Cell c : cells) {
            if (c.result() == null) {
                out.println("  " + c.system() + " × " + c.nemesis() + ": did not run (" + c.error() + ")");
                code = 2;
                continue;
            }
            for (Expectation e : expectations) {
                var unmet = e.unmet(c.result().results());
                if (unmet.isEmpty()) continue;
                out.println("  " + c.system() + " × " + c.nemesis() + ": expect " + e.text() + ": NOT MET (" + unmet.get() + ")");
                code = Math.max(code, 1);
            }
        }
        if (code == 0) {
            out.println("  every cell met " + String.join(", ", expectations.stream().map(Expectation::text).toList()));
        }
        return code;
    }

    /**
     * Keeps the matrix next to its runs, in {@code store/matrix/<time>/}: the table
     * ({@code matrix.txt}), every cell's junit.xml suites in one file ({@code junit.xml}, for CI),
     * and {@code index.html} with every cell linked. Returns the directory.
     */
    public Path write(List<Cell> cells) throws IOException {
        Path dir = store.newRun("matrix");
        Files.writeString(dir.resolve("matrix.txt"), table(cells));
        List<JunitXml.Suite> suites = new ArrayList<>();
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>lockstorm matrix</title>"
                + "<style>body{font:14px system-ui,sans-serif;margin:24px}td,th{border:1px solid #ccc;padding:3px 8px}table{border-collapse:collapse}"
                + ".valid{color:#2e7d32}.invalid{color:#d50000;font-weight:bold}.unknown{color:#6d4c41}</style></head><body>\n"
                + "<h1>lockstorm matrix</h1><table><tr><th>system</th><th>nemesis</th><th>verdict</th><th>incidents</th>"
                + "<th>lost updates</th><th>ops/s</th><th>live</th><th>run</th></tr>\n");
        for (Cell c : cells) {
            html.append("<tr><td>").append(esc(c.system())).append("</td><td>").append(esc(c.nemesis())).append("</td>");
            if (c.result() == null) {
                html.append("<td class=\"unknown\">did not run</td><td colspan=\"5\">").append(esc(String.valueOf(c.error()))).append("</td></tr>\n");
                suites.add(new JunitXml.Suite("lockstorm." + c.system() + "." + c.nemesis(),
                        List.of(new JunitXml.Case("run", Analysis.Status.UNKNOWN, "did not run: " + c.error(), List.of())), 0));
                continue;
            }
            var k = c.result().check();
            String rel = dir.relativize(c.result().dir()).toString().replace('\\', '/');
            html.append("<td class=\"").append(k.verdict().wire()).append("\">").append(k.verdict().wire()).append("</td><td>")
                    .append(esc(incidents(k))).append("</td><td>").append(k.lostUpdatesText()).append("</td><td>")
                    .append(String.format(Locale.ROOT, "%.1f", c.opsPerSecond(timeLimit))).append("</td><td>")
                    .append(c.result().notLive().isEmpty() ? "yes" : "NO").append("</td><td><a href=\"").append(rel)
                    .append("/report.html\">report</a> · <a href=\"").append(rel).append("/junit.xml\">junit.xml</a></td></tr>\n");
            suites.add(c.result().suite());
        }
        JunitXml.writeAll(suites, dir.resolve("junit.xml"));
        Files.writeString(dir.resolve("index.html"), html.append("</table></body></html>\n").toString());
        return dir;
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
