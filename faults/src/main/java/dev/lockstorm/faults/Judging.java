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
 * @param lostNeeded  for a lease a majority of independent servers judges: how many of them must stop hearing the holder
 *                    (frozen, killed, cut from it) for another client to be granted a majority, from what its client noted
 *                    of where it held the lock ({@link dev.lockstorm.api.Notes#heldOn}); 0 when it noted nothing, and then
 *                    so many that those left are no majority, as for a lock held on every server
 */
public record Judging(Collection<String> servers, LeaseModel.Judges judges, String leader, Set<String> clientHosts, Set<String> attached,
                      int lostNeeded) {
    public Judging {
        servers = List.copyOf(servers);
        clientHosts = Set.copyOf(clientHosts);
        attached = Set.copyOf(attached);
        if (lostNeeded < 0) throw new IllegalArgumentException("lostNeeded " + lostNeeded + " < 0");
    }

    /** Where the history does not say where the holder held the lock. */
    public Judging(Collection<String> servers, LeaseModel.Judges judges, String leader, Set<String> clientHosts, Set<String> attached) {
        this(servers, judges, leader, clientHosts, attached, 0);
    }

    /** Where the history does not say which member the holder was attached to. */
    public Judging(Collection<String> servers, LeaseModel.Judges judges, String leader, Set<String> clientHosts) {
        this(servers, judges, leader, clientHosts, Set.of());
    }

    /**
     * Whether losing {@code lost} of {@code of} independent servers (a majority of which judge the lease) ends the holder's
     * lease: {@link #lostNeeded} of them, or when unsaid so many that those left are no majority. The lost servers are
     * taken to be among those holding the key, the history saying only how many do.
     */
    public boolean lostEnough(long lost, int of) {
        return lost >= needed(of);
    }

    /** How many of {@code of} independent servers must be lost to end the holder's lease ({@link #lostEnough}). */
    public int needed(int of) {
        return lostNeeded > 0 ? lostNeeded : onEvery(of);
    }

    /** How many of {@code of} independent servers must be lost to end a lease held on every one: so many that those left are no majority. */
    public static int onEvery(int of) {
        return of - LeaseModel.Judges.majority(of) + 1;
    }

    /** Whether any of {@code hosts} is a server: one of {@link #servers} when the history names them, else a host that is no client's. */
    public boolean onServer(Collection<String> hosts) {
        return onServer(hosts, servers, clientHosts);
    }

    /**
     * {@link #onServer(Collection)} without a judging at hand: the same rule, over the run's servers and client hosts as they
     * are. Where the history names no servers, a host named as its clients are (c3 beside c1 and c2, Maelstrom's and
     * lockstorm's way) is a client that did nothing, not a server.
     */
    public static boolean onServer(Collection<String> hosts, Collection<String> servers, Set<String> clientHosts) {
        if (!servers.isEmpty()) return hosts.stream().anyMatch(servers::contains);
        Set<String> clientWords = clientHosts.stream().map(Judging::word).filter(w -> w != null).collect(java.util.stream.Collectors.toSet());
        return hosts.stream().noneMatch(h -> clientHosts.contains(h) || clientWords.contains(word(h)));
    }

    /** The letters before a host's number (c for c12), or null for a name that is not letters then digits. */
    private static String word(String host) {
        java.util.regex.Matcher m = NUMBERED.matcher(host);
        return m.matches() ? m.group(1) : null;
    }

    private static final java.util.regex.Pattern NUMBERED = java.util.regex.Pattern.compile("([A-Za-z]+)\\d+");

    /** Judged by one server (or any one: the key's master), no leader said. */
    public static Judging one(Collection<String> servers, Set<String> clientHosts) {
        return new Judging(servers, LeaseModel.Judges.ONE, null, clientHosts);
    }
}
