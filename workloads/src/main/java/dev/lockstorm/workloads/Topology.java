package dev.lockstorm.workloads;

/**
 * The servers a lock system runs against; the runner starts them and hands clients the connect
 * string (a ZooKeeper connect string, or comma-separated redis:// URIs, one per master).
 */
public enum Topology {
    /** A 3-node ZooKeeper ensemble. */
    ZOOKEEPER(3),
    /** One Redis master. */
    REDIS_SINGLE(1),
    /** Three independent Redis masters (Redlock). */
    REDIS_MASTERS_3(3),
    /** Five independent Redis masters (Redlock). */
    REDIS_MASTERS_5(5),
    /** A Redis master and two replicas (n1…n3), and three Sentinels on hosts of their own (s1…s3). */
    REDIS_SENTINEL(3);

    /** How many server hosts: n1 … nN. */
    public final int nodes;

    Topology(int nodes) {
        this.nodes = nodes;
    }

    /** Hosts of the topology's helpers (Sentinels), beside the server nodes. */
    public java.util.List<String> helperHosts() {
        return this == REDIS_SENTINEL ? java.util.List.of("s1", "s2", "s3") : java.util.List.of();
    }

    public boolean isRedis() {
        return this != ZOOKEEPER;
    }
}
