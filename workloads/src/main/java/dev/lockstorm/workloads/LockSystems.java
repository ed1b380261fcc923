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

    private LockSystems() {
    }

    /** A new client of {@code system} for the lock at {@code lockPath}. */
    public static LockClient create(String system, String connect, String lockPath, Duration sessionTimeout) {
        return switch (system) {
            case "zk-unique" -> new UniqueNodeLock(connect, lockPath, sessionTimeout);
            case "zk-children" -> new ChildrenLock(connect, lockPath, sessionTimeout);
            case "zk-recipe" -> new RecipeLock(connect, lockPath, sessionTimeout);
            case "curator-mutex" -> new CuratorMutex(connect, lockPath, sessionTimeout);
            case "curator-semaphore" -> new CuratorSemaphoreMutex(connect, lockPath, sessionTimeout);
            default -> throw new IllegalArgumentException("unknown system '" + system + "'; expected one of " + String.join(", ", ZOOKEEPER));
        };
    }
}
