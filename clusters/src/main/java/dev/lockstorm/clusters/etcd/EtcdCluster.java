package dev.lockstorm.clusters.etcd;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabException;
import dev.lockstorm.clusters.lab.Wait;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * An etcd cluster of 3 or 5 members, one per host, formed from a static initial cluster on the
 * lab's addresses; each run has its own data directories and cluster token.
 *
 * <pre>{@code
 * EtcdCluster etcd = EtcdCluster.start(lab, List.of(n1, n2, n3));
 * etcd.awaitServing(Duration.ofSeconds(10));
 * EtcdNode leader = etcd.leader().orElseThrow();
 * }</pre>
 */
public final class EtcdCluster {
    private final List<EtcdNode> nodes;

    private EtcdCluster(List<EtcdNode> nodes) {
        this.nodes = nodes;
    }

    /** Starts every member at once (they elect a leader among themselves). */
    public static EtcdCluster start(Lab lab, List<Host> hosts) {
        if (hosts.size() < 3 || hosts.size() % 2 == 0) {
            throw new IllegalArgumentException("an etcd cluster needs an odd number of members, at least 3, not " + hosts.size());
        }
        for (Host h : hosts) lab.require(h, "etcd", "etcd-server");
        String initial = hosts.stream().map(EtcdNode::peerEntry).collect(Collectors.joining(","));
        // a token of its own per run, so that a member can never join a cluster a crashed run left behind
        String token = "lockstorm-" + java.util.UUID.randomUUID();
        List<EtcdNode> nodes = new ArrayList<>();
        for (Host h : hosts) nodes.add(new EtcdNode(lab, h, lab.dir(h).resolve("etcd").resolve(h.name()), initial, token));
        nodes.forEach(EtcdNode::start);
        return new EtcdCluster(nodes);
    }

    public List<EtcdNode> nodes() {
        return List.copyOf(nodes);
    }

    /** {@code http://address:2379,…}: what jetcd and etcdctl take as endpoints. */
    public String endpoints() {
        return nodes.stream().map(EtcdNode::clientUrl).collect(Collectors.joining(","));
    }

    /** The one member that says it leads, asking every member; empty when none or more than one do. */
    public Optional<EtcdNode> leader() {
        List<EtcdNode> leaders = nodes.stream().filter(EtcdNode::isLeader).toList();
        return leaders.size() == 1 ? Optional.of(leaders.get(0)) : Optional.empty();
    }

    /** Waits until every member is healthy and one leads. */
    public Duration awaitServing(Duration timeout) {
        return awaitServing(nodes, timeout);
    }

    /**
     * Waits until the given members are healthy and one member leads; a member whose process exited
     * fails at once, with the last lines of its log.
     */
    public Duration awaitServing(List<EtcdNode> which, Duration timeout) {
        Duration took;
        try {
            took = Wait.until("etcd to serve", () -> which.stream().anyMatch(EtcdCluster::exited)
                    || which.stream().allMatch(EtcdNode::isServing) && leader().isPresent(), timeout);
        } catch (LabException e) {
            throw new LabException("etcd not serving after " + timeout + ": " + describe(), e);
        }
        for (EtcdNode n : which) if (exited(n)) throw n.exited();
        return took;
    }

    private static boolean exited(EtcdNode n) {
        return n.process() != null && !n.process().isAlive();
    }

    /** Each member and its state: {@code etcd@n1=leader etcd@n2=follower etcd@n3=down} (unhealthy: running, without a quorum). */
    /** Empties the cluster for the next run on it, through its leader (or any member): every key and lease ({@link EtcdNode#reset}). */
    public void reset() {
        leader().orElse(nodes().get(0)).reset();
    }

    public String describe() {
        return nodes.stream().map(n -> n + "=" + (n.process() == null || exited(n) ? "down"
                        : !n.isServing() ? "unhealthy" : n.isLeader() ? "leader" : "follower"))
                .collect(Collectors.joining(" "));
    }

    public void stop() {
        nodes.forEach(EtcdNode::stop);
    }
}
