package dev.lockstorm.locks.etcd;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.LeaseModel;
import dev.lockstorm.api.LockOption;
import dev.lockstorm.api.Topology;
import dev.lockstorm.locks.BuiltInSystem;

import java.util.List;

/**
 * The etcd lock systems lockstorm ships, each against a 3-member cluster, each holding through a
 * lease of the run's TTL (whole seconds, at least etcd's minimum of 2) kept alive by jetcd; the
 * token is the lock key's create revision.
 */
public final class EtcdSystems {
    /** What an etcd-lock client logs when etcd grants it a lock key that no longer exists (its lease expired while it waited). */
    public static final String GRANTED_EXPIRED = "but the key does not exist (its lease expired while it waited)";

    private EtcdSystems() {
    }

    private static final LockOption VERIFY_KEY = BuiltInSystem.flag("verify-key", "after a grant, read the lock key; a grant whose"
            + " key is gone (its lease expired while it waited) is given back and fails", "false");

    /** {@code etcd-lock}: etcd's lock service (v3lock) through jetcd's Lock client. */
    /** An etcd lease: its TTL the lease in whole seconds, rounded up (etcd's unit), kept alive every third of it ({@code EtcdLease}). */
    static LeaseModel keptAlive(ClientContext c) {
        java.time.Duration ttl = java.time.Duration.ofSeconds(Math.max(1, (c.lease().toMillis() + 999) / 1000));
        return new LeaseModel.Renewed(ttl, java.time.Duration.ofMillis(Math.max(100, ttl.toMillis() / 3)), LeaseModel.Clock.SERVICE_MONOTONIC, LeaseModel.Judges.LEADER);
    }

    public static final class Lock extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return EtcdSystems.keptAlive(c);
        }

        public Lock() {
            super("etcd-lock", "etcd's Lock API through jetcd: a lease kept alive, the lock key's create revision as the token",
                    Topology.ETCD, true, List.of(VERIFY_KEY), c -> new EtcdLock(c.connect(), c.lock(), c.lease(), flag(c, VERIFY_KEY)));
        }
    }

    /** {@code etcd-txn-lock}: the hand-written lock, a transaction that creates the key if absent. */
    public static final class TxnLock extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return EtcdSystems.keptAlive(c);
        }

        public TxnLock() {
            super("etcd-txn-lock", "etcd by hand: a transaction that puts the lock key with the lease if it is absent, polled",
                    Topology.ETCD, true, c -> new EtcdTxnLock(c.connect(), c.lock(), c.lease()));
        }
    }
}
