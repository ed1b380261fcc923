package dev.lockstorm.suite.internal.cluster;

import dev.lockstorm.api.Topology;
import dev.lockstorm.clusters.database.DatabaseNode;
import dev.lockstorm.clusters.database.MariaDbNode;
import dev.lockstorm.clusters.database.PostgresCluster;
import dev.lockstorm.clusters.database.PostgresNode;
import dev.lockstorm.clusters.dynamodb.DynaliteNode;
import dev.lockstorm.clusters.etcd.EtcdCluster;
import dev.lockstorm.clusters.hazelcast.HazelcastCluster;
import dev.lockstorm.clusters.hazelcast.HazelcastOptions;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.clusters.redis.RedisNode;
import dev.lockstorm.clusters.redis.Sentinels;
import dev.lockstorm.clusters.zookeeper.ZooKeeperEnsemble;
import dev.lockstorm.clusters.zookeeper.ZooKeeperOptions;
import dev.lockstorm.nemesis.ClockFault;

import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The servers of one kind of {@link Topology}: how they start, the program and Debian package their
 * hosts need, and what they can do (a server clock to move, persistence to choose, a failover). The
 * one place a topology is told apart ({@link #of}); everything else asks a kind what it can do.
 *
 * <pre>{@code
 * ServerKind kind = ServerKind.of(system.topology());
 * if (kind.can(ServerKind.Capability.SERVER_CLOCKS)) ...
 * Cluster cluster = kind.start(topology, lab, Persistence.NONE, false);
 * }</pre>
 */
public sealed interface ServerKind {

    /** What a kind of servers offers a run beyond locking. */
    enum Capability {
        /** Its server processes can run under the realtime-clock shim (Redis masters, a single database). */
        SERVER_CLOCKS,
        /** It keeps data across a crash as {@code --persistence} says (Redis). */
        PERSISTENCE,
        /** Its Sentinels fail over to a replica by themselves when the master is seen down. */
        SENTINEL_FAILOVER,
        /** A replica can be promoted by hand, as an HA manager does it (PostgreSQL primary + replica). */
        PROMOTION,
        /** Its clients hold sessions that the servers expire (ZooKeeper). */
        SESSIONS
    }

    /** One of each kind: the server families the containers backend builds images for. */
    static List<ServerKind> all() {
        return List.of(new ZooKeeperServers(), new EtcdServers(), new HazelcastServers(), new RedisMasterServers(), new SentinelServers(),
                new DatabaseServer(true), new DatabaseServer(false), new PostgresHaServers(), new DynamoDbServer());
    }

    /** The Debian package of each family's servers, once each: what each family's container image adds to the common one. */
    static List<String> packages() {
        return all().stream().map(k -> k.programAndPackage().get(1)).distinct().toList();
    }

    /** The kind of {@code topology}'s servers; an {@link IllegalArgumentException} for a topology lockstorm cannot start. */
    static ServerKind of(Topology topology) {
        if (topology instanceof Topology.ZooKeeper) return new ZooKeeperServers();
        if (topology instanceof Topology.Etcd) return new EtcdServers();
        if (topology instanceof Topology.Hazelcast) return new HazelcastServers();
        if (topology instanceof Topology.RedisMasters) return new RedisMasterServers();
        if (topology instanceof Topology.RedisSentinel) return new SentinelServers();
        if (topology instanceof Topology.PostgreSql) return new DatabaseServer(true);
        if (topology instanceof Topology.MariaDb) return new DatabaseServer(false);
        if (topology instanceof Topology.PostgreSqlHa) return new PostgresHaServers();
        if (topology instanceof Topology.DynamoDb) return new DynamoDbServer();
        throw new IllegalArgumentException("lockstorm cannot start the servers of " + topology.describe());
    }

    /**
     * Starts the servers on the lab's hosts n1 … (and s1 … for helpers) and waits until they serve.
     *
     * @param clocks whether server processes run under the clock shim (only for {@link Capability#SERVER_CLOCKS})
     */
    Cluster start(Topology topology, Lab lab, Persistence persistence, boolean clocks);

    /** The program its hosts need, and the Debian package that has it. */
    List<String> programAndPackage();

    /** Kernel settings (network namespace's own) its hosts need; a container gets them when it starts. */
    default Map<String, String> hostSysctls() {
        return Map.of();
    }

    default Set<Capability> capabilities() {
        return EnumSet.noneOf(Capability.class);
    }

    default boolean can(Capability c) {
        return capabilities().contains(c);
    }

    /** The program and package of servers that run in a JVM (ZooKeeper's, Hazelcast's members). */
    List<String> JAVA = List.of("java", "openjdk-17-jre-headless");

    private static List<Host> nodes(Topology topology, Lab lab) {
        return topology.hostNames().stream().limit(topology.nodes()).map(lab::host).toList();
    }

    record ZooKeeperServers() implements ServerKind {
        @Override
        public Cluster start(Topology topology, Lab lab, Persistence persistence, boolean clocks) {
            ZooKeeperEnsemble zk = ZooKeeperEnsemble.start(lab, nodes(topology, lab), ZooKeeperOptions.defaults());
            zk.awaitServing(Duration.ofSeconds(60));
            return new Cluster.ZooKeeper(zk);
        }

        @Override
        public List<String> programAndPackage() {
            return JAVA;
        }

        @Override
        public Set<Capability> capabilities() {
            return EnumSet.of(Capability.SESSIONS);
        }
    }

    record EtcdServers() implements ServerKind {
        @Override
        public Cluster start(Topology topology, Lab lab, Persistence persistence, boolean clocks) {
            EtcdCluster etcd = EtcdCluster.start(lab, nodes(topology, lab));
            etcd.awaitServing(Duration.ofSeconds(30));
            return new Cluster.Etcd(etcd);
        }

        @Override
        public List<String> programAndPackage() {
            return List.of("etcd", "etcd-server");
        }
    }

    record HazelcastServers() implements ServerKind {
        @Override
        public Cluster start(Topology topology, Lab lab, Persistence persistence, boolean clocks) {
            boolean cp = ((Topology.Hazelcast) topology).cp();
            HazelcastCluster hz = HazelcastCluster.start(lab, nodes(topology, lab), HazelcastOptions.defaults().withCp(cp));
            hz.awaitServing(Duration.ofSeconds(120));
            return new Cluster.Hazelcast(hz);
        }

        @Override
        public List<String> programAndPackage() {
            return JAVA;
        }
    }

    record RedisMasterServers() implements ServerKind {
        @Override
        public Cluster start(Topology topology, Lab lab, Persistence persistence, boolean clocks) {
            List<Host> hosts = nodes(topology, lab);
            Map<Host, ClockFault> faults = new LinkedHashMap<>();
            if (clocks) for (Host h : hosts) faults.put(h, ClockFault.create(lab, h, "redis-" + h.name()));
            List<RedisNode> nodes = RedisNode.startMasters(lab, hosts, persistence, h -> faults.containsKey(h) ? faults.get(h).env() : Map.of());
            return new Cluster.RedisMasters(nodes, faults);
        }

        @Override
        public List<String> programAndPackage() {
            return List.of("redis-server", "redis-server");
        }

        @Override
        public Set<Capability> capabilities() {
            return EnumSet.of(Capability.SERVER_CLOCKS, Capability.PERSISTENCE);
        }
    }

    record SentinelServers() implements ServerKind {
        @Override
        public Cluster start(Topology topology, Lab lab, Persistence persistence, boolean clocks) {
            List<Host> sentinelHosts = topology.helperHosts().stream().map(lab::host).toList();
            return new Cluster.RedisSentinel(Sentinels.start(lab, nodes(topology, lab), sentinelHosts, persistence));
        }

        @Override
        public List<String> programAndPackage() {
            return List.of("redis-server", "redis-server");
        }

        @Override
        public Set<Capability> capabilities() {
            return EnumSet.of(Capability.PERSISTENCE, Capability.SENTINEL_FAILOVER);
        }
    }

    /** dynalite, DynamoDB's API on Node.js, its tables in memory. */
    record DynamoDbServer() implements ServerKind {
        @Override
        public Cluster start(Topology topology, Lab lab, Persistence persistence, boolean clocks) {
            DynaliteNode node = DynaliteNode.start(lab, nodes(topology, lab).get(0));
            node.awaitServing(Duration.ofSeconds(30));
            return new Cluster.DynamoDb(node);
        }

        /** Node.js; dynalite itself is installed with npm ({@link DynaliteNode#INSTALL_DIR}), which a host without it says at start. */
        @Override
        public List<String> programAndPackage() {
            return List.of("node", "nodejs");
        }
    }

    /** One PostgreSQL ({@code postgres}) or MariaDB server, durable. */
    record DatabaseServer(boolean postgres) implements ServerKind {
        @Override
        public Cluster start(Topology topology, Lab lab, Persistence persistence, boolean clocks) {
            Host host = nodes(topology, lab).get(0);
            ClockFault clock = clocks ? ClockFault.create(lab, host, (postgres ? "postgresql-" : "mariadb-") + host.name()) : null;
            Map<String, String> env = clock == null ? Map.of() : clock.env();
            DatabaseNode db = postgres ? PostgresNode.start(lab, host, true, env) : MariaDbNode.start(lab, host, true, env);
            db.awaitServing(Duration.ofSeconds(60));
            return new Cluster.Database(db, clock);
        }

        @Override
        public List<String> programAndPackage() {
            return postgres ? List.of("pg_ctlcluster", "postgresql") : List.of("mariadb-install-db", "mariadb-server");
        }

        @Override
        public Map<String, String> hostSysctls() {
            return DatabaseNode.HOST_SYSCTLS;
        }

        @Override
        public Set<Capability> capabilities() {
            return EnumSet.of(Capability.SERVER_CLOCKS);
        }
    }

    record PostgresHaServers() implements ServerKind {
        @Override
        public Cluster start(Topology topology, Lab lab, Persistence persistence, boolean clocks) {
            List<Host> hosts = nodes(topology, lab);
            return new Cluster.PostgresHa(PostgresCluster.start(lab, hosts.get(0), hosts.get(1)));
        }

        @Override
        public List<String> programAndPackage() {
            return List.of("pg_ctlcluster", "postgresql");
        }

        @Override
        public Map<String, String> hostSysctls() {
            return DatabaseNode.HOST_SYSCTLS;
        }

        @Override
        public Set<Capability> capabilities() {
            return EnumSet.of(Capability.PROMOTION);
        }
    }
}
