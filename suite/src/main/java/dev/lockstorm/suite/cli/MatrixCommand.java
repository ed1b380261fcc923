package dev.lockstorm.suite.cli;

import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.matrix.Matrix;
import dev.lockstorm.suite.run.RunSpec;
import dev.lockstorm.workloads.LockSystems;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code lockstorm matrix}: every system × every fault, short runs, one table. */
@Command(name = "matrix", mixinStandardHelpOptions = true,
        description = {"Runs every chosen system under every chosen nemesis (none, partition, pause-client, kill, clock) for a short"
                + " time limit and prints one table of verdicts, double holders, lost updates and ops/s, with the report of each cell."
                + " The table is also written to results/matrix/<time>/matrix.txt.",
                "Needs root (bin/lockstorm enters a lab). Exit code: 0 all valid, 1 some cell invalid, 2 some cell unknown or not run,"
                        + " 3 bad input."})
public final class MatrixCommand implements Callable<Integer> {
    @Option(names = "--systems", paramLabel = "S,S…", description = "Systems (default: all of them).")
    String systems;

    @Option(names = "--nemeses", paramLabel = "N,N…", description = "Nemeses (default: none,partition,pause-client,kill,clock).")
    String nemeses;

    @Option(names = "--time-limit", defaultValue = "20s", converter = DurationConverter.class,
            description = "Time limit of each cell (default: ${DEFAULT-VALUE}).")
    Duration timeLimit;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of every cell (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--results", paramLabel = "DIR", description = "Where results go (default: results/ in the checkout).")
    Path results;

    @Override
    public Integer call() throws Exception {
        List<String> sys = systems == null ? LockSystems.all() : split(systems);
        List<String> nem = nemeses == null ? Matrix.NEMESES : split(nemeses);
        for (String s : sys) {
            if (!LockSystems.all().contains(s)) {
                System.err.println("lockstorm matrix: --systems: unknown system '" + s + "'; expected some of " + String.join(",", LockSystems.all()));
                return Main.BAD_INPUT;
            }
        }
        for (String n : nem) {
            if (!RunSpec.NEMESES.contains(n)) {
                System.err.println("lockstorm matrix: --nemeses: unknown nemesis '" + n + "'; expected some of " + String.join(",", RunSpec.NEMESES));
                return Main.BAD_INPUT;
            }
        }
        if (timeLimit.toSeconds() < 5) {
            System.err.println("lockstorm matrix: --time-limit must be at least 5s, not " + timeLimit);
            return Main.BAD_INPUT;
        }
        RunStore store = new RunStore(results != null ? results : Home.path("results"));
        Matrix matrix = new Matrix(store, timeLimit, seed, System.err);
        List<Matrix.Cell> cells = matrix.run(sys, nem);
        String table = matrix.table(cells);
        Path file = Matrix.tableFile(store);
        Files.writeString(file, table);
        System.out.print(table);
        System.out.println("table: " + file);
        return Matrix.worst(cells).exitCode();
    }

    private static List<String> split(String csv) {
        return Arrays.stream(csv.split(",")).map(String::trim).filter(x -> !x.isEmpty()).toList();
    }
}
