package dev.lockstorm.clusters.zookeeper;

/**
 * Settings of an ensemble.
 *
 * @param tickMillis ZooKeeper's tickTime; sessions last 2 to 20 ticks
 * @param initLimit  ticks a follower may take to connect and sync to the leader
 * @param syncLimit  ticks a follower may lag before it is dropped
 * @param heap       each server JVM's -Xmx
 */
public record ZooKeeperOptions(int tickMillis, int initLimit, int syncLimit, String heap) {
    /** The settings measured to work on this machine kind (shared/notes/infra.md). */
    public static ZooKeeperOptions defaults() {
        return new ZooKeeperOptions(1000, 5, 2, "128m");
    }
}
