package dev.lockstorm.suite.internal.bench;

import dev.lockstorm.suite.internal.cluster.DatabaseServer;
import dev.lockstorm.results.RunStore;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Database lock figures: lock cycles per second of each database lock with no faults (5 clients),
 * driven and direct, beside 5 JDBC connections running {@code SELECT 1} in a loop against the same
 * server (PostgreSQL and MariaDB each).
 */
public final class DatabaseBench {
    private final PrintStream out;
    private final RunStore store;

    public DatabaseBench(PrintStream out, Path root) {
        this.out = out;
        this.store = new RunStore(root);
    }

    /** @param systems the database systems to measure; empty for all of them */
    public void run(Duration each, List<String> systems) throws Exception {
        Throughput throughput = new Throughput(store);
        for (String server : List.of("db-table-pg", "db-table-mariadb")) {
            double selects = throughput.withServers(server, (lab, connect) ->
                    Throughput.loop(lab, SelectLoop.class, List.of(connect, "5", Long.toString(each.toSeconds())), each));
            out.printf(Locale.ROOT, "plain SELECT 1 loop, 5 JDBC connections, one statement at a time each, %s: %.1f statements/s%n",
                    server.endsWith("-pg") ? "PostgreSQL" : "MariaDB", selects);
        }
        throughput.table(out, java.util.Set.of(DatabaseServer.class), systems, each);
        out.println("(a lock-table cycle is one transaction to take the row (delete if expired, insert) and one to delete it;"
                + " a session lock's, a statement each way polled every 100 ms while taken; ShedLock and JdbcLockRegistry poll too)");
    }
}
