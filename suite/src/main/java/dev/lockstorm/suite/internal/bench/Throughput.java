package dev.lockstorm.suite.internal.bench;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.io.HistoryFormat;
import dev.lockstorm.checker.io.HistoryReader;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Jvm;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import dev.lockstorm.clusters.lab.Wait;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.api.Topology;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.suite.internal.cluster.Cluster;
import dev.lockstorm.suite.internal.cluster.ServerKind;
import dev.lockstorm.locks.internal.registry.Registry;
import dev.lockstorm.suite.internal.run.RunResult;
import dev.lockstorm.suite.internal.run.RunSpec;
import dev.lockstorm.suite.internal.run.Runner;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Lock cycles per second with no faults, 5 clients: driven by the runner (a process per client,
 * every operation recorded), looping in one JVM without the driver, and looping without the
 * driver in a JVM per client, against the same kind of servers. The last is what a run would get
 * with a driver that cost nothing: the driver's own share is measured against it, while the gap
 * between the two direct figures is what five client JVMs cost beside one (a run needs a process
 * per client, so that a pause, a kill or a skewed clock hits one client alone).
 */
final class Throughput {
    /** A loop's figure, on a line of its own in its log. */
    private static final Pattern CYCLES = Pattern.compile("(?m)^CYCLES (\\d+) SECONDS (\\d+\\.\\d+)$");
    private final RunStore store;

    Throughput(RunStore store) {
        this.store = store;
    }

    /**
     * Prints one line per built-in system whose servers are of one of {@code families}, driven and
     * direct cycles per second and the driver's overhead.
     *
     * @param only the families' systems to measure; empty for all of them
     */
    void table(PrintStream out, java.util.Set<Class<? extends ServerKind>> families, List<String> only, Duration each) throws Exception {
        out.printf(Locale.ROOT, "%-20s %13s %13s %13s %9s %9s%n", "system (5 clients)", "driven cyc/s", "direct 1 JVM",
                "direct 5 JVMs", "overhead", "driver's");
        for (String system : Registry.builtIn().systemNames()) {
            if (!families.contains(ServerKind.of(Registry.builtIn().system(system).topology()).getClass())) continue;
            if (!only.isEmpty() && !only.contains(system)) continue;
            History run = HistoryReader.read(drivenRun(system, each).dir().resolve("history.jsonl"), HistoryFormat.JSONL);
            double driven = cycles(run, each);
            double direct = direct(system, each);
            double apart = directApart(system, each);
            out.printf(Locale.ROOT, "%-20s %13.1f %13.1f %13.1f %8.0f%% %8.0f%%%n", system, driven, direct, apart, share(driven, direct),
                    share(driven, apart));
            out.println("  driven, medians: " + CycleTimes.of(run).line());
        }
        out.println("overhead: driven against one JVM; driver's: driven against a JVM per client (the driver's own share)");
    }

    /** The share of {@code baseline}'s cycles that {@code driven} lacks, in percent (negative when it has more). */
    private static double share(double driven, double baseline) {
        return baseline > 0 ? (1 - driven / baseline) * 100 : 0;
    }

    /** A fault-free run of {@code system} driven by the runner. */
    private RunResult drivenRun(String system, Duration each) throws Exception {
        return new Runner(new PrintStream(PrintStream.nullOutputStream())).run(spec(system, each), store.newRun("bench-" + system));
    }

    /** Acquires that succeeded per second in a driven run. */
    private static double cycles(History h, Duration each) {
        long n = h.ops().stream().filter(op -> op.type() == OpType.OK && "acquire".equals(op.f())).count();
        return n * 1000.0 / each.toMillis();
    }

    /** Cycles per second of 5 clients looping in one JVM on a client host, no driver. */
    double direct(String system, Duration each) {
        return withServers(system, (lab, connect) -> loop(lab, DirectLoop.class, List.of(system, connect, "5", Long.toString(each.toSeconds())), each));
    }

    /**
     * Cycles per second of 5 clients each looping in a JVM of its own on a client host, no driver:
     * the same processes a run starts, less the driver. Their loops start at one moment, after every
     * client has opened.
     */
    double directApart(String system, Duration each) {
        return withServers(system, (lab, connect) -> {
            String startAt = Long.toString(System.currentTimeMillis() + 8_000);
            List<HostProcess> loops = new ArrayList<>();
            for (int i = 1; i <= 5; i++) {
                // a worker's heap, as a run gives each client
                loops.add(start(lab, DirectLoop.class, "-" + i, "64m", List.of(system, connect, "1", Long.toString(each.toSeconds()), startAt)));
            }
            double sum = 0;
            for (HostProcess p : loops) sum += rate(p, each);
            return sum;
        });
    }

    /**
     * Runs a loop's main class in a JVM on client host c1 and returns its rate: the first line of its
     * output that reads {@code CYCLES n SECONDS s}.
     */
    static double loop(Lab lab, Class<?> main, List<String> args, Duration each) {
        return rate(start(lab, main, "", "256m", args), each);
    }

    private static HostProcess start(Lab lab, Class<?> main, String suffix, String heap, List<String> args) {
        return lab.start(lab.host("c1"), main.getSimpleName() + suffix, Jvm.command(heap,
                List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"), main.getName(), args), Map.of());
    }

    /** Waits for a loop to end and reads its rate. */
    private static double rate(HostProcess p, Duration each) {
        Wait.until(p.name(), () -> !p.isAlive(), each.plusSeconds(60));
        try {
            Matcher m = CYCLES.matcher(Files.readString(p.log()));
            if (m.find()) return Long.parseLong(m.group(1)) / Double.parseDouble(m.group(2));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException(p.name() + " printed no CYCLES line; see " + p.log());
    }

    /**
     * Runs {@code body} in a fresh lab with the servers {@code system} needs (started as a run
     * starts them) and a client host c1; {@code body} gets the lab and the clients' connect string.
     */
    <T> T withServers(String system, BiFunction<Lab, String, T> body) {
        return withCluster(system, (lab, cluster) -> body.apply(lab, cluster.connect()));
    }

    /** The same, {@code body} given the servers themselves (to ask them for figures of their own). */
    <T> T withCluster(String system, BiFunction<Lab, Cluster, T> body) {
        return withCluster(system, List.of("c1"), body);
    }

    /** The same, with these client hosts beside the servers'. */
    <T> T withCluster(String system, List<String> clientHosts, BiFunction<Lab, Cluster, T> body) {
        Topology topology = Registry.builtIn().system(system).topology();
        List<String> hosts = new ArrayList<>(topology.hostNames());
        hosts.addAll(clientHosts);
        try (Lab lab = Lab.open(new LabSpec(hosts, store.root().resolve("bench-direct-" + system + "-" + System.nanoTime())))) {
            return body.apply(lab, Cluster.start(topology, lab, Persistence.NONE, false));
        }
    }

    /** A fault-free run of {@code system}: 5 clients, no hold, no nested acquires (the direct loop has none either). */
    private static RunSpec spec(String system, Duration each) {
        return RunSpec.builtIn(system).timeLimit(each).holds(Duration.ZERO, Duration.ZERO).nesting(0).quiet(Duration.ofSeconds(10))
                .command(List.of("bench", system)).build();
    }
}
