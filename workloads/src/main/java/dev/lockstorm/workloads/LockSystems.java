package dev.lockstorm.workloads;

import dev.lockstorm.workloads.zookeeper.ChildrenLock;
import dev.lockstorm.workloads.zookeeper.CuratorMutex;
import dev.lockstorm.workloads.zookeeper.CuratorSemaphoreMutex;
import dev.lockstorm.workloads.zookeeper.RecipeLock;
import dev.lockstorm.workloads.zookeeper.UniqueNodeLock;

import java.time.Duration;
import java.util.List;

/** The lock implementations by the names {@code --system} takes. */
public final class LockSystems {
    public static final List<String> ZOOKEEPER = List.of("zk-unique", "zk-children", "zk-recipe", "curator-mutex", "curator-semaphore");
    public static final List<String> REDIS = List.of("redis-single");

    /** Every system a run can test. */
    public static List<String> all() {
        List<String> all = new java.util.ArrayList<>(ZOOKEEPER);
        all.addAll(REDIS);
        return all;
    }

    private LockSystems() {
    }

    /**
     * A new client of {@code system}: for ZooKeeper locks {@code connect} is a connect string and
     * {@code lease} the session timeout; for Redis locks {@code connect} is a redis:// URI and
     * {@code lease} the lock's TTL.
     */
    public static LockClient create(String system, String connect, String lockPath, Duration lease) {
        Duration sessionTimeout = lease;
        return switch (system) {
            case "zk-unique" -> new UniqueNodeLock(connect, lockPath, sessionTimeout);
            case "zk-children" -> new ChildrenLock(connect, lockPath, sessionTimeout);
            case "zk-recipe" -> new RecipeLock(connect, lockPath, sessionTimeout);
            case "curator-mutex" -> new CuratorMutex(connect, lockPath, sessionTimeout);
            case "curator-semaphore" -> new CuratorSemaphoreMutex(connect, lockPath, sessionTimeout);
            case "redis-single" -> new dev.lockstorm.workloads.redis.RedisSingleLock(connect, lease);
            default -> throw new IllegalArgumentException("unknown system '" + system + "'; expected one of " + String.join(", ", all()));
        };
    }
}
