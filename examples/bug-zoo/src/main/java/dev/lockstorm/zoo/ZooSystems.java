package dev.lockstorm.zoo;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.LeaseModel;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.LockSystem;
import dev.lockstorm.api.Topology;

import java.time.Duration;
import java.util.function.Function;

/**
 * The zoo's locks, each a plug-in registered in META-INF/services/dev.lockstorm.api.LockSystem like
 * any user's: on one Redis server (their lease model left undeclared, so that the checker's
 * conservative judgement is exercised too), and two on ZooKeeper and etcd that declare theirs.
 */
public abstract class ZooSystems implements LockSystem {
    private final String name;
    private final String description;
    private final boolean token;
    private final Function<ClientContext, LockClient> make;
    private final Topology topology;

    ZooSystems(String name, String description, boolean token, Function<ClientContext, LockClient> make) {
        this(name, description, token, make, Topology.REDIS_SINGLE);
    }

    ZooSystems(String name, String description, boolean token, Function<ClientContext, LockClient> make, Topology topology) {
        this.name = name;
        this.description = description;
        this.token = token;
        this.make = make;
        this.topology = topology;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public Topology topology() {
        return topology;
    }

    @Override
    public boolean fencingToken() {
        return token;
    }

    @Override
    public LockClient newClient(ClientContext context) {
        return make.apply(context);
    }

    public static final class Correct extends ZooSystems {
        public Correct() {
            super("zoo-correct", "control: SET NX PX with an INCR token, compare-and-delete", true, CorrectLock::new);
        }
    }

    public static final class Renewing extends ZooSystems {
        public Renewing() {
            super("zoo-renewing", "control: the correct lock with a watchdog that renews only its own key", true, RenewingLock::new);
        }
    }

    public static final class CheckThenSet extends ZooSystems {
        public CheckThenSet() {
            super("zoo-check-then-set", "bug: GET, then a plain SET (check-then-act)", false, CheckThenSetLock::new);
        }

        /** Between its GET and its SET: nothing is held yet, so a grant to another while it is frozen there is the lock's. */
        @Override
        public java.util.List<dev.lockstorm.api.Checkpoints.Point> checkpoints() {
            return java.util.List.of(dev.lockstorm.api.Checkpoints.Point.beforeGrant(CheckThenSetLock.AFTER_GET));
        }
    }

    public static final class BlindRelease extends ZooSystems {
        public BlindRelease() {
            super("zoo-blind-release", "bug: the release deletes the key without checking its owner", false, BlindReleaseLock::new);
        }
    }

    public static final class BlindRenewal extends ZooSystems {
        public BlindRenewal() {
            super("zoo-blind-renewal", "bug: the watchdog sets the key again without checking its owner", false, BlindRenewalLock::new);
        }
    }

    public static final class NeverLearns extends ZooSystems {
        public NeverLearns() {
            super("zoo-never-learns", "bug: the holder believes it holds until it releases", false, NeverLearnsLock::new);
        }
    }

    public static final class TrustingWaiter extends ZooSystems {
        public TrustingWaiter() {
            super("zoo-trusting-waiter", "bug: a waiter takes the lock when it hears a release, without competing for it", false, TrustingWaiterLock::new);
        }
    }

    public static final class RetrySteals extends ZooSystems {
        public RetrySteals() {
            super("zoo-retry-steals", "bug: a SET NX that timed out is retried without NX", false, RetryStealsLock::new);
        }
    }

    public static final class LocalToken extends ZooSystems {
        public LocalToken() {
            super("zoo-local-token", "bug: the token is the client's wall-clock time", true, LocalTokenLock::new);
        }
    }

    public static final class ZkSessionIgnored extends ZooSystems {
        public ZkSessionIgnored() {
            super("zoo-zk-session-ignored", "bug: a ZooKeeper ephemeral-node lock whose holder ignores its session's expiry", true,
                    SessionIgnoredLock::new, Topology.ZOOKEEPER);
        }

        /** A ZooKeeper session: pinged every third of the timeout, expired by the ensemble's leader. */
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return new LeaseModel.Renewed(c.lease(), c.lease().dividedBy(3), LeaseModel.Clock.SERVICE_MONOTONIC, LeaseModel.Judges.LEADER);
        }
    }

    public static final class EtcdKeepAliveIgnored extends ZooSystems {
        public EtcdKeepAliveIgnored() {
            super("zoo-etcd-keepalive-ignored", "bug: an etcd lease lock whose holder ignores its keep-alive's failure", true,
                    KeepAliveIgnoredLock::new, Topology.ETCD);
        }

        /** An etcd lease of the lease in whole seconds, kept alive by jetcd's stream (about a third of the TTL). */
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            Duration ttl = Duration.ofSeconds(Math.max(1, (c.lease().toMillis() + 999) / 1000));
            return new LeaseModel.Renewed(ttl, ttl.dividedBy(3), LeaseModel.Clock.SERVICE_MONOTONIC, LeaseModel.Judges.LEADER);
        }
    }

    public static final class ClientClock extends ZooSystems {
        public ClientClock() {
            super("zoo-client-clock", "bug: expiry judged on the client's wall clock", false, ClientClockExpiryLock::new);
        }
    }
}
