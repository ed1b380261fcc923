package dev.lockstorm.suite.cli;

import dev.lockstorm.checker.Summary;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.run.RunResult;
import dev.lockstorm.suite.run.RunSpec;
import dev.lockstorm.suite.run.Runner;
import dev.lockstorm.workloads.LockSystems;
import dev.lockstorm.workloads.store.FencedStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code lockstorm run}: one complete test run against a real ZooKeeper ensemble or Redis node. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Runs lock clients against real servers (a 3-node ZooKeeper ensemble, or Redis masters) under faults, records the history,"
                + " checks it and writes results/<system>/<start-time>/ (history.jsonl, results.json, report.html, junit.xml, logs).",
                "Needs root (bin/lockstorm enters a lab). Exit code: 0 valid, 1 invalid, 2 unknown, 3 setup error."})
public final class RunCommand implements Callable<Integer> {
    @Option(names = "--system", required = true, paramLabel = "S",
            description = "zk-unique, zk-children, zk-recipe, curator-mutex, curator-semaphore (3-node ZooKeeper); redis-single, redisson-watchdog,"
                    + " redisson-lease, redisson-fenced (one Redis); redlock, redisson-redlock (3 Redis masters); redlock-5 (5 masters).")
    String system;

    @Option(names = "--clients", defaultValue = "5", description = "Client processes (default: ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--time-limit", defaultValue = "60s", converter = DurationConverter.class,
            description = "How long clients and nemesis run (default: ${DEFAULT-VALUE}).")
    Duration timeLimit;

    @Option(names = "--nemesis", defaultValue = "none", paramLabel = "N",
            description = "none, partition, pause-node, pause-client, kill, clock or mix (default: ${DEFAULT-VALUE}); the named scenarios'"
                    + " choreographies split-clock, split-kill, split-kill-late and pause-in-acquire are accepted too.")
    String nemesis;

    @Option(names = "--fencing", defaultValue = "none", paramLabel = "F",
            description = "What the protected resource checks of the token: none, writes or all (default: ${DEFAULT-VALUE}).")
    String fencing;

    @Option(names = "--seed", description = "Seed of every random choice (default: the clock).")
    Long seed;

    @Option(names = {"--session-timeout", "--ttl"}, defaultValue = "4s", converter = DurationConverter.class,
            description = "The lock's lease: ZooKeeper's session timeout, or the Redis key's TTL (default: ${DEFAULT-VALUE}).")
    Duration sessionTimeout;

    @Option(names = "--persistence", defaultValue = "none", paramLabel = "P",
            description = "Redis persistence: none, aof-everysec or aof-always (default: ${DEFAULT-VALUE}).")
    String persistence;

    @Option(names = "--nemesis-interval", converter = DurationConverter.class,
            description = "Mean time between faults and a fault's mean length (default: 10s, or a sixth of the time limit if shorter).")
    Duration nemesisInterval;

    @Option(names = "--hold-max", defaultValue = "100ms", converter = DurationConverter.class,
            description = "Longest hold between read and write (default: ${DEFAULT-VALUE}).")
    Duration holdMax;

    @Option(names = "--quiet", defaultValue = "20s", converter = DurationConverter.class,
            description = "Quiet period after the final heal in which every client must acquire again (default: ${DEFAULT-VALUE}).")
    Duration quiet;

    @Option(names = "--results", paramLabel = "DIR", description = "Where results go (default: results/ in the checkout).")
    Path results;

    List<String> argv = List.of();

    @Override
    public Integer call() throws Exception {
        if (!LockSystems.all().contains(system)) {
            System.err.println("lockstorm run: unknown --system '" + system + "'; expected one of " + String.join(", ", LockSystems.all()));
            return Main.BAD_INPUT;
        }
        RunSpec spec;
        try {
            long s = seed != null ? seed : System.currentTimeMillis();
            Duration interval = nemesisInterval != null ? nemesisInterval
                    : timeLimit.dividedBy(6).compareTo(Duration.ofSeconds(10)) < 0 ? timeLimit.dividedBy(6) : Duration.ofSeconds(10);
            List<String> cmd = new ArrayList<>(List.of("bin/lockstorm", "run"));
            cmd.addAll(argv);
            if (seed == null) cmd.addAll(List.of("--seed", Long.toString(s)));
            spec = new RunSpec(system, clients, timeLimit, nemesis, FencedStore.Fencing.fromName(fencing), s, sessionTimeout,
                    interval, holdMax, quiet, cmd, dev.lockstorm.clusters.redis.Persistence.fromName(persistence));
        } catch (IllegalArgumentException e) {
            System.err.println("lockstorm run: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        return run(spec, results);
    }

    /** Runs a spec into the run store and prints the summary; returns the exit code of its verdict. */
    static int run(RunSpec spec, Path resultsRoot) throws Exception {
        RunStore store = new RunStore(resultsRoot != null ? resultsRoot : Home.path("results"));
        Path dir = store.newRun(spec.system());
        System.out.println("lockstorm run: " + String.join(" ", spec.command()) + "  (seed " + spec.seed() + ")");
        RunResult r = new Runner(System.out).run(spec, dir);
        System.out.print(Summary.of(r.check()));
        if (!r.notLive().isEmpty()) System.out.println("  liveness: could not acquire after the heal: " + r.notLive());
        System.out.println("  faults injected: " + r.faults());
        System.out.println("report: " + dir.resolve("report.html"));
        return r.check().verdict().exitCode();
    }
}
