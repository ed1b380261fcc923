package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Nemesis;
import dev.lockstorm.nemesis.Pace;
import dev.lockstorm.suite.internal.cluster.Servers;

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
    private final Servers.Promoting cluster;
    private final BooleanSupplier justAcquired;
    private final Duration lease;

    PromoteChoreography(Servers.Promoting cluster, BooleanSupplier justAcquired, Duration lease) {
        this.cluster = cluster;
        this.justAcquired = justAcquired;
        this.lease = lease;
    }

    @Override
    public int run(Nemesis nemesis, Duration total) {
        Pace pace = nemesis.pace();
        long end = pace.now() + total.toNanos();
        int injected = 0;
        try {
            ProcessNode primary = cluster.leader().orElseThrow(() -> new IllegalStateException("no PostgreSQL primary"));
            ProcessNode replica = cluster.nodes().stream().filter(n -> n != primary).findFirst().orElseThrow();
            if (!pace.polled(justAcquired, end, 2)) return injected;
            nemesis.partition(Grudge.refusing(Map.of(replica.host(), Set.of(primary.host()))));
            injected++;
            // the next grant, which only the primary will have
            pace.polled(() -> !justAcquired.getAsBoolean(), end, 2);
            pace.polled(justAcquired, Math.min(end, pace.now() + lease.toNanos()), 2);
            if (pace.now() >= end) return injected;
            nemesis.kill(primary);
            injected++;
            cluster.promote(replica);
            nemesis.healPartition();
            pace.sleepUntil(end);
            return injected;
        } finally {
            nemesis.healAll();
        }
    }
}
