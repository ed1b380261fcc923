package dev.lockstorm.suite.internal.bench;

import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Jvm;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import dev.lockstorm.clusters.lab.Wait;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.api.Topology;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.suite.internal.cluster.Cluster;
import dev.lockstorm.workloads.internal.registry.Registry;
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

/**
 * Lock cycles per second with no faults, 5 clients: driven by the runner (a process per client,
 * every operation recorded), and looping in one JVM without the driver, against the same kind of
 * servers, so that the driver's overhead shows.
 */
final class Throughput {
    private final RunStore store;

    Throughput(RunStore store) {
        this.store = store;
    }

    /**
     * Prints one line per built-in system of a family (by topology), driven and direct cycles per
     * second and the driver's overhead.
     *
     * @param only the family's systems to measure; empty for all of them
     */
    void table(PrintStream out, java.util.function.Predicate<Topology> family, List<String> only, Duration each) throws Exception {
        out.printf(Locale.ROOT, "%-20s %14s %14s %10s%n", "system (5 clients)", "driven cyc/s", "direct cyc/s", "overhead");
        for (String system : Registry.builtIn().systemNames()) {
            if (!family.test(Registry.builtIn().system(system).topology())) continue;
            if (!only.isEmpty() && !only.contains(system)) continue;
            double driven = driven(system, each);
            double direct = direct(system, each);
            out.printf(Locale.ROOT, "%-20s %14.1f %14.1f %9.0f%%%n", system, driven, direct, direct > 0 ? (1 - driven / direct) * 100 : 0);
        }
    }

    /** Acquires that succeeded per second in a fault-free run of {@code system}. */
    double driven(String system, Duration each) throws Exception {
        RunResult r = new Runner(new PrintStream(PrintStream.nullOutputStream())).run(spec(system, each), store.newRun("bench-" + system));
        long n = 0;
        for (String line : Files.readAllLines(r.dir().resolve("history.jsonl"))) {
            if (line.contains("\"type\":\"ok\"") && line.contains("\"f\":\"acquire\"")) n++;
        }
        return n * 1000.0 / each.toMillis();
    }

    /** Cycles per second of 5 clients looping in one JVM on a client host, no driver. */
    double direct(String system, Duration each) {
        return withServers(system, (lab, connect) -> loop(lab, DirectLoop.class, List.of(system, connect, "5", Long.toString(each.toSeconds())), each));
    }

    /**
     * Runs a loop's main class in a JVM on client host c1 and returns its rate: the first line of its
     * output that reads {@code CYCLES n SECONDS s}.
     */
    static double loop(Lab lab, Class<?> main, List<String> args, Duration each) {
        HostProcess p = lab.start(lab.host("c1"), main.getSimpleName(), Jvm.command("256m", List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"),
                main.getName(), args), Map.of());
        Wait.until(main.getSimpleName(), () -> !p.isAlive(), each.plusSeconds(60));
        try {
            for (String line : Files.readAllLines(p.log())) {
                if (line.startsWith("CYCLES ")) {
                    String[] f = line.split(" ");
                    return Long.parseLong(f[1]) / Double.parseDouble(f[3]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException(main.getSimpleName() + " printed no CYCLES line; see " + p.log());
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
        Topology topology = Registry.builtIn().system(system).topology();
        List<String> hosts = new ArrayList<>(topology.hostNames());
        hosts.add("c1");
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
