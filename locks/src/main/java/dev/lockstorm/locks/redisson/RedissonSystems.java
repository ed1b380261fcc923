package dev.lockstorm.locks.redisson;

import dev.lockstorm.api.Topology;
import dev.lockstorm.locks.BuiltInSystem;

/** Redisson's locks, configured for fault testing (no retries, explicit timeouts). */
public final class RedissonSystems {
    private RedissonSystems() {
    }

    /** {@code redisson-watchdog}: RLock, renewed by the watchdog (timeout = the run's lease). */
    public static final class Watchdog extends BuiltInSystem {
        public Watchdog() {
            super("redisson-watchdog", "Redisson RLock in watchdog mode (lockWatchdogTimeout = the lease); no token",
                    Topology.REDIS_SINGLE, false, c -> new RedissonWatchdogLock(c.connect(), c.lease()));
        }
    }

    /** {@code redisson-lease}: RLock with a fixed lease. */
    public static final class FixedLease extends BuiltInSystem {
        public FixedLease() {
            super("redisson-lease", "Redisson RLock with a fixed lease time; no token", Topology.REDIS_SINGLE, false,
                    c -> new RedissonLeaseLock(c.connect(), c.lease()));
        }
    }

    /** {@code redisson-fenced}: RFencedLock, whose token increases with every grant. */
    public static final class Fenced extends BuiltInSystem {
        public Fenced() {
            super("redisson-fenced", "Redisson RFencedLock (watchdog mode); the token is Redisson's", Topology.REDIS_SINGLE, true,
                    c -> new RedissonFencedLockClient(c.connect(), c.lease()));
        }
    }

    /** {@code redisson-redlock}: RedissonRedLock over one client per master. */
    public static final class RedLock extends BuiltInSystem {
        public RedLock() {
            super("redisson-redlock", "Redisson RedissonRedLock over one client per master; no token", new Topology.RedisMasters(3), false,
                    c -> new RedissonRedLockClient(c.connect(), c.lease()));
        }
    }
}
