package com.acme.lock.lockstorm;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.LockSystem;
import dev.lockstorm.api.LeaseModel;
import dev.lockstorm.api.Topology;

/**
 * Acme's lock described for lockstorm, twice: as it was first used, and with the lock node's czxid
 * handed on as a fencing token. Each is registered in META-INF/services/dev.lockstorm.api.LockSystem.
 */
public abstract class AcmeLockSystems implements LockSystem {
    private final String name;
    private final String description;
    private final boolean fenced;

    private AcmeLockSystems(String name, String description, boolean fenced) {
        this.name = name;
        this.description = description;
        this.fenced = fenced;
    }

    /** {@code acme-zk-lock}: no fencing token. */
    public static final class Naive extends AcmeLockSystems {
        public Naive() {
            super("acme-zk-lock", "Acme's ZooKeeper lock: an ephemeral node, NodeExists means busy; no token", false);
        }
    }

    /** {@code acme-zk-fenced}: the lock node's czxid as the fencing token. */
    public static final class Fenced extends AcmeLockSystems {
        public Fenced() {
            super("acme-zk-fenced", "Acme's ZooKeeper lock with the lock node's czxid as the fencing token", true);
        }
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
        return Topology.ZOOKEEPER;
    }

    @Override
    public boolean fencingToken() {
        return fenced;
    }

    /** Acme's lock lives as long as its ZooKeeper session: pinged every third of the timeout, expired by the ensemble's leader. */
    @Override
    public LeaseModel leaseModel(ClientContext context) {
        return new LeaseModel.Renewed(context.lease(), context.lease().dividedBy(3), LeaseModel.Clock.SERVICE_MONOTONIC, LeaseModel.Judges.LEADER);
    }

    @Override
    public LockClient newClient(ClientContext context) {
        return new AcmeLockClient(context, fenced);
    }
}
