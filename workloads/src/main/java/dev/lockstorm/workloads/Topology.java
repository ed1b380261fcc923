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
    REDIS_MASTERS_5(5);

    /** How many server hosts: n1 … nN. */
    public final int nodes;

    Topology(int nodes) {
        this.nodes = nodes;
    }

    public boolean isRedis() {
        return this != ZOOKEEPER;
    }
}
