package dev.lockstorm.faults;

import dev.lockstorm.api.LeaseModel;

import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Who judged a holder's lease while a fault was in force, as far as the history says: the run's
 * servers, which of them must stop hearing the holder ({@link LeaseModel.Judges}), the leader the
 * run's watch named when the fault began, and the hosts that are clients, not servers.
 *
 * @param servers     the run's servers; empty when the history does not say
 * @param judges      which of them judge the lease
 * @param leader      the consensus group's leader when the fault began; null when the history does not say
 * @param clientHosts the clients' hosts (so that a history without servers can tell them from the hosts a fault names)
 * @param attached    the servers the holder's client was connected to when the fault began (its session's member of a
 *                    group), as the history recorded them during the hold with nothing injected since; empty when it does
 *                    not say, and then any member may be it
 */
public record Judging(Collection<String> servers, LeaseModel.Judges judges, String leader, Set<String> clientHosts, Set<String> attached) {
    public Judging {
        servers = List.copyOf(servers);
        clientHosts = Set.copyOf(clientHosts);
        attached = Set.copyOf(attached);
    }

    /** Where the history does not say which member the holder was attached to. */
    public Judging(Collection<String> servers, LeaseModel.Judges judges, String leader, Set<String> clientHosts) {
        this(servers, judges, leader, clientHosts, Set.of());
    }

    /** Whether any of {@code hosts} is a server: one of {@link #servers} when the history names them, else a host that is no client's. */
    public boolean onServer(Collection<String> hosts) {
        return onServer(hosts, servers, clientHosts);
    }

    /** {@link #onServer(Collection)} without a judging at hand: the same rule, over the run's servers and client hosts as they are. */
    public static boolean onServer(Collection<String> hosts, Collection<String> servers, Set<String> clientHosts) {
        return servers.isEmpty() ? hosts.stream().noneMatch(clientHosts::contains) : hosts.stream().anyMatch(servers::contains);
    }

    /** Judged by one server (or any one: the key's master), no leader said. */
    public static Judging one(Collection<String> servers, Set<String> clientHosts) {
        return new Judging(servers, LeaseModel.Judges.ONE, null, clientHosts);
    }
}
