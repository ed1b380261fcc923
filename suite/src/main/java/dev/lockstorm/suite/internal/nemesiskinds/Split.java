package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.api.LockSystem;
import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.nemesis.Grudge;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code split-*} choreographies: client c1 cut off the last server and c2 off the first, for
 * the whole run, so that each can reach a majority and the two majorities share only the middle
 * server, which the choreography then acts on.
 */
public sealed interface Split extends NemesisKind permits SplitClock, SplitKill {

    @Override
    default boolean choreography() {
        return true;
    }

    /** c1 and c2 are each cut off one server for the whole run. */
    @Override
    default boolean cutsClients(dev.lockstorm.api.Topology topology) {
        return true;
    }

    @Override
    default Optional<String> unfitFor(LockSystem system, int clients) {
        return system.topology().nodes() < 3 || clients < 2
                ? Optional.of("--nemesis " + name() + " needs at least 3 servers and 2 clients (" + system.name() + " has "
                        + system.topology().nodes() + " servers; the run has " + clients + " clients)")
                : Optional.empty();
    }

    @Override
    default Optional<Grudge> standing(Targets t) {
        List<Host> servers = t.servers().hosts();
        Map<Host, Set<Host>> refuses = new LinkedHashMap<>();
        refuses.put(t.clients().get(0).host(), Set.of(servers.get(servers.size() - 1)));
        refuses.put(t.clients().get(1).host(), Set.of(servers.get(0)));
        return Optional.of(Grudge.refusing(refuses));
    }

    /** The server both majorities share. */
    static ProcessNode middle(Targets t) {
        List<? extends ProcessNode> nodes = t.servers().nodes();
        return nodes.get(nodes.size() / 2);
    }
}
