package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.nemesis.Action;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.HolderAim;
import dev.lockstorm.suite.internal.cluster.Servers;

import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

/** What a run's nemesis acts on: its servers and clients, and when. */
public interface Targets {
    /** The run's servers. */
    Servers servers();

    List<? extends Client> clients();

    /** The clients that do not hold the lock now: the waiters, while some client holds it. */
    default List<? extends Client> waiting() {
        return clients().stream().filter(c -> !c.holds()).toList();
    }

    /** Whether a client acquired the lock a moment ago and some client still holds it: when faults that matter while a lock is held land. */
    boolean justAcquired();

    /** Whether {@code client} (by its host's name: c3) was granted the lock a moment ago and still holds it. */
    boolean justAcquiredBy(String client);

    /** How long {@code client} has held the lock, in nanoseconds, or -1 when it does not hold it. */
    long heldFor(String client);

    /** Faults aimed at the client that holds the lock find it here, atomically with the driver's view of holds. */
    HolderAim holder();

    /**
     * Calls {@code listener} when a client's worker process is found dead by itself (not killed by the
     * driver for a late answer), before its driver records the operation it was in as crashed.
     */
    void onWorkerDeath(java.util.function.Consumer<dev.lockstorm.nemesis.ClientProcess> listener);

    /** The nemesis's own source of random choices (from the run's seed). */
    Random random();

    Rhythm rhythm();

    /**
     * Whether one client's links to the servers may be cut, its alone: in a lab, and on SSH hosts with
     * a client host for each client; not where the clients run on the control node, whose links carry
     * the run itself, nor where clients share a host and its links.
     */
    boolean clientLinksCut();

    /**
     * A fault whose actions, chosen when it comes, are done to this run's servers, clients and clocks
     * by the names they hold, as a replay of the recorded step would do them again.
     */
    default Fault fault(String name, Supplier<? extends List<? extends Action>> actions) {
        return fault(name, Duration.ZERO, actions);
    }

    /** The same, for actions that act for their whole {@code length} (a strobed clock). */
    default Fault fault(String name, Duration length, Supplier<? extends List<? extends Action>> actions) {
        return new Fault.Chosen(name, n -> new RunReach(this, n, length), actions);
    }

    /** A cut of this run's hosts, chosen when it comes. */
    default Fault cut(String name, Supplier<Grudge> grudge) {
        return fault(name, () -> List.of(grudge.get()));
    }

    /**
     * The run's protected resource when it is a service of its own, as a server node on its host (r1): the nemesis may freeze
     * it, kill it and start it again, and delay the links to it; the pause point is armed there too (the service hands it to
     * its caller). Empty for a resource kept in the driver.
     */
    default java.util.Optional<dev.lockstorm.clusters.ProcessNode> resourceService() {
        return java.util.Optional.empty();
    }

    /** The resource service's host, when there is one. */
    default java.util.Optional<dev.lockstorm.clusters.lab.Host> resourceHost() {
        return resourceService().map(dev.lockstorm.clusters.ProcessNode::host);
    }

    /** The run's directory on the client hosts, where the files that clients watch (pause points, renewal switches) live. */
    java.nio.file.Path clientDir();
}
