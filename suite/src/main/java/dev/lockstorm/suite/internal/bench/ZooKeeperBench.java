package dev.lockstorm.suite.internal.bench;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.run.RunResult;
import dev.lockstorm.suite.internal.run.RunSpec;
import dev.lockstorm.suite.internal.run.Runner;
import dev.lockstorm.suite.internal.cluster.ZooKeeperServers;
import dev.lockstorm.suite.internal.nemesiskinds.PauseClient;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * ZooKeeper lock figures: lock cycles per second of each adapter with no faults (5 clients) driven
 * by the runner, beside the same clients looping without the driver (in one JVM, and in a JVM per
 * client); and the time to the first double holder in the Curator GC-pause scenario over several
 * seeds.
 */
public final class ZooKeeperBench {
    private final PrintStream out;
    private final RunStore store;

    public ZooKeeperBench(PrintStream out, Path root) {
        this.out = out;
        this.store = new RunStore(root);
    }

    /** @param systems the ZooKeeper systems to measure; empty for all of them */
    public void run(Duration each, int seeds, List<String> systems) throws Exception {
        new Throughput(store).table(out, java.util.Set.of(ZooKeeperServers.class), systems, each);
        out.println("time to the first double holder, curator-mutex, pause-client 8 s past a 4 s session, fencing none:");
        for (int seed = 1; seed <= seeds; seed++) {
            RunSpec spec = RunSpec.builtIn("curator-mutex").timeLimit(Duration.ofSeconds(30)).nemesis(PauseClient.pastTheLease())
                    .seed(seed).nemesisInterval(Duration.ofSeconds(5)).holds(Duration.ZERO, Duration.ofMillis(1000))
                    .command(List.of("bench", "zookeeper", "pause", Integer.toString(seed))).build();
            RunResult r = new Runner(new PrintStream(PrintStream.nullOutputStream())).run(spec, store.newRun("bench-pause"));
            CheckResult c = r.check();
            String first = c.doubleHolders().isEmpty() ? "none"
                    : String.format(Locale.ROOT, "%.2f s", c.doubleHolders().stream().mapToLong(d -> d.second().start().time()).min().orElse(0) / 1e9);
            out.printf(Locale.ROOT, "  seed %d: first double holder at %s (%d double holders, %s lost updates, verdict %s)%n",
                    seed, first, c.doubleHolderCount(), c.lostUpdatesText(), c.verdict().wire());
        }
    }

}
