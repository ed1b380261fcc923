package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.Node;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;

import java.time.Duration;
import java.util.function.BiConsumer;

/**
 * What an {@link Action} reaches its targets through: the run's nemesis, and its hosts, servers,
 * clients and clocks by the names the action holds. A run's own faults are chosen as actions
 * ({@link Fault.Chosen}) and injected through one; a replay's steps through one
 * that also knows the step in hand (a checkpoint reached, a fault aimed at the holder now). Each
 * action says how it is done ({@link Action#inject}); the run says what the names are. Anything a
 * name does not find is a {@link Fault.Missed}: recorded, not thrown at the run.
 */
public interface Reach {
    Nemesis nemesis();

    /** The run's host of that name. */
    default Host host(String name) {
        return nemesis().host(name);
    }

    /** Whether the name is a client's (c1, c2, …) rather than a server's. */
    boolean isClient(String host);

    /** The server on that host. */
    Node node(String host);

    /** The process of the server on that host, to freeze: null while it is down. */
    default HostProcess serverProcess(String host) {
        return node(host).process();
    }

    /** That host's clock fault, a server's or a client's. */
    ClockFault clock(String host);

    /** The renewal switch a client's worker watches. */
    RenewalSwitch renewalSwitch(String client);

    /** The worker that stopped itself at a replayed step's checkpoint, or null: a run's own faults come at none. */
    default HostProcess reachedCheckpoint() {
        return null;
    }

    /**
     * Does {@code act} to the client process the action names, and returns it: the named client's
     * worker as it is, aimed at nothing; in a replay of a fault aimed at the holder, the holder now
     * (whoever holds the lock in this run), with {@code "holder"} as what it was aimed at.
     */
    ClientProcess aimed(String client, BiConsumer<ClientProcess, String> act);

    /** How long the action is held: one that acts for its whole length (a strobed clock) blocks that long. */
    Duration length();

    /**
     * The heal of a fault that replaces the one of its family in force (a cut replaced by the next
     * cut). A replay's undoes it only while no later step of that family has replaced it; a run's own
     * schedule heals a group's faults before it injects the next, so its heal is plain.
     */
    default Heal owning(Class<? extends Action> family, Runnable heal) {
        return heal::run;
    }
}
