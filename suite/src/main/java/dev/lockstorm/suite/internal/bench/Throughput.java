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
        return withServers(system, (lab, connect) -> {
            HostProcess p = lab.start(lab.host("c1"), "direct", Jvm.command("256m", List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"),
                    DirectLoop.class.getName(), List.of(system, connect, "5", Long.toString(each.toSeconds()))), Map.of());
            Wait.until("the direct loop", () -> !p.isAlive(), each.plusSeconds(60));
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
            return 0.0;
        });
    }

    /**
     * Runs {@code body} in a fresh lab with the servers {@code system} needs (started as a run
     * starts them) and a client host c1; {@code body} gets the lab and the clients' connect string.
     */
    <T> T withServers(String system, BiFunction<Lab, String, T> body) {
        Topology topology = Registry.builtIn().system(system).topology();
        List<String> hosts = new ArrayList<>(topology.hostNames());
        hosts.add("c1");
        try (Lab lab = Lab.open(new LabSpec(hosts, store.root().resolve("bench-direct-" + system + "-" + System.nanoTime())))) {
            Cluster cluster = Cluster.start(topology, lab, Persistence.NONE, false);
            return body.apply(lab, cluster.connect());
        }
    }

    /** A fault-free run of {@code system}: 5 clients, no hold. */
    private static RunSpec spec(String system, Duration each) {
        return RunSpec.builtIn(system).timeLimit(each).holds(Duration.ZERO, Duration.ZERO).quiet(Duration.ofSeconds(10))
                .command(List.of("bench", system)).build();
    }
}
