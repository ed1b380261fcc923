package dev.lockstorm.suite.bench;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Jvm;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import dev.lockstorm.clusters.lab.Wait;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.clusters.redis.RedisNode;
import dev.lockstorm.clusters.redis.Sentinels;
import dev.lockstorm.clusters.zookeeper.ZooKeeperEnsemble;
import dev.lockstorm.clusters.zookeeper.ZooKeeperOptions;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.run.RunResult;
import dev.lockstorm.suite.run.RunSpec;
import dev.lockstorm.suite.run.Runner;
import dev.lockstorm.workloads.LockSystems;
import dev.lockstorm.workloads.Topology;
import dev.lockstorm.workloads.store.FencedStore;

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
        RunSpec spec = new RunSpec(system, 5, each, "none", FencedStore.Fencing.NONE, 1, Duration.ofSeconds(4),
                Duration.ofSeconds(10), Duration.ZERO, Duration.ofSeconds(10), List.of("bench", system));
        RunResult r = new Runner(new PrintStream(PrintStream.nullOutputStream())).run(spec, store.newRun("bench-" + system));
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
     * Runs {@code body} in a fresh lab with the servers {@code system} needs (hosts n1…nN) and a
     * client host c1; {@code body} gets the lab and the clients' connect string.
     */
    <T> T withServers(String system, BiFunction<Lab, String, T> body) {
        Topology t = LockSystems.topology(system);
        List<String> hosts = new ArrayList<>();
        for (int i = 1; i <= t.nodes; i++) hosts.add("n" + i);
        hosts.addAll(t.helperHosts());
        hosts.add("c1");
        try (Lab lab = Lab.open(new LabSpec(hosts, store.root().resolve("bench-direct-" + system + "-" + System.nanoTime())))) {
            List<Host> servers = lab.hosts().subList(0, t.nodes);
            String connect;
            if (t == Topology.REDIS_SENTINEL) {
                List<Host> sentinelHosts = t.helperHosts().stream().map(lab::host).toList();
                Sentinels.start(lab, servers, sentinelHosts, Persistence.NONE);
                connect = "redis-sentinel://" + String.join(",", sentinelHosts.stream().map(h -> h.address() + ":" + Sentinels.PORT).toList())
                        + "#" + Sentinels.MASTER_NAME;
            } else if (t.isRedis()) {
                List<RedisNode> nodes = RedisNode.startMasters(lab, servers, Persistence.NONE, h -> Map.of());
                connect = String.join(",", nodes.stream().map(n -> "redis://" + n.host().address() + ":" + RedisNode.PORT).toList());
            } else {
                ZooKeeperEnsemble zk = ZooKeeperEnsemble.start(lab, servers, ZooKeeperOptions.defaults());
                zk.awaitServing(Duration.ofSeconds(60));
                connect = zk.connectString();
            }
            return body.apply(lab, connect);
        }
    }
}
