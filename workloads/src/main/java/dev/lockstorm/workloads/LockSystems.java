package dev.lockstorm.workloads;

import dev.lockstorm.workloads.redis.RedisSingleLock;
import dev.lockstorm.workloads.redis.Redlock;
import dev.lockstorm.workloads.redisson.RedissonFencedLockClient;
import dev.lockstorm.workloads.redisson.RedissonLeaseLock;
import dev.lockstorm.workloads.redisson.RedissonRedLockClient;
import dev.lockstorm.workloads.redisson.RedissonWatchdogLock;
import dev.lockstorm.workloads.zookeeper.ChildrenLock;
import dev.lockstorm.workloads.zookeeper.CuratorMutex;
import dev.lockstorm.workloads.zookeeper.CuratorSemaphoreMutex;
import dev.lockstorm.workloads.zookeeper.RecipeLock;
import dev.lockstorm.workloads.zookeeper.UniqueNodeLock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The lock implementations by the names {@code --system} takes, and the servers each needs. */
public final class LockSystems {
    public static final List<String> ZOOKEEPER = List.of("zk-unique", "zk-children", "zk-recipe", "curator-mutex", "curator-semaphore");
    public static final List<String> REDIS = List.of("redis-single", "redis-sentinel", "redis-sentinel-wait", "redlock", "redlock-5",
            "redisson-watchdog", "redisson-lease", "redisson-fenced", "redisson-redlock");

    private static final Map<String, Topology> TOPOLOGY = new LinkedHashMap<>();

    static {
        ZOOKEEPER.forEach(s -> TOPOLOGY.put(s, Topology.ZOOKEEPER));
        for (String s : List.of("redis-single", "redisson-watchdog", "redisson-lease", "redisson-fenced")) TOPOLOGY.put(s, Topology.REDIS_SINGLE);
        TOPOLOGY.put("redis-sentinel", Topology.REDIS_SENTINEL);
        TOPOLOGY.put("redis-sentinel-wait", Topology.REDIS_SENTINEL);
        TOPOLOGY.put("redlock", Topology.REDIS_MASTERS_3);
        TOPOLOGY.put("redisson-redlock", Topology.REDIS_MASTERS_3);
        TOPOLOGY.put("redlock-5", Topology.REDIS_MASTERS_5);
    }

    /** Systems whose leases carry a fencing token. */
    private static final java.util.Set<String> TOKENLESS = java.util.Set.of("redlock", "redlock-5", "redisson-watchdog", "redisson-lease",
            "redisson-redlock");

    /** Whether {@code system}'s leases carry a fencing token (Redlock and Redisson's plain locks do not). */
    public static boolean hasFencingToken(String system) {
        topology(system);
        return !TOKENLESS.contains(system);
    }

    /** Every system a run can test. */
    public static List<String> all() {
        List<String> all = new ArrayList<>(ZOOKEEPER);
        all.addAll(REDIS);
        return all;
    }

    private LockSystems() {
    }

    /** The servers {@code system} runs against. */
    public static Topology topology(String system) {
        Topology t = TOPOLOGY.get(system);
        if (t == null) throw unknown(system);
        return t;
    }

    /**
     * A new client of {@code system}: for ZooKeeper locks {@code connect} is a connect string and
     * {@code lease} the session timeout; for Redis locks {@code connect} is one redis:// URI per
     * master, comma-separated (a redis-sentinel:// URI for the Sentinel systems), and {@code lease} the lock's TTL (Redisson's watchdog timeout in
     * watchdog mode).
     */
    public static LockClient create(String system, String connect, String lockPath, Duration lease) {
        return switch (system) {
            case "zk-unique" -> new UniqueNodeLock(connect, lockPath, lease);
            case "zk-children" -> new ChildrenLock(connect, lockPath, lease);
            case "zk-recipe" -> new RecipeLock(connect, lockPath, lease);
            case "curator-mutex" -> new CuratorMutex(connect, lockPath, lease);
            case "curator-semaphore" -> new CuratorSemaphoreMutex(connect, lockPath, lease);
            case "redis-single", "redis-sentinel" -> new RedisSingleLock(connect, lease);
            case "redis-sentinel-wait" -> new RedisSingleLock(connect, lease, 1);
            case "redlock", "redlock-5" -> Redlock.fromConnectString(connect, lease);
            case "redisson-watchdog" -> new RedissonWatchdogLock(connect, lease);
            case "redisson-lease" -> new RedissonLeaseLock(connect, lease);
            case "redisson-fenced" -> new RedissonFencedLockClient(connect, lease);
            case "redisson-redlock" -> new RedissonRedLockClient(connect, lease);
            default -> throw unknown(system);
        };
    }

    private static IllegalArgumentException unknown(String system) {
        return new IllegalArgumentException("unknown system '" + system + "'; expected one of " + String.join(", ", all()));
    }
}
