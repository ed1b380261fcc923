package dev.lockstorm.suite.internal.cluster;

import dev.lockstorm.api.Topology;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.Lab;

import java.util.ArrayList;
import java.util.List;

/**
 * A family of servers of a run and the hosts they take: the lock's (n1 …, helpers s1 …), or the
 * protected resource's own (d1 …, helpers ds1 …), which a resource names with
 * {@link dev.lockstorm.api.ResourceType#servers()}. Every family starts on the hosts its site gives
 * ({@link ServerKind#start}), so that both run side by side in one lab.
 *
 * @param topology the servers
 * @param prefix   what its hosts' names start with: {@code ""} for the lock's, {@code "d"} for the resource's
 */
public record ServerSite(Topology topology, String prefix) {

    /** The lock's servers: n1 …, s1 …. */
    public static ServerSite lock(Topology topology) {
        return new ServerSite(topology, "");
    }

    /** The resource's own servers: d1 …, ds1 …. */
    public static ServerSite resource(Topology topology) {
        return new ServerSite(topology, "d");
    }

    /** Every host's name: the nodes', then the helpers'. */
    public List<String> hostNames() {
        List<String> names = new ArrayList<>(nodeNames());
        names.addAll(helperNames());
        return List.copyOf(names);
    }

    /** The server nodes' host names. */
    public List<String> nodeNames() {
        // the lock's nodes are n1 …; the resource's d1 …, not "dn1": a name says whose data it holds
        return topology.hostNames().stream().limit(topology.nodes()).map(n -> prefix.isEmpty() ? n : prefix + n.substring(1)).toList();
    }

    /** The helpers' host names (Sentinels). */
    public List<String> helperNames() {
        return topology.helperHosts().stream().map(n -> prefix + n).toList();
    }

    /** The nodes' hosts in {@code lab}. */
    public List<Host> nodes(Lab lab) {
        return nodeNames().stream().map(lab::host).toList();
    }

    /** The helpers' hosts in {@code lab}. */
    public List<Host> helpers(Lab lab) {
        return helperNames().stream().map(lab::host).toList();
    }

    /** Its server family. */
    public ServerKind kind() {
        return ServerKind.of(topology);
    }
}
