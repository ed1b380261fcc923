package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Nemesis;
import dev.lockstorm.nemesis.Pace;
import dev.lockstorm.suite.internal.cluster.Servers;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Sentinel failover while a lock is held, once per run:
 * <ol>
 *   <li>before the clients start, replicas are cut off from the master (both, or with
 *       {@code lagging} only one; see {@link #cut}), so that what the master grants does not
 *       reach them;</li>
 *   <li>as soon as a client has acquired, the master is killed (-9); with {@code lagging} the
 *       replica that was not cut off, and so has the key, is frozen first, and the master killed
 *       once every Sentinel sees that replica down, so that they can only promote the one that
 *       missed it (killed at once, a Sentinel could still choose the frozen one, wait out its
 *       failover timeout and promote the other only 10 s later, after the holder let go);</li>
 *   <li>the Sentinels promote a replica (with {@code lagging}, the frozen one is resumed a second
 *       later and becomes its replica); clients that reconnect find the new master through them;</li>
 *   <li>after {@code hold}, everything is healed: the old master comes back and is made a replica.</li>
 * </ol>
 * With {@code WAIT 1} after acquiring, step 1 with both replicas cut off makes every grant fail
 * (the window narrows); with one replica lagging, a grant acknowledged by the other still goes
 * missing (the window stays).
 */
final class FailoverChoreography implements NemesisPlan {
    private final Servers.FailingOver cluster;
    private final boolean lagging;
    private final BooleanSupplier justAcquired;
    private final Duration hold;

    FailoverChoreography(Servers.FailingOver cluster, boolean lagging, BooleanSupplier justAcquired, Duration hold) {
        this.cluster = cluster;
        this.lagging = lagging;
        this.justAcquired = justAcquired;
        this.hold = hold;
    }

    /**
     * The cut, in place from before the clients start (so that no grant reaches the cut replicas
     * and no release is lost on the way to them): replicas refuse the master.
     */
    static Grudge cut(Servers.FailingOver cluster, boolean lagging) {
        Roles roles = Roles.of(cluster);
        Map<Host, Set<Host>> refuses = new LinkedHashMap<>();
        for (ProcessNode r : lagging ? roles.replicas().subList(0, 1) : roles.replicas()) refuses.put(r.host(), Set.of(roles.master().host()));
        return Grudge.refusing(refuses);
    }

    /** The master the Sentinels name now, and the other nodes (its replicas) in node order. */
    private record Roles(ProcessNode master, List<ProcessNode> replicas) {
        static Roles of(Servers.FailingOver cluster) {
            ProcessNode master = cluster.leader().orElseThrow(() -> new IllegalStateException("the Sentinels name no master"));
            List<ProcessNode> replicas = new ArrayList<>(cluster.nodes());
            replicas.remove(master);
            return new Roles(master, List.copyOf(replicas));
        }
    }

    @Override
    public int run(Nemesis nemesis, Duration total) {
        Pace pace = nemesis.pace();
        long end = pace.now() + total.toNanos();
        int injected = 1; // the cut, applied before the clients started
        try {
            Roles roles = Roles.of(cluster);
            ProcessNode master = roles.master();
            if (!pace.polled(justAcquired, end, 2)) return injected;
            ProcessNode upToDate = roles.replicas().get(1);
            if (lagging) {
                // frozen until the Sentinels have promoted the lagging one, then back as its replica, so WAIT 1 can succeed there
                nemesis.pause(upToDate.process());
                injected++;
                long seen = Math.min(end, pace.now() + 5_000_000_000L);
                if (!pace.polled(() -> cluster.seenDown(upToDate), seen, 100) && Thread.currentThread().isInterrupted()) {
                    return injected;
                }
            }
            nemesis.kill(master);
            injected++;
            if (lagging) {
                long promoted = Math.min(end, pace.now() + hold.toNanos());
                if (!pace.polled(() -> cluster.leader().filter(l -> l != master).isPresent(), promoted, 100)
                        && Thread.currentThread().isInterrupted()) {
                    return injected;
                }
                pace.sleepUntil(Math.min(end, pace.now() + 1_000_000_000L));
                nemesis.resume(upToDate.process());
            }
            pace.sleepUntil(Math.min(end, pace.now() + hold.toNanos()));
            return injected;
        } finally {
            nemesis.healAll();
        }
    }
}
