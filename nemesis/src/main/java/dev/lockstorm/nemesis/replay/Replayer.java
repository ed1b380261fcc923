package dev.lockstorm.nemesis.replay;

import dev.lockstorm.clusters.Node;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.nemesis.ClientProcess;
import dev.lockstorm.nemesis.ClockFault;
import dev.lockstorm.nemesis.Heal;
import dev.lockstorm.nemesis.Nemesis;
import dev.lockstorm.nemesis.RenewalSwitch;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * What an {@link Action} is done again through, in a later run: the run's nemesis, and its hosts,
 * servers, clients and clocks found by the names the schedule recorded, for the step in hand. Each
 * action says how it is replayed ({@link Action#replay}); the run says what the names are.
 * Anything a name does not find is a {@link dev.lockstorm.nemesis.Fault.Missed}: recorded, not thrown at the run.
 */
public interface Replayer {
    Nemesis nemesis();

    /** The run's host of that name. */
    default Host host(String name) {
        return nemesis().host(name);
    }

    /** Each host by name with the hosts listed for it, as this run's hosts (a cut's, a lossy, slow or delayed link's). */
    default Map<Host, Set<Host>> hosts(Map<String, List<String>> byName) {
        Map<Host, Set<Host>> m = new LinkedHashMap<>();
        byName.forEach((h, others) -> m.put(host(h), new LinkedHashSet<>(others.stream().map(this::host).toList())));
        return m;
    }

    /** Whether the name is a client's (c1, c2, …) rather than a server's. */
    boolean isClient(String host);

    /** The server on that host. */
    Node node(String host);

    /** That host's clock fault, a server's or a client's. */
    ClockFault clock(String host);

    /** The renewal switch a client's worker watches. */
    RenewalSwitch renewalSwitch(String client);

    /** The worker that stopped itself at the step's checkpoint, or null when the step came at none. */
    HostProcess reachedCheckpoint();

    /**
     * Does {@code act} to the client process the step aims at: the holder now (whoever holds the lock
     * in this run) when the recorded fault was aimed at the holder, with {@code "holder"} as what it
     * was aimed at; else the named client's worker as it is, aimed at nothing. Returns the process.
     */
    ClientProcess aimed(String client, BiConsumer<ClientProcess, String> act);

    /** How long the step was held in the recorded run. */
    Duration length();

    /**
     * The heal of a fault that replaces the one of its family in force (a cut replaced by the next
     * cut): it undoes it only while no later step of that family has replaced it.
     */
    Heal owning(Class<? extends Action> family, Runnable heal);
}
