package dev.lockstorm.locks.zookeeper;

import dev.lockstorm.api.LeaseModel;
import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.LockOption;
import dev.lockstorm.api.Topology;
import dev.lockstorm.locks.BuiltInSystem;
import dev.lockstorm.locks.LeaseState;

import java.util.List;

/** The ZooKeeper lock systems lockstorm ships, each against a 3-node ensemble; the token is the lock node's czxid. */
public final class ZooKeeperSystems {
    private ZooKeeperSystems() {
    }

    /** When a Curator lock's holder takes its lock as gone (what its stillHeld says). */
    static final LockOption GONE_ON = LockOption.choice("gone-on", "when the holder takes its lock as gone: suspended (Curator's"
            + " advice: from the first SUSPENDED) or lost (only when Curator reports LOST, a session timeout after the suspension)",
            "suspended", "suspended", "lost");

    private static LeaseState.GoneOn goneOn(ClientContext c) {
        return LeaseState.GoneOn.of(GONE_ON.valueIn(c));
    }

    /** {@code zk-unique}: one ephemeral node; every waiter watches it (the herd). */
    /**
     * A ZooKeeper session: the client pings when idle for a third of the timeout, and the quorum's
     * leader expires the session when none reached it for the timeout (the run's lease).
     */
    static LeaseModel session(ClientContext c) {
        return new LeaseModel.Renewed(c.lease(), c.lease().dividedBy(3), LeaseModel.Clock.SERVICE_MONOTONIC, LeaseModel.Judges.LEADER);
    }

    public static final class Unique extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return ZooKeeperSystems.session(c);
        }

        public Unique() {
            super("zk-unique", "ZooKeeper: one ephemeral node, every waiter watching it (the herd)", Topology.ZOOKEEPER, true,
                    c -> new UniqueNodeLock(c.connect(), c.lock(), c.lease()));
        }
    }

    /** {@code zk-children}: sequential nodes, each waiter watching all children. */
    public static final class Children extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return ZooKeeperSystems.session(c);
        }

        public Children() {
            super("zk-children", "ZooKeeper: ephemeral sequential nodes, each waiter watching all children", Topology.ZOOKEEPER, true,
                    c -> new ChildrenLock(c.connect(), c.lock(), c.lease()));
        }
    }

    /** {@code zk-recipe}: the documented recipe, each waiter watching its predecessor. */
    public static final class Recipe extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return ZooKeeperSystems.session(c);
        }

        private static final LockOption SYNC = flag("sync", "true: sync() before each look at the queue, so that a waiter reads"
                + " what the leader has, not what its server has applied so far", "false");

        public Recipe() {
            super("zk-recipe", "ZooKeeper's lock recipe: ephemeral sequential nodes, each waiter watching its predecessor",
                    Topology.ZOOKEEPER, true, List.of(SYNC), c -> new RecipeLock(c.connect(), c.lock(), c.lease(), flag(c, SYNC)));
        }
    }

    /** {@code curator-mutex}: Curator's InterProcessMutex, reentrant. */
    public static final class Mutex extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return ZooKeeperSystems.session(c);
        }

        public Mutex() {
            super("curator-mutex", "Apache Curator InterProcessMutex (reentrant: a hold count per thread)", Topology.ZOOKEEPER, true,
                    List.of(GONE_ON), c -> new CuratorMutex(c.connect(), c.lock(), c.lease(), goneOn(c)));
        }

        @Override
        public boolean reentrant() {
            return true;
        }
    }

    /** {@code zk-reentrant}: the recipe's queue with a per-thread hold count, or with a broken one. */
    public static final class Reentrant extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return ZooKeeperSystems.session(c);
        }

        private static final LockOption REENTRANCY = LockOption.choice("reentrancy", "how the lock counts a thread's holds: count"
                + " (a hold count per thread; the node is deleted when it returns to zero) or flag (deliberately broken: only"
                + " whether the thread holds, so the first nested release deletes the node)", "count", "count", "flag");

        public Reentrant() {
            super("zk-reentrant", "ZooKeeper: a reentrant lock over the recipe's queue, one node per owning thread, a hold count per"
                    + " thread", Topology.ZOOKEEPER, true, List.of(REENTRANCY),
                    c -> new ReentrantZkLock(c.connect(), c.lock(), c.lease(),
                            REENTRANCY.valueIn(c).equals("flag") ? HoldCounts.flagOnly() : HoldCounts.perOwner()));
        }

        @Override
        public boolean reentrant() {
            return true;
        }
    }

    /** {@code zk-election}: ZooKeeper's leader election recipe, a term of leadership as a hold. */
    public static final class Election extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return ZooKeeperSystems.session(c);
        }

        public Election() {
            super("zk-election", "ZooKeeper's leader election recipe: ephemeral sequential candidates, the smallest leads, each watching"
                    + " the next smaller; a term is a hold, resigning deletes the node", Topology.ZOOKEEPER, true,
                    c -> new ZkElection(c.connect(), c.lock(), c.lease()));
        }
    }

    /** {@code curator-leader-latch}: Curator's LeaderLatch, a term from await() to close(). */
    public static final class LeaderLatchElection extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return ZooKeeperSystems.session(c);
        }

        public LeaderLatchElection() {
            super("curator-leader-latch", "Apache Curator LeaderLatch: a term from await() to close(), held while hasLeadership()",
                    Topology.ZOOKEEPER, true, c -> new CuratorLeaderLatch(c.connect(), c.lock(), c.lease()));
        }
    }

    /** {@code curator-leader-selector}: Curator's LeaderSelector, a term for as long as takeLeadership runs. */
    public static final class LeaderSelectorElection extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return ZooKeeperSystems.session(c);
        }

        public LeaderSelectorElection() {
            super("curator-leader-selector", "Apache Curator LeaderSelector: a term for as long as takeLeadership runs, cancelled on"
                    + " SUSPENDED or LOST", Topology.ZOOKEEPER, true, c -> new CuratorLeaderSelector(c.connect(), c.lock(), c.lease()));
        }
    }

    /** {@code curator-semaphore}: Curator's InterProcessSemaphoreMutex. */
    public static final class SemaphoreMutex extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return ZooKeeperSystems.session(c);
        }

        public SemaphoreMutex() {
            super("curator-semaphore", "Apache Curator InterProcessSemaphoreMutex (not reentrant)", Topology.ZOOKEEPER, true,
                    List.of(GONE_ON), c -> new CuratorSemaphoreMutex(c.connect(), c.lock(), c.lease(), goneOn(c)));
        }
    }

    /** {@code curator-rw-lock}: Curator's InterProcessReadWriteLock, readers and writers. */
    public static final class ReadWrite extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return ZooKeeperSystems.session(c);
        }

        public ReadWrite() {
            super("curator-rw-lock", "Apache Curator InterProcessReadWriteLock: many readers or one writer, in one queue of"
                    + " ephemeral sequential nodes; writers may downgrade", Topology.ZOOKEEPER, true,
                    List.of(GONE_ON), c -> new CuratorReadWriteLock(c.connect(), c.lock(), c.lease(), goneOn(c)));
        }

        @Override
        public boolean readWrite() {
            return true;
        }
    }
}
