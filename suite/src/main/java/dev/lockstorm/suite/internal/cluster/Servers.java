package dev.lockstorm.suite.internal.cluster;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.nemesis.ClockFault;

import java.util.List;
import java.util.Optional;

/**
 * A run's servers as its nemesis sees them: what it can pause, kill and cut, who leads, whose clock
 * it can move. A {@link Cluster} is one; a nemesis kind's plan asks only this, so that the plan can
 * be run against servers that are not there.
 */
public interface Servers {

    /** The server nodes (what kill and pause-node act on). */
    List<? extends ProcessNode> nodes();

    /** The node that leads now (ZooKeeper's leader, Redis's master), if one does. */
    Optional<? extends ProcessNode> leader();

    /** The hosts partitions cut between: the nodes' (and helpers' such as Sentinels). */
    default List<Host> hosts() {
        return nodes().stream().map(ProcessNode::host).toList();
    }

    /** The clock fault of a node, when the run's nemesis moves server clocks. */
    default Optional<ClockFault> clock(ProcessNode node) {
        return Optional.empty();
    }

    /**
     * These servers as {@code capability} (a cluster whose replica can be promoted, one whose
     * Sentinels fail over), or an {@link IllegalStateException} naming what they are: a nemesis kind
     * that needs a capability checks the topology before the run, so this is a defect if it throws.
     */
    default <T> T as(Class<T> capability) {
        if (capability.isInstance(this)) return capability.cast(this);
        throw new IllegalStateException(getClass().getSimpleName() + " is not a " + capability.getSimpleName() + " cluster");
    }

    /** Servers whose own watchers (Redis Sentinels) fail over by themselves when they see the leader down. */
    interface FailingOver extends Servers {
        /** Whether the watchers have seen {@code replica} down. */
        boolean seenDown(ProcessNode replica);
    }

    /** Servers whose replica is promoted by hand, as an HA manager does it (PostgreSQL). */
    interface Promoting extends Servers {
        /** Makes {@code replica}, one of {@link #nodes()}, the primary. */
        void promote(ProcessNode replica);
    }
}
