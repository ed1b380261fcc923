package dev.lockstorm.suite.internal.bench;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.cluster.RedisMasterServers;
import dev.lockstorm.suite.internal.cluster.SentinelServers;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Redis lock figures: lock cycles per second of each Redis lock with no faults (5 clients), driven
 * and direct, beside what {@code redis-benchmark} gets from the same kind of node with 5
 * connections: plain {@code SET}, and {@code SET NX PX} on one key (what a lock's acquire sends).
 */
public final class RedisBench {
    private final PrintStream out;
    private final RunStore store;

    public RedisBench(PrintStream out, Path root) {
        this.out = out;
        this.store = new RunStore(root);
    }

    /** @param systems the Redis systems to measure; empty for all of them */
    public void run(Duration each, List<String> systems) throws Exception {
        Throughput throughput = new Throughput(store);
        String[] baseline = throughput.withServers("redis-single", (lab, connect) -> {
            String host = lab.host("n1").address();
            return new String[]{benchmark(lab, host, List.of("-t", "set")),
                    benchmark(lab, host, List.of("SET", "lockstorm:bench", "__rand_int__", "NX", "PX", "4000"))};
        });
        out.println("redis-benchmark, 5 connections, 50000 requests, against one node from a client host:");
        out.println("  SET:              " + baseline[0] + " requests/s");
        out.println("  SET NX PX 4000:   " + baseline[1] + " requests/s");
        throughput.table(out, java.util.Set.of(RedisMasterServers.class, SentinelServers.class), systems, each);
        out.println("(a cycle is at least two round trips: acquire and release; Redlock's are one per master each)");
    }

    /** Requests per second that redis-benchmark reports, run on client host c1. */
    private static String benchmark(dev.lockstorm.clusters.lab.Lab lab, String host, List<String> test) {
        List<String> cmd = new java.util.ArrayList<>(List.of("redis-benchmark", "-h", host, "-p", "6379", "-c", "5", "-n", "50000", "-q"));
        cmd.addAll(test);
        Commands.Result r = lab.host("c1").exec(cmd.toArray(String[]::new));
        // -q prints "SET: 81967.21 requests per second, p50=…" (with carriage-return progress before it)
        String last = r.output().replace('\r', '\n').lines().filter(l -> l.contains("requests per second")).reduce((a, b) -> b).orElse(r.output());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("([0-9.]+) requests per second").matcher(last);
        return m.find() ? m.group(1) : "? (" + last.strip() + ")";
    }
}
