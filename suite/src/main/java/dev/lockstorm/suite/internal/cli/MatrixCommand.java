package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.api.LockSystem;
import dev.lockstorm.results.Expectation;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.matrix.Matrix;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKind;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKinds;
import dev.lockstorm.locks.internal.registry.PluginException;
import dev.lockstorm.locks.internal.registry.Registry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import dev.lockstorm.clusters.redis.Persistence;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code lockstorm matrix}: every system × every fault, short runs, one table. */
@Command(name = "matrix", mixinStandardHelpOptions = true,
        description = {"Runs every chosen system under every chosen nemesis (none, partition, pause-client, kill, kill-client, clock) for a short"
                + " time limit and prints one table of verdicts, double holders, lost updates and ops/s, with the report of each cell."
                + " The table is also written to store/matrix/<time>/matrix.txt.",
                "Needs root in a lab (bin/lockstorm enters one), not with --backend containers. Exit code: 0 all valid, 1 some cell invalid, 2 some cell unknown or not run,"
                        + " 3 bad input. With --expect, 0 when every cell meets every expectation, 1 when one does not, 2 when a cell did"
                        + " not run: --expect no-defect passes cells whose only incidents are lease limits (a lease lock under"
                        + " pause-client), so that a CI job fails on lock defects only."})
public final class MatrixCommand implements Callable<Integer> {
    @Option(names = "--systems", paramLabel = "S,S…", completionCandidates = Plugins.SystemNames.class,
            description = "Chooses the systems (by default all of them: ${COMPLETION-CANDIDATES}, and your own from --classpath).")
    String systems;

    @Mixin
    Plugins plugins;

    @Option(names = "--nemeses", paramLabel = "N,N…", description = "Chooses the nemeses (by default none, partition, pause-client, kill,"
            + " kill-client and clock; any of none, partition, pause-node, pause-client, kill, kill-client, clock and mix).")
    String nemeses;

    @Option(names = "--time-limit", defaultValue = "20s", converter = DurationConverter.class,
            description = "Sets how long each cell runs (default: ${DEFAULT-VALUE}).")
    Duration timeLimit;

    @Option(names = "--persistence", defaultValue = "none", paramLabel = "P",
            description = "How the Redis servers keep data across a crash: none, aof-everysec or aof-always (default: ${DEFAULT-VALUE}). A Redis"
                    + " killed and restarted without it forgets its keys and counters: a second holder, and tokens that start again (out of"
                    + " order), whatever the lock's code; aof-always makes the kill cells test the lock.")
    String persistence;

    @Option(names = "--seed", defaultValue = "1", description = "Seeds every cell (default: ${DEFAULT-VALUE}).")
    long seed;

    @Mixin
    ExpectOption expect = new ExpectOption();

    @Mixin
    BackendOption backend = new BackendOption();

    @Mixin
    StoreOption store;

    @Override
    public Integer call() throws Exception {
        List<LockSystem> sys = new ArrayList<>();
        List<NemesisKind> nem = new ArrayList<>();
        List<Expectation> expectations;
        Registry registry;
        Persistence durable;
        dev.lockstorm.suite.internal.run.Placement where;
        try {
            where = backend.or(new dev.lockstorm.suite.internal.run.Placement.InLab());
            registry = plugins.registry();
            for (String s : systems == null ? registry.systemNames() : split(systems)) sys.add(registry.system(s));
            for (String n : nemeses == null ? Matrix.NEMESES.stream().map(NemesisKind::name).toList() : split(nemeses)) {
                NemesisKind k = NemesisKinds.byName(n);
                if (k.choreography()) throw new IllegalArgumentException("--nemeses: " + n + " is a scenario's choreography; 'lockstorm reproduce' runs it");
                nem.add(k);
            }
            expectations = expect.expectations();
            durable = Persistence.fromName(persistence);
        } catch (PluginException | IllegalArgumentException e) {
            System.err.println("lockstorm matrix: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        if (timeLimit.toSeconds() < 5) {
            System.err.println("lockstorm matrix: --time-limit must be at least 5s, not " + timeLimit);
            return Main.BAD_INPUT;
        }
        RunStore store = this.store.store();
        Matrix matrix = new Matrix(store, timeLimit, seed, registry.classpath(), durable, System.err).on(where);
        List<Matrix.Cell> cells = matrix.run(sys, nem);
        Path dir = matrix.write(cells);
        System.out.print(matrix.table(cells));
        System.out.println("table: " + dir.resolve("matrix.txt") + "; every cell: " + dir.resolve("index.html") + "; for CI: "
                + dir.resolve("junit.xml"));
        return expectations.isEmpty() ? Matrix.worst(cells).exitCode() : Matrix.meets(cells, expectations, System.out);
    }

    private static List<String> split(String csv) {
        return Arrays.stream(csv.split(",")).map(String::trim).filter(x -> !x.isEmpty()).toList();
    }
}
