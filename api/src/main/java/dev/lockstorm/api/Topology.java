package dev.lockstorm.api;

import java.util.List;
import java.util.stream.IntStream;

/**
 * The servers a lock system runs against. lockstorm starts them, each on a host of its own (n1, n2,
 * …), and hands every client one connect string ({@link ClientContext#connect()}) whose form the
 * topology fixes.
 *
 * <pre>{@code
 * public Topology topology() { return Topology.ZOOKEEPER; }           // "10.77.0.11:2181,10.77.0.12:2181,10.77.0.13:2181"
 * public Topology topology() { return new Topology.RedisMasters(3); } // "redis://10.77.0.11:6379,redis://…,redis://…"
 * public Topology topology() { return Topology.ETCD; }                // "http://10.77.0.11:2379,http://…,http://…"
 * public Topology topology() { return Topology.HAZELCAST; }           // "10.77.0.11:5701,10.77.0.12:5701,10.77.0.13:5701"
 * public Topology topology() { return Topology.POSTGRESQL; }          // "jdbc:postgresql://10.77.0.11:5432/lockstorm?user=lockstorm"
 * public Topology topology() { return Topology.DYNAMODB; }            // "http://10.77.0.11:8000"
 * }</pre>
 */
public sealed interface Topology {
    /** A 3-node ZooKeeper ensemble. */
    Topology ZOOKEEPER = new ZooKeeper(3);
    /** One Redis server. */
    Topology REDIS_SINGLE = new RedisMasters(1);
    /** A 3-member etcd cluster. */
    Topology ETCD = new Etcd(3);
    /** 3 Hazelcast members, all of them CP members. */
    Topology HAZELCAST = new Hazelcast(3);
    /** 3 Hazelcast members with the CP Subsystem off: its locks in "unsafe mode", on the partitioned (AP) side. */
    Topology HAZELCAST_UNSAFE = new Hazelcast(3, false);
    /** A Redis master, two replicas and three Sentinels. */
    Topology REDIS_SENTINEL = new RedisSentinel();
    /** One PostgreSQL server. */
    Topology POSTGRESQL = new PostgreSql();
    /** One MariaDB server. */
    Topology MARIADB = new MariaDb();
    /** A PostgreSQL primary and a streaming replica. */
    Topology POSTGRESQL_HA = new PostgreSqlHa();
    /** One server that speaks DynamoDB's API (dynalite). */
    Topology DYNAMODB = new DynamoDb();

    /** How many server hosts: n1 … nN. */
    int nodes();

    /** Hosts of the topology's helpers (Sentinels), beside the server nodes. */
    default List<String> helperHosts() {
        return List.of();
    }

    /** Every server host's name: n1 … nN, then the helpers. */
    default List<String> hostNames() {
        List<String> names = new java.util.ArrayList<>(IntStream.rangeClosed(1, nodes()).mapToObj(i -> "n" + i).toList());
        names.addAll(helperHosts());
        return List.copyOf(names);
    }

    /** A few words for listings: "ZooKeeper, 3 nodes". */
    String describe();

    /** The form of the connect string a client gets. */
    String connectForm();

    /**
     * A ZooKeeper ensemble of {@code nodes} servers (3 or 5).
     * Connect string: {@code host:2181,host:2181,…}.
     */
    record ZooKeeper(int nodes) implements Topology {
        public ZooKeeper {
            if (nodes != 3 && nodes != 5) throw new IllegalArgumentException("a ZooKeeper ensemble has 3 or 5 nodes, not " + nodes);
        }

        @Override
        public String describe() {
            return "ZooKeeper, " + nodes + " nodes";
        }

        @Override
        public String connectForm() {
            return "host:2181,host:2181,…";
        }
    }

    /**
     * An etcd cluster of {@code nodes} members (3 or 5).
     * Connect string: {@code http://host:2379,http://host:2379,…}, the endpoints jetcd and etcdctl take.
     */
    record Etcd(int nodes) implements Topology {
        public Etcd {
            if (nodes != 3 && nodes != 5) throw new IllegalArgumentException("an etcd cluster has 3 or 5 members, not " + nodes);
        }

        @Override
        public String describe() {
            return "etcd, " + nodes + " members";
        }

        @Override
        public String connectForm() {
            return "http://host:2379,http://host:2379,…";
        }
    }

    /**
     * {@code masters} independent Redis servers (1 for a single-instance lock, 3 or 5 for Redlock).
     * Connect string: {@code redis://host:6379}, one a master, comma-separated.
     */
    record RedisMasters(int masters) implements Topology {
        public RedisMasters {
            if (masters < 1 || masters > 9) throw new IllegalArgumentException("1 to 9 Redis masters, not " + masters);
        }

        @Override
        public int nodes() {
            return masters;
        }

        @Override
        public String describe() {
            return masters == 1 ? "Redis, 1 server" : "Redis, " + masters + " independent masters";
        }

        @Override
        public String connectForm() {
            return masters == 1 ? "redis://host:6379" : "redis://host:6379,redis://host:6379,…";
        }
    }

    /**
     * A Redis master and two replicas (n1 … n3) watched by three Sentinels on hosts of their own
     * (s1 … s3). Connect string: {@code redis-sentinel://host:26379,host:26379,host:26379#lockstorm};
     * a client asks the Sentinels which server is the master.
     */
    record RedisSentinel() implements Topology {
        @Override
        public int nodes() {
            return 3;
        }

        @Override
        public List<String> helperHosts() {
            return List.of("s1", "s2", "s3");
        }

        @Override
        public String describe() {
            return "Redis master + 2 replicas + 3 Sentinels";
        }

        @Override
        public String connectForm() {
            return "redis-sentinel://host:26379,host:26379,host:26379#lockstorm";
        }
    }

    /**
     * One PostgreSQL server (n1) with a database and a user named {@code lockstorm} (no password).
     * Connect string: a JDBC URL, {@code jdbc:postgresql://host:5432/lockstorm?user=lockstorm}.
     */
    record PostgreSql() implements Topology {
        @Override
        public int nodes() {
            return 1;
        }

        @Override
        public String describe() {
            return "PostgreSQL, 1 server";
        }

        @Override
        public String connectForm() {
            return "jdbc:postgresql://host:5432/lockstorm?user=lockstorm";
        }
    }

    /**
     * One MariaDB server (n1) with a database and a user named {@code lockstorm} (password
     * {@code lockstorm}). Connect string: a JDBC URL,
     * {@code jdbc:mariadb://host:3306/lockstorm?user=lockstorm&password=lockstorm}.
     */
    record MariaDb() implements Topology {
        @Override
        public int nodes() {
            return 1;
        }

        @Override
        public String describe() {
            return "MariaDB, 1 server";
        }

        @Override
        public String connectForm() {
            return "jdbc:mariadb://host:3306/lockstorm?user=lockstorm&password=lockstorm";
        }
    }

    /**
     * A PostgreSQL primary (n1) and a streaming replica (n2) that the primary names in
     * {@code synchronous_standby_names}, so that a session's {@code synchronous_commit} decides
     * whether its commits wait for the replica ({@code on}) or not ({@code local}). Connect string:
     * {@code jdbc:postgresql://host:5432,host:5432/lockstorm?user=lockstorm&targetServerType=primary}
     * (the driver finds the primary, also after a failover).
     */
    record PostgreSqlHa() implements Topology {
        @Override
        public int nodes() {
            return 2;
        }

        @Override
        public String describe() {
            return "PostgreSQL, a primary and a streaming replica";
        }

        @Override
        public String connectForm() {
            return "jdbc:postgresql://host:5432,host:5432/lockstorm?user=lockstorm&targetServerType=primary";
        }
    }

    /**
     * Hazelcast members (3 or 5) with the CP Subsystem on, every member a CP member (the CP
     * Subsystem is in the open-source jar up to 5.4), or, {@code cp} false, off: then its data
     * structures run in "unsafe mode" on the partitioned, replicated (AP) side, with no consensus.
     * Connect string: {@code host:5701,host:5701,…}, the addresses a Hazelcast client is given.
     */
    record Hazelcast(int nodes, boolean cp) implements Topology {
        public Hazelcast {
            if (nodes != 3 && nodes != 5) throw new IllegalArgumentException("a Hazelcast cluster here has 3 or 5 members, not " + nodes);
        }

        /** Every member a CP member. */
        public Hazelcast(int nodes) {
            this(nodes, true);
        }

        @Override
        public String describe() {
            return "Hazelcast, " + nodes + (cp ? " CP members" : " members, CP Subsystem off (unsafe mode)");
        }

        @Override
        public String connectForm() {
            return "host:5701,host:5701,…";
        }
    }

    /**
     * One server that speaks DynamoDB's API (n1): dynalite, on Node.js, its tables in memory (a
     * restart forgets them, as Redis without persistence forgets its keys). Connect string: the
     * endpoint an AWS SDK client is given, {@code http://host:8000}; any credentials and region.
     */
    record DynamoDb() implements Topology {
        @Override
        public int nodes() {
            return 1;
        }

        @Override
        public String describe() {
            return "DynamoDB (dynalite), 1 server";
        }

        @Override
        public String connectForm() {
            return "http://host:8000";
        }
    }
}
