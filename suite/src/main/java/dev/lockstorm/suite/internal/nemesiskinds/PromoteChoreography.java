package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.database.PostgresNode;
import dev.lockstorm.clusters.lab.Wait;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Nemesis;
import dev.lockstorm.suite.internal.cluster.Cluster;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * PostgreSQL failover while a lock is held, once per run:
 * <ol>
 *   <li>right after a client acquired, the replica is cut off the primary: what the primary
 *       commits from now on does not reach it;</li>
 *   <li>right after the next grant (or a lease later if none comes: with {@code synchronous_commit=on}
 *       every commit waits for the cut-off replica), the primary is killed (-9) and the replica
 *       promoted, as an HA manager would; the cut is healed;</li>
 *   <li>clients whose connections died find the new primary through the driver's multi-host URL;
 *       the grant the replica missed is not in its lock table, so another client takes the lock
 *       while the first still holds;</li>
 *   <li>at the final heal the old primary is restarted as the new primary's replica (rewound
 *       with {@code pg_rewind}), never as a second primary.</li>
 * </ol>
 */
final class PromoteChoreography implements NemesisPlan {
    private final Cluster.Promotable cluster;
    private final BooleanSupplier justAcquired;
    private final Duration lease;

    PromoteChoreography(Cluster.Promotable cluster, BooleanSupplier justAcquired, Duration lease) {
        this.cluster = cluster;
        this.justAcquired = justAcquired;
        this.lease = lease;
    }

    @Override
    public int run(Nemesis nemesis, Duration total) {
        long end = System.nanoTime() + total.toNanos();
        int injected = 0;
        try {
            PostgresNode primary = cluster.leader().orElseThrow(() -> new IllegalStateException("no PostgreSQL primary"));
            PostgresNode replica = cluster.nodes().stream().filter(n -> n != primary).findFirst().orElseThrow();
            if (!Wait.polled(justAcquired, end, 2)) return injected;
            nemesis.partition(new Grudge(Map.of(replica.host(), Set.of(primary.host()))));
            injected++;
            // the next grant, which only the primary will have
            Wait.polled(() -> !justAcquired.getAsBoolean(), end, 2);
            Wait.polled(justAcquired, Math.min(end, System.nanoTime() + lease.toNanos()), 2);
            if (System.nanoTime() >= end) return injected;
            nemesis.kill(primary);
            injected++;
            cluster.pg().promote(replica);
            nemesis.healPartition();
            Wait.sleepUntil(end);
            return injected;
        } finally {
            nemesis.healAll();
        }
    }
}
