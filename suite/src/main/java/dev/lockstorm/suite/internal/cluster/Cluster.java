package dev.lockstorm.suite.internal.cluster;

import dev.lockstorm.api.Topology;
import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.clusters.database.PostgresCluster;
import dev.lockstorm.clusters.database.PostgresNode;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.clusters.redis.RedisNode;
import dev.lockstorm.clusters.redis.Sentinels;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The servers a run's clients lock against, running: each server family's own record
 * ({@code ZooKeeperServers.Running}, …), started by its {@link ServerKind}.
 */
public interface Cluster extends Servers {

    /** What a client connects with, in the form of the topology. */
    String connect();

    /** Waits until every node serves again (after the final heal). */
    void awaitServing(Duration timeout);

    /**
     * Empties the servers of what the last run's clients left (keys, znodes, leases, rows, tables,
     * sessions), so that the next run on them starts as on servers just started; whether this family
     * can. One that cannot (Hazelcast in unsafe mode), or whose roles moved in the run (a Sentinel
     * failover, a promoted replica), is started anew for the next run.
     */
    default boolean reset() {
        return false;
    }

    /**
     * Starts the servers of {@code topology} on the lab's hosts n1 … (and s1 … for helpers) and
     * waits until they serve ({@link ServerKind#start}).
     *
     * @param persistence how Redis keeps data across a crash
     * @param clocks      whether server processes get a clock fault (kinds that {@link ServerKind.Capability#SERVER_CLOCKS can})
     */
    static Cluster start(Topology topology, Lab lab, Persistence persistence, boolean clocks) {
        return start(ServerSite.lock(topology), lab, persistence, clocks);
    }

    /** Starts the servers of {@code site} on its hosts (a resource's own: d1 …) and waits until they serve. */
    static Cluster start(ServerSite site, Lab lab, Persistence persistence, boolean clocks) {
        return site.kind().start(site, lab, persistence, clocks);
    }

    /**
     * Whether server clocks of {@code topology} can be moved: the Redis masters and a single
     * database run under the clock shim. (ZooKeeper and etcd time sessions and leases on the
     * monotonic clock, which the shim leaves alone; Sentinel's failover is driven by partitions.)
     */
    static boolean hasServerClocks(Topology topology) {
        return ServerKind.of(topology).can(ServerKind.Capability.SERVER_CLOCKS);
    }

    /** A cluster whose replica can be promoted by hand, as an HA manager does it. */
    sealed interface Promotable extends Cluster, Servers.Promoting permits PostgresHaServers.Running {
        PostgresCluster pg();

        @Override
        default void promote(ProcessNode replica) {
            pg().promote(nodes().stream().filter(n -> n == replica).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException(replica.host().name() + " is not a node of this cluster")));
        }

        @Override
        List<PostgresNode> nodes();

        /** The primary. */
        @Override
        Optional<PostgresNode> leader();
    }

    /** A cluster whose Sentinels fail over by themselves when they see the master down. */
    sealed interface SentinelFailover extends Cluster, Servers.FailingOver permits SentinelServers.Running {
        Sentinels sentinels();

        @Override
        default boolean seenDown(ProcessNode replica) {
            return sentinels().seenDown(replica.host());
        }

        @Override
        List<RedisNode> nodes();

        /** The master a majority of the Sentinels name. */
        @Override
        Optional<RedisNode> leader();
    }
}
