package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.suite.internal.bench.CheckerBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code lockstorm bench}: benchmarks that print figures. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Runs benchmarks that print figures; none passes or fails on time.",
        subcommands = {BenchCommand.Checker.class, BenchCommand.Cluster.class, BenchCommand.ZooKeeper.class, BenchCommand.Redis.class,
                BenchCommand.Etcd.class, BenchCommand.Database.class, BenchCommand.Herd.class,
                BenchCommand.Awareness.class, BenchCommand.RunCost.class})
public final class BenchCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /** The options of every throughput benchmark: how long each run lasts, and which of the family's systems. */
    static final class Throughput {
        @Option(names = "--each", defaultValue = "15s", converter = DurationConverter.class, description = "Sets how long each throughput run lasts (default: ${DEFAULT-VALUE}).")
        java.time.Duration each;

        @Option(names = "--systems", paramLabel = "S,S…", description = "Measures only these systems of the family (by default all of them).")
        String systems;

        java.util.List<String> systems() {
            return systems == null ? java.util.List.of() : names(systems);
        }
    }

    /** Bad input to a bench subcommand: picocli prints it with that command's usage and exits with its bad-input code. */
    static picocli.CommandLine.ParameterException bad(picocli.CommandLine.Model.CommandSpec spec, String message) {
        return new picocli.CommandLine.ParameterException(spec.commandLine(), message);
    }

    /** The names in a comma-separated list, blanks dropped. */
    static java.util.List<String> names(String list) {
        return java.util.Arrays.stream(list.split(",")).map(String::trim).filter(x -> !x.isEmpty()).toList();
    }

    @Command(name = "checker", mixinStandardHelpOptions = true,
            description = {"Checks a large simulated fenced-mutex history and the whole public corpus in one JVM, then Porcupine's etcd"
                    + " and kv histories with one cold bin/lockstorm check command, and prints how fast.",
                    "Exit code 1 when a verdict is not the expected one."})
    static final class Checker implements Callable<Integer> {
        @Option(names = "--events", defaultValue = "1000000", description = "Sets the number of events in the large history (default: ${DEFAULT-VALUE}).")
        int events;

        @Option(names = "--clients", defaultValue = "20", description = "Sets the number of clients in the large history (default: ${DEFAULT-VALUE}).")
        int clients;

        @Option(names = "--crash-rate", defaultValue = "0.01", description = "Sets the share of operations that crash, from 0 to below 1 (default: ${DEFAULT-VALUE}).")
        double crashRate;

        @Option(names = "--seed", defaultValue = "1", description = "Seeds every random choice (default: ${DEFAULT-VALUE}).")
        long seed;

        @Option(names = "--corpus", paramLabel = "DIR",
                description = "Names the corpus to check (default: the copy in the checker's test resources).")
        Path corpus;

        @Option(names = "--readers", defaultValue = "50000", paramLabel = "N",
                description = "Sets how many readers of one read-write lock hold it at once in the readers' history (default: ${DEFAULT-VALUE}).")
        int readers;

        @Option(names = "--skip-corpus", description = "Checks the large histories only, not the corpus.")
        boolean skipCorpus;

        @Option(names = "--porcupine", paramLabel = "DIR",
                description = "Names a checkout of github.com/anishathalye/porcupine: its own test run over the same etcd and kv files is"
                        + " timed in the same rounds as lockstorm's cold command, and the ratio printed (needs Go: apt-get install golang-go).")
        Path porcupine;

        @Override
        public Integer call() throws IOException {
            String bad = events < 2 ? "--events must be at least 2, not " + events
                    : clients < 1 ? "--clients must be at least 1, not " + clients
                    : !(crashRate >= 0 && crashRate < 1) ? "--crash-rate must be a fraction from 0 to below 1, not " + crashRate
                    : readers < 1 ? "--readers must be at least 1, not " + readers : null;
            if (bad != null) {
                System.err.println("lockstorm bench checker: " + bad);
                return Main.BAD_INPUT;
            }
            CheckerBench b = new CheckerBench(System.out);
            Path dir = corpus != null ? corpus : Home.path("checker/src/test/resources/corpus");
            if (!skipCorpus) b.startup(dir);
            boolean ok = b.large(events, clients, crashRate, seed, Files.isExecutable(Home.path("bin/lockstorm")) ? Home.path("bin/lockstorm") : null);
            ok &= b.readers(readers);
            if (!skipCorpus) ok &= b.corpus(dir) == 0;
            Path launcher = Home.path("bin/lockstorm");
            if (!skipCorpus && Files.isExecutable(launcher)) ok &= b.coldCommands(dir, launcher, 5, porcupine);
            else if (!skipCorpus) System.out.println("cold command: not measured (no launcher at " + launcher + ")");
            return ok ? 0 : 1;
        }
    }

    @Command(name = "cluster", mixinStandardHelpOptions = true,
            description = {"Measures how long each cluster shape takes to serve, an election after the leader is cut off, a Sentinel"
                    + " failover, and the memory of each kind of node, in a lab (needs root; bin/lockstorm enters the lab)."})
    static final class Cluster implements Callable<Integer> {
        @Option(names = "--rounds", defaultValue = "3", description = "Sets how often each measurement repeats (default: ${DEFAULT-VALUE}).")
        int rounds;

        @Override
        public Integer call() throws IOException {
            dev.lockstorm.clusters.lab.Lab.requireInside();
            Path dir = Home.store().resolve("bench-cluster/" + java.time.LocalDateTime.now()
                    .format(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS")));
            new dev.lockstorm.suite.internal.bench.ClusterBench(System.out, dir).run(rounds);
            System.out.println("node logs: " + dir);
            return 0;
        }
    }

    @Command(name = "run", mixinStandardHelpOptions = true,
            description = {"Measures a run's fixed cost per server family: short runs with no fault of one lock per family, and the"
                    + " median wall time of each part outside the main phase (set-up: lab, servers, clients; wind-down: heal, quiet"
                    + " period, final read, teardown; check: check and report). Needs root (bin/lockstorm enters a lab)."})
    static final class RunCost implements Callable<Integer> {
        @Option(names = "--systems", paramLabel = "S,S…", description = "Measures only these systems (by default one per server family: "
                + "curator-mutex, redis-single, redlock, redis-sentinel, etcd-lock, hazelcast-fenced-lock, db-table-pg, db-table-mariadb,"
                + " db-table-pg-ha, dynamodb-lock-fenced).")
        String systems;

        @Option(names = "--runs", defaultValue = "3", paramLabel = "N", description = "Sets the runs per system (default: ${DEFAULT-VALUE}).")
        int runs;

        @Option(names = "--each", defaultValue = "5s", converter = DurationConverter.class,
                description = "Sets each run's main phase (default: ${DEFAULT-VALUE}).")
        java.time.Duration each;

        @picocli.CommandLine.Mixin
        StoreOption store;

        @Override
        public Integer call() throws Exception {
            if (runs < 1) throw bad(spec, "--runs must be at least 1, not " + runs);
            if (each.toSeconds() < 1) throw bad(spec, "--each must be at least 1s, not " + each);
            java.util.List<String> chosen = systems == null ? dev.lockstorm.suite.internal.bench.RunCostBench.SYSTEMS : names(systems);
            var builtIn = dev.lockstorm.locks.internal.registry.Registry.builtIn();
            for (String s : chosen) {
                try {
                    builtIn.system(s);
                } catch (dev.lockstorm.locks.internal.registry.PluginException e) {
                    throw bad(spec, "--systems: " + e.getMessage());
                }
            }
            dev.lockstorm.clusters.lab.Lab.requireInside();
            new dev.lockstorm.suite.internal.bench.RunCostBench(System.out, store.store()).run(chosen, runs, each);
            return 0;
        }

        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;
    }

    @Command(name = "zookeeper", mixinStandardHelpOptions = true,
            description = {"Measures the lock cycles per second of each ZooKeeper adapter with no faults (5 clients), driven and direct"
                    + " (without the driver: in one JVM, and in a JVM per client), and the time to the first double holder in the Curator GC-pause scenario over several seeds"
                    + " (needs root)."})
    static final class ZooKeeper implements Callable<Integer> {
        @picocli.CommandLine.Mixin
        Throughput throughput;

        @Option(names = "--seeds", defaultValue = "5", description = "Sets how many seeds of the pause scenario run (default: ${DEFAULT-VALUE}).")
        int seeds;

        @Override
        public Integer call() throws Exception {
            dev.lockstorm.clusters.lab.Lab.requireInside();
            new dev.lockstorm.suite.internal.bench.ZooKeeperBench(System.out, Home.store()).run(throughput.each, seeds, throughput.systems());
            return 0;
        }
    }

    @Command(name = "redis", mixinStandardHelpOptions = true,
            description = {"Measures the lock cycles per second of each Redis lock with no faults (5 clients), driven and direct"
                    + " (without the driver: in one JVM, and in a JVM per client), beside redis-benchmark's SET and SET NX PX against the same kind of node (needs root)."})
    static final class Redis implements Callable<Integer> {
        @picocli.CommandLine.Mixin
        Throughput throughput;

        @Override
        public Integer call() throws Exception {
            dev.lockstorm.clusters.lab.Lab.requireInside();
            new dev.lockstorm.suite.internal.bench.RedisBench(System.out, Home.store()).run(throughput.each, throughput.systems());
            return 0;
        }
    }

    @Command(name = "etcd", mixinStandardHelpOptions = true,
            description = {"Measures the lock cycles per second of each etcd lock with no faults (5 clients), driven and direct"
                    + " (without the driver: in one JVM, and in a JVM per client), beside 5 jetcd clients putting a key in a loop against the same kind of cluster (needs root)."})
    static final class Etcd implements Callable<Integer> {
        @picocli.CommandLine.Mixin
        Throughput throughput;

        @Override
        public Integer call() throws Exception {
            dev.lockstorm.clusters.lab.Lab.requireInside();
            new dev.lockstorm.suite.internal.bench.EtcdBench(System.out, Home.store()).run(throughput.each, throughput.systems());
            return 0;
        }
    }

    @Command(name = "db", mixinStandardHelpOptions = true,
            description = {"Measures the lock cycles per second of each database lock with no faults (5 clients), driven and direct"
                    + " (without the driver: in one JVM, and in a JVM per client), beside 5 JDBC connections running SELECT 1 in a loop on the same server (needs root)."})
    static final class Database implements Callable<Integer> {
        @picocli.CommandLine.Mixin
        Throughput throughput;

        @Override
        public Integer call() throws Exception {
            dev.lockstorm.clusters.lab.Lab.requireInside();
            new dev.lockstorm.suite.internal.bench.DatabaseBench(System.out, Home.store()).run(throughput.each, throughput.systems());
            return 0;
        }
    }

    @Command(name = "herd", mixinStandardHelpOptions = true,
            description = {"Measures the herd effect of the ZooKeeper lock recipes (zk-unique, zk-children, zk-recipe, curator-mutex):"
                    + " for each number of waiters, the clients take and release one lock for a while; per handoff, the watch"
                    + " notifications the clients received, the watches the servers fired and set (mntr), and the handoff"
                    + " latency. Prints a table and writes herd.html with the plot (needs root)."})
    static final class Herd implements Callable<Integer> {
        @Option(names = "--waiters", paramLabel = "N,N…", defaultValue = "10,50,100,200",
                description = "Sets the numbers of clients waiting while one holds, one run each (default: ${DEFAULT-VALUE}).")
        String waiters;

        @Option(names = "--each", defaultValue = "10s", converter = DurationConverter.class,
                description = "Sets how long each run is measured, after a 2 s warm-up (default: ${DEFAULT-VALUE}).")
        java.time.Duration each;

        @Option(names = "--systems", paramLabel = "S,S…", description = "Measures only these recipes (by default zk-unique, zk-children, zk-recipe, curator-mutex).")
        String systems;

        @Override
        public Integer call() throws Exception {
            java.util.List<String> recipes = systems == null ? dev.lockstorm.suite.internal.bench.HerdBench.RECIPES : names(systems);
            for (String r : recipes) {
                if (!dev.lockstorm.suite.internal.bench.HerdBench.RECIPES.contains(r)) {
                    throw bad(spec, "--systems: '" + r + "' is not one of " + String.join(", ", dev.lockstorm.suite.internal.bench.HerdBench.RECIPES));
                }
            }
            java.util.List<Integer> counts = waiterCounts();
            dev.lockstorm.clusters.lab.Lab.requireInside();
            new dev.lockstorm.suite.internal.bench.HerdBench(System.out, Home.store()).run(counts, each, recipes);
            return 0;
        }

        /** {@code --waiters}: positive whole numbers, each at most 1000. */
        private java.util.List<Integer> waiterCounts() {
            java.util.List<Integer> out = new java.util.ArrayList<>();
            for (String part : waiters.split(",")) {
                int n;
                try {
                    n = Integer.parseInt(part.trim());
                } catch (NumberFormatException e) {
                    throw bad(spec, "--waiters: '" + part.trim() + "' is not a whole number; expected e.g. 10,50,100");
                }
                if (n < 1 || n > 1000) throw bad(spec, "--waiters: " + n + " is out of range; expected 1 to 1000");
                out.add(n);
            }
            return out;
        }

        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;
    }

    @Command(name = "awareness", mixinStandardHelpOptions = true,
            description = {"Measures, per lock system, how long a holder cut off from every server goes on believing it holds"
                    + " the lock after another client was granted it: the holder takes the lock and is cut off at once, silently"
                    + " (blackhole) or answered with resets (reset), and asks its client's stillHeld every 10 ms while a contender"
                    + " tries to take the lock. Prints the medians per system and cut (needs root)."})
    static final class Awareness implements Callable<Integer> {
        @Option(names = "--systems", paramLabel = "S[:K=V…],…",
                description = "Measures these systems, each with options of its own after a colon (by default: ${DEFAULT-VALUE}).")
        String systems = String.join(",", dev.lockstorm.suite.internal.bench.AwarenessBench.SYSTEMS);

        @Option(names = "--trials", defaultValue = "3", description = "Sets the trials per system and cut (default: ${DEFAULT-VALUE}).")
        int trials;

        @Option(names = "--lease", defaultValue = "4s", converter = DurationConverter.class,
                description = "Sets the lease (the session timeout, TTL or lease time) the clients ask for (default: ${DEFAULT-VALUE}).")
        java.time.Duration lease;

        @Override
        public Integer call() {
            java.util.List<dev.lockstorm.suite.internal.bench.AwarenessBench.Target> targets = new java.util.ArrayList<>();
            for (String s : names(systems)) {
                try {
                    targets.add(dev.lockstorm.suite.internal.bench.AwarenessBench.Target.parse(s));
                } catch (IllegalArgumentException e) {
                    throw bad(spec, "--systems: " + e.getMessage());
                }
            }
            if (trials < 1 || trials > 100) throw bad(spec, "--trials: " + trials + " is out of range; expected 1 to 100");
            if (lease.toMillis() < 1000) throw bad(spec, "--lease: " + lease + " is too short; expected at least 1s");
            dev.lockstorm.clusters.lab.Lab.requireInside();
            new dev.lockstorm.suite.internal.bench.AwarenessBench(System.out, Home.store()).run(targets, trials, lease);
            return 0;
        }

        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;
    }
}
