package dev.lockstorm.locks.redisson;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.LeaseModel;
import dev.lockstorm.api.Topology;
import dev.lockstorm.locks.BuiltInSystem;

/** Redisson's locks, configured for fault testing (no retries, explicit timeouts). */
public final class RedissonSystems {
    private RedissonSystems() {
    }

    /** {@code redisson-watchdog}: RLock, renewed by the watchdog (timeout = the run's lease). */
    public static final class Watchdog extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return new LeaseModel.Renewed(c.lease(), c.lease().dividedBy(3), LeaseModel.Clock.SERVICE, LeaseModel.Judges.ONE);
        }

        public Watchdog() {
            super("redisson-watchdog", "Redisson RLock in watchdog mode (lockWatchdogTimeout = the lease); no token",
                    Topology.REDIS_SINGLE, false, c -> new RedissonWatchdogLock(c.connect(), c.lease()));
        }
    }

    /** {@code redisson-lease}: RLock with a fixed lease. */
    public static final class FixedLease extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return new LeaseModel.Fixed(c.lease(), LeaseModel.Clock.SERVICE, LeaseModel.Judges.ONE);
        }

        public FixedLease() {
            super("redisson-lease", "Redisson RLock with a fixed lease time; no token", Topology.REDIS_SINGLE, false,
                    c -> new RedissonLeaseLock(c.connect(), c.lease()));
        }
    }

    /** {@code redisson-fenced}: RFencedLock, whose token increases with every grant. */
    public static final class Fenced extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return new LeaseModel.Renewed(c.lease(), c.lease().dividedBy(3), LeaseModel.Clock.SERVICE, LeaseModel.Judges.ONE);
        }

        public Fenced() {
            super("redisson-fenced", "Redisson RFencedLock (watchdog mode); the token is Redisson's", Topology.REDIS_SINGLE, true,
                    c -> new RedissonFencedLockClient(c.connect(), c.lease()));
        }
    }

    /** {@code redisson-redlock}: RedissonRedLock over one client per master. */
    public static final class RedLock extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return new LeaseModel.Renewed(c.lease(), c.lease().dividedBy(3), LeaseModel.Clock.SERVICE, LeaseModel.Judges.MAJORITY);
        }

        public RedLock() {
            super("redisson-redlock", "Redisson RedissonRedLock over one client per master; no token", new Topology.RedisMasters(3), false,
                    c -> new RedissonRedLockClient(c.connect(), c.lease()));
        }
    }
}
