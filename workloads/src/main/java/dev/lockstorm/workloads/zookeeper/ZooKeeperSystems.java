package dev.lockstorm.workloads.zookeeper;

import dev.lockstorm.api.Topology;
import dev.lockstorm.workloads.BuiltInSystem;

/** The ZooKeeper lock systems lockstorm ships, each against a 3-node ensemble; the token is the lock node's czxid. */
public final class ZooKeeperSystems {
    private ZooKeeperSystems() {
    }

    /** {@code zk-unique}: one ephemeral node; every waiter watches it (the herd). */
    public static final class Unique extends BuiltInSystem {
        public Unique() {
            super("zk-unique", "ZooKeeper: one ephemeral node, every waiter watching it (the herd)", Topology.ZOOKEEPER, true,
                    c -> new UniqueNodeLock(c.connect(), c.lock(), c.lease()));
        }
    }

    /** {@code zk-children}: sequential nodes, each waiter watching all children. */
    public static final class Children extends BuiltInSystem {
        public Children() {
            super("zk-children", "ZooKeeper: ephemeral sequential nodes, each waiter watching all children", Topology.ZOOKEEPER, true,
                    c -> new ChildrenLock(c.connect(), c.lock(), c.lease()));
        }
    }

    /** {@code zk-recipe}: the documented recipe, each waiter watching its predecessor. */
    public static final class Recipe extends BuiltInSystem {
        public Recipe() {
            super("zk-recipe", "ZooKeeper's lock recipe: ephemeral sequential nodes, each waiter watching its predecessor",
                    Topology.ZOOKEEPER, true, c -> new RecipeLock(c.connect(), c.lock(), c.lease()));
        }
    }

    /** {@code curator-mutex}: Curator's InterProcessMutex. */
    public static final class Mutex extends BuiltInSystem {
        public Mutex() {
            super("curator-mutex", "Apache Curator InterProcessMutex", Topology.ZOOKEEPER, true,
                    c -> new CuratorMutex(c.connect(), c.lock(), c.lease()));
        }
    }

    /** {@code curator-semaphore}: Curator's InterProcessSemaphoreMutex. */
    public static final class SemaphoreMutex extends BuiltInSystem {
        public SemaphoreMutex() {
            super("curator-semaphore", "Apache Curator InterProcessSemaphoreMutex (not reentrant)", Topology.ZOOKEEPER, true,
                    c -> new CuratorSemaphoreMutex(c.connect(), c.lock(), c.lease()));
        }
    }
}
