package dev.lockstorm.suite.internal.cluster;

import dev.lockstorm.api.Topology;
import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.clusters.database.DatabaseNode;
import dev.lockstorm.clusters.database.PostgresCluster;
import dev.lockstorm.clusters.database.PostgresNode;
import dev.lockstorm.clusters.dynamodb.DynaliteNode;
import dev.lockstorm.clusters.etcd.EtcdCluster;
import dev.lockstorm.clusters.etcd.EtcdNode;
import dev.lockstorm.clusters.hazelcast.HazelcastCluster;
import dev.lockstorm.clusters.hazelcast.HazelcastNode;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.Wait;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.clusters.redis.RedisNode;
import dev.lockstorm.clusters.redis.Sentinels;
import dev.lockstorm.clusters.zookeeper.ZooKeeperEnsemble;
import dev.lockstorm.clusters.zookeeper.ZooKeeperNode;
import dev.lockstorm.nemesis.ClockFault;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The servers a run's clients lock against, of the kind the system's {@link Topology} names. */
public sealed interface Cluster extends Servers {

    /** What a client connects with, in the form of the topology. */
    String connect();

    /** Waits until every node serves again (after the final heal). */
    void awaitServing(Duration timeout);

    /**
     * Starts the servers of {@code topology} on the lab's hosts n1 … (and s1 … for helpers) and
     * waits until they serve ({@link ServerKind#start}).
     *
     * @param persistence how Redis keeps data across a crash
     * @param clocks      whether server processes get a clock fault (kinds that {@link ServerKind.Capability#SERVER_CLOCKS can})
     */
    static Cluster start(Topology topology, Lab lab, Persistence persistence, boolean clocks) {
        return ServerKind.of(topology).start(topology, lab, persistence, clocks);
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
    sealed interface Promotable extends Cluster, Servers.Promoting permits PostgresHa {
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
    sealed interface SentinelFailover extends Cluster, Servers.FailingOver permits RedisSentinel {
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

    /** A ZooKeeper ensemble. */
    record ZooKeeper(ZooKeeperEnsemble zk) implements Cluster {
        @Override
        public List<ZooKeeperNode> nodes() {
            return zk.nodes();
        }

        @Override
        public String connect() {
            return zk.connectString();
        }

        @Override
        public Optional<ZooKeeperNode> leader() {
            return zk.leader();
        }

        @Override
        public void awaitServing(Duration timeout) {
            zk.awaitServing(timeout);
        }
    }

    /** Hazelcast members with the CP Subsystem. */
    record Hazelcast(HazelcastCluster hz) implements Cluster {
        @Override
        public List<HazelcastNode> nodes() {
            return hz.nodes();
        }

        @Override
        public String connect() {
            return hz.connectString();
        }

        /** The CP group's leader is not asked for: no nemesis aims at it. */
        @Override
        public Optional<HazelcastNode> leader() {
            return Optional.empty();
        }

        /** Every member running again; the CP group whole again if it can be (see {@link HazelcastCluster#awaitRecovered}). */
        @Override
        public void awaitServing(Duration timeout) {
            hz.awaitRecovered(timeout);
        }
    }

    /** An etcd cluster. */
    record Etcd(EtcdCluster etcd) implements Cluster {
        @Override
        public List<EtcdNode> nodes() {
            return etcd.nodes();
        }

        @Override
        public String connect() {
            return etcd.endpoints();
        }

        @Override
        public Optional<EtcdNode> leader() {
            return etcd.leader();
        }

        @Override
        public void awaitServing(Duration timeout) {
            etcd.awaitServing(timeout);
        }
    }

    /**
     * One database server, durable (a commit is on disk when acknowledged).
     *
     * @param clock the server's clock fault, or null when the run does not move server clocks
     */
    record Database(DatabaseNode node, ClockFault clock) implements Cluster {
        @Override
        public List<DatabaseNode> nodes() {
            return List.of(node);
        }

        @Override
        public String connect() {
            return node.jdbcUrl();
        }

        @Override
        public Optional<DatabaseNode> leader() {
            return Optional.of(node);
        }

        @Override
        public void awaitServing(Duration timeout) {
            node.awaitServing(timeout);
        }

        @Override
        public Optional<ClockFault> clock(ProcessNode n) {
            return n == node ? Optional.ofNullable(clock) : Optional.empty();
        }
    }

    /** One server that speaks DynamoDB's API (dynalite), its tables in memory. */
    record DynamoDb(DynaliteNode node) implements Cluster {
        @Override
        public List<DynaliteNode> nodes() {
            return List.of(node);
        }

        @Override
        public String connect() {
            return node.endpoint();
        }

        @Override
        public Optional<DynaliteNode> leader() {
            return Optional.of(node);
        }

        @Override
        public void awaitServing(Duration timeout) {
            node.awaitServing(timeout);
        }
    }

    /** A PostgreSQL primary and its replica; clients find the primary through the driver's multi-host URL. */
    record PostgresHa(PostgresCluster pg) implements Promotable {
        @Override
        public List<PostgresNode> nodes() {
            return pg.nodes();
        }

        @Override
        public String connect() {
            return pg.jdbcUrl();
        }

        @Override
        public Optional<PostgresNode> leader() {
            return pg.primary();
        }

        /** A primary serves (a former primary that could not rejoin as a replica stays down: one primary, never two). */
        @Override
        public void awaitServing(Duration timeout) {
            pg.awaitServing(timeout);
        }
    }

    /** Independent Redis masters: one for a single-instance lock, 3 or 5 for Redlock. */
    record RedisMasters(List<RedisNode> nodes, Map<Host, ClockFault> clocks) implements Cluster {
        @Override
        public String connect() {
            return String.join(",", nodes.stream().map(n -> "redis://" + n.host().address() + ":" + RedisNode.PORT).toList());
        }

        /** The first master for a single instance; independent masters have no leader. */
        @Override
        public Optional<RedisNode> leader() {
            return nodes.size() == 1 ? Optional.of(nodes.get(0)) : Optional.empty();
        }

        @Override
        public void awaitServing(Duration timeout) {
            nodes.forEach(n -> n.awaitServing(timeout));
        }

        @Override
        public Optional<ClockFault> clock(ProcessNode node) {
            return Optional.ofNullable(clocks.get(node.host()));
        }
    }

    /** A master, its replicas and a Sentinel on every host; clients find the master through the Sentinels. */
    record RedisSentinel(Sentinels sentinels) implements SentinelFailover {
        @Override
        public List<RedisNode> nodes() {
            return sentinels.nodes();
        }

        @Override
        public String connect() {
            return "redis-sentinel://" + String.join(",", sentinels.sentinelHosts().stream().map(h -> h.address() + ":" + Sentinels.PORT).toList())
                    + "#" + Sentinels.MASTER_NAME;
        }

        /** The Redis nodes and the Sentinels' hosts: a partition between them is what makes Sentinel fail over. */
        @Override
        public List<Host> hosts() {
            List<Host> all = new ArrayList<>(nodes().stream().map(ProcessNode::host).toList());
            all.addAll(sentinels.sentinelHosts());
            return all;
        }

        /** The master a majority of the Sentinels name. */
        @Override
        public Optional<RedisNode> leader() {
            return sentinels.primary();
        }

        @Override
        public void awaitServing(Duration timeout) {
            nodes().forEach(n -> n.awaitServing(timeout));
            Wait.until("the Sentinels to name a master", () -> sentinels.primary().isPresent(), timeout);
        }
    }
}
