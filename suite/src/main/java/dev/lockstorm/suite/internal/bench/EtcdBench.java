package dev.lockstorm.suite.internal.bench;

import dev.lockstorm.suite.internal.cluster.EtcdServers;
import dev.lockstorm.results.RunStore;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * etcd lock figures: lock cycles per second of each etcd lock with no faults (5 clients), driven
 * and direct, beside 5 jetcd clients putting a key in a loop against the same kind of cluster.
 */
public final class EtcdBench {
    private final PrintStream out;
    private final RunStore store;

    public EtcdBench(PrintStream out, Path root) {
        this.out = out;
        this.store = new RunStore(root);
    }

    /** @param systems the etcd systems to measure; empty for all of them */
    public void run(Duration each, List<String> systems) throws Exception {
        Throughput throughput = new Throughput(store);
        double puts = throughput.withServers("etcd-lock", (lab, connect) ->
                Throughput.loop(lab, EtcdPutLoop.class, List.of(connect, "5", Long.toString(each.toSeconds())), each));
        out.printf(Locale.ROOT, "plain put loop, 5 jetcd clients, one put at a time each: %.1f puts/s%n", puts);
        throughput.table(out, java.util.Set.of(EtcdServers.class), systems, each);
        out.println("(a cycle is a lease grant, the lock, a read of the key's revision (etcd-lock), unlock and revoke: 4–5 round trips"
                + " through the leader, one holder at a time)");
    }
}
