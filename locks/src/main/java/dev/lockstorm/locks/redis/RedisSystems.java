package dev.lockstorm.locks.redis;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.LeaseModel;
import dev.lockstorm.api.LockOption;
import dev.lockstorm.api.Topology;
import dev.lockstorm.locks.BuiltInSystem;
import org.springframework.integration.redis.util.RedisLockRegistry;

import java.util.Arrays;
import java.util.List;

/** The Redis locks lockstorm writes itself with Lettuce: SET NX PX on one server or through Sentinel, and Redlock. */
public final class RedisSystems {
    private RedisSystems() {
    }

    static final LockOption CLIENT = LockOption.choice("client", "how Lettuce is configured: fault-testing (no reconnect, commands refused"
            + " while disconnected) or deployed (Lettuce's defaults: it reconnects and sends what was queued, also commands whose caller"
            + " timed out)", "fault-testing", "fault-testing", "deployed");
    static final LockOption RELEASE = LockOption.choice("release", "how a release deletes the key: compare-and-delete (only our value, in"
            + " Lua) or del (a plain DEL, the blind release of many hand-written locks)", "compare-and-delete", "compare-and-delete", "del");

    static final LockOption RETRY = LockOption.choice("retry", "what an acquire does when its SET timed out or its connection broke: none"
            + " (the outcome is unknown), blind (the same SET sent again, up to 3 times, as clients that retry failed commands do; after a"
            + " broken connection only client=deployed reconnects to send it) or idempotent (the same, and a SET that finds the client's own"
            + " value returns that grant)", "none", "none", "blind", "idempotent");

    /** {@code redis-single}: SET NX PX on one server, the token from INCR in the same script. */
    public static final class Single extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return new LeaseModel.Fixed(c.lease(), LeaseModel.Clock.SERVICE, LeaseModel.Judges.ONE);
        }

        public Single() {
            super("redis-single", "SET NX PX with a Lua release and extend; the token is INCR in the same script",
                    Topology.REDIS_SINGLE, true, List.of(CLIENT, RELEASE, RETRY),
                    c -> new RedisSingleLock(c.connect(), c.lease(), 0,
                            CLIENT.valueIn(c).equals("deployed") ? RedisSingleLock.ClientMode.DEPLOYED : RedisSingleLock.ClientMode.FAULT_TESTING,
                            RELEASE.valueIn(c).equals("del") ? RedisSingleLock.ReleaseMode.DEL : RedisSingleLock.ReleaseMode.COMPARE_AND_DELETE,
                            RedisSingleLock.RetryMode.valueOf(RETRY.valueIn(c).toUpperCase(java.util.Locale.ROOT))));
        }
    }

    static final LockOption LOCK_TYPE = LockOption.choice("lock-type", "how RedisLockRegistry's waiters wait: spin (SPIN_LOCK, SET every"
            + " 100 ms) or pub-sub (PUB_SUB_LOCK, woken by the holder's unlock message)", "spin", "spin", "pub-sub");
    static final LockOption RENEWAL = LockOption.choice("renewal", "whether a renewal task scheduler extends a held lock every third of"
            + " expireAfter (none: the key expires under a holder that runs longer)", "none", "none", "scheduled");

    /** {@code spring-redis-registry}: Spring Integration's RedisLockRegistry on one server. */
    public static final class SpringRedisRegistry extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return RENEWAL.valueIn(c).equals("scheduled") ? new LeaseModel.Renewed(c.lease(), c.lease().dividedBy(3), LeaseModel.Clock.SERVICE, LeaseModel.Judges.ONE) : new LeaseModel.Fixed(c.lease(), LeaseModel.Clock.SERVICE, LeaseModel.Judges.ONE);
        }

        public SpringRedisRegistry() {
            super("spring-redis-registry", "Spring Integration's RedisLockRegistry over Lettuce on one server, expireAfter = the lease,"
                    + " spin or pub-sub waiters, with or without scheduled renewal; no token", Topology.REDIS_SINGLE, false, List.of(LOCK_TYPE, RENEWAL),
                    c -> new SpringRedisRegistryLock(c.connect(), c.lock(), c.lease(),
                            LOCK_TYPE.valueIn(c).equals("pub-sub") ? RedisLockRegistry.RedisLockType.PUB_SUB_LOCK : RedisLockRegistry.RedisLockType.SPIN_LOCK,
                            RENEWAL.valueIn(c).equals("scheduled")));
        }
    }

    /** {@code redis-sentinel}: the same against the master the Sentinels name. */
    public static final class Sentinel extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return new LeaseModel.Fixed(c.lease(), LeaseModel.Clock.SERVICE, LeaseModel.Judges.KEY_MASTER);
        }

        public Sentinel() {
            super("redis-sentinel", "SET NX PX against the master the Sentinels name (each new connection asks them)",
                    Topology.REDIS_SENTINEL, true, c -> new RedisSingleLock(c.connect(), c.lease()));
        }
    }

    /** {@code redis-sentinel-wait}: the same, and WAIT for replicas after a grant; given back when too few have it. */
    public static final class SentinelWait extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return new LeaseModel.Fixed(c.lease(), LeaseModel.Clock.SERVICE, LeaseModel.Judges.KEY_MASTER);
        }

        public SentinelWait() {
            super("redis-sentinel-wait", "redis-sentinel, then WAIT after a grant; a grant too few replicas acknowledged is given back",
                    Topology.REDIS_SENTINEL, true,
                    List.of(new LockOption("wait-replicas", "replicas that must acknowledge a grant (WAIT n)", "1")),
                    c -> new RedisSingleLock(c.connect(), c.lease(), positive(c.option("wait-replicas"), "wait-replicas")));
        }
    }

    /** {@code redlock}: Redlock on 3 independent masters, to the redis.io page. */
    public static final class Redlock3 extends RedlockSystem {
        public Redlock3() {
            super("redlock", "Redlock written to the redis.io page: a majority of 3 masters within the validity time; no token", 3);
        }
    }

    /** {@code redlock-5}: the same on 5 masters. */
    public static final class Redlock5 extends RedlockSystem {
        public Redlock5() {
            super("redlock-5", "Redlock on 5 masters; no token", 5);
        }
    }

    /** Redlock on {@code masters} masters: a fixed lease a majority judges, and its point once a majority said OK. */
    public abstract static class RedlockSystem extends BuiltInSystem {
        RedlockSystem(String name, String description, int masters) {
            super(name, description, new Topology.RedisMasters(masters), false, List.of(DRIFT, NODE_TIMEOUT, VALIDITY), RedisSystems::redlock);
        }

        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return new LeaseModel.Fixed(c.lease(), LeaseModel.Clock.SERVICE, LeaseModel.Judges.MAJORITY);
        }

        /** Once a majority said OK, before the time spent is weighed: the masters have granted by then ({@code pause-in-acquire}). */
        @Override
        public List<dev.lockstorm.api.Checkpoints.Point> checkpoints() {
            return List.of(dev.lockstorm.api.Checkpoints.Point.afterGrant(Redlock.PAUSE_AFTER_MAJORITY));
        }
    }

    private static final LockOption DRIFT = new LockOption("clock-drift-factor",
            "the share of the TTL subtracted from the validity for clock drift (the page's 0.01)", "0.01");

    private static final LockOption NODE_TIMEOUT = new LockOption("node-timeout", "how long each master's answer is waited for, in ms;"
            + " page: the page's advice, TTL/200 between 5 and 50 ms (a client library's default is seconds: Redisson's 3000)", "page");
    private static final LockOption VALIDITY = LockOption.choice("validity", "how a grant's validity is counted: elapsed (the page's: TTL"
            + " minus the time the SETs took, no grant when that is spent) or from-reply (the whole TTL from the last reply: no"
            + " elapsed-time check)", "elapsed", "elapsed", "from-reply");

    private static Redlock redlock(dev.lockstorm.api.ClientContext c) {
        java.time.Duration ttl = c.lease();
        String timeout = c.option(NODE_TIMEOUT.name());
        java.time.Duration perNode = timeout.equals("page") ? Redlock.pageTimeout(ttl)
                : java.time.Duration.ofMillis(positive(timeout, NODE_TIMEOUT.name()));
        Redlock.Validity validity = VALIDITY.valueIn(c).equals("from-reply") ? Redlock.Validity.FROM_REPLY : Redlock.Validity.ELAPSED;
        double d = drift(c.option(DRIFT.name()));
        return new Redlock(Arrays.asList(c.connect().split(",")), ttl, d, perNode, validity);
    }

    private static double drift(String drift) {
        double d;
        try {
            d = Double.parseDouble(drift);
        } catch (NumberFormatException e) {
            d = -1;
        }
        if (!(d >= 0 && d < 1)) throw new IllegalArgumentException("clock-drift-factor must be a number from 0 to below 1, not '" + drift + "'");
        return d;
    }

    private static int positive(String value, String option) {
        try {
            int n = Integer.parseInt(value);
            if (n >= 1) return n;
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException(option + " must be a whole number of at least 1, not '" + value + "'");
    }
}
