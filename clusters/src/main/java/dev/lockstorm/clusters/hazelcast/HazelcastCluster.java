package dev.lockstorm.clusters.hazelcast;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabException;
import dev.lockstorm.clusters.lab.Wait;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Hazelcast members with the CP Subsystem, every member a CP member (3 or 5), one JVM per host.
 *
 * <pre>{@code
 * HazelcastCluster hz = HazelcastCluster.start(lab, List.of(n1, n2, n3), HazelcastOptions.defaults());
 * hz.awaitServing(Duration.ofSeconds(90));
 * String connect = hz.connectString();   // "10.77.0.11:5701,10.77.0.12:5701,10.77.0.13:5701"
 * }</pre>
 */
public final class HazelcastCluster {
    private final List<HazelcastNode> nodes;

    private HazelcastCluster(List<HazelcastNode> nodes) {
        this.nodes = nodes;
    }

    /** Starts every member at once; they find each other by the list of addresses. */
    public static HazelcastCluster start(Lab lab, List<Host> hosts, HazelcastOptions options) {
        if (hosts.size() != 3 && hosts.size() != 5) throw new IllegalArgumentException("a CP group of 3 or 5 members, not " + hosts.size());
        List<HazelcastNode> nodes = new ArrayList<>();
        for (Host h : hosts) nodes.add(new HazelcastNode(lab, h, hosts, options));
        nodes.forEach(HazelcastNode::start);
        return new HazelcastCluster(nodes);
    }

    public List<HazelcastNode> nodes() {
        return List.copyOf(nodes);
    }

    /**
     * The default CP group's leader: the member a majority of all members says leads (each as its
     * Raft node sees it, {@link HazelcastNode#leaderSeen}); empty while no majority agrees (an
     * election, a cut-off leader's stale view, no group yet).
     */
    public java.util.Optional<HazelcastNode> leader() {
        java.util.Map<String, Integer> votes = new java.util.HashMap<>();
        for (HazelcastNode n : nodes) n.leaderSeen().ifPresent(a -> votes.merge(a, 1, Integer::sum));
        return nodes.stream().filter(n -> votes.getOrDefault(n.host().address(), 0) > nodes.size() / 2).findFirst();
    }

    /** {@code address:5701,…}, what a Hazelcast client is given. */
    public String connectString() {
        return nodes.stream().map(n -> n.host().address() + ":" + HazelcastNode.PORT).collect(Collectors.joining(","));
    }

    /**
     * After faults: waits until every member runs again, then up to {@code timeout} for the CP
     * Subsystem to be whole; whether it is. Members started again after kills may never make it
     * whole (a majority of the CP group lost at once is lost for good without CP persistence):
     * that is the lock being unavailable, which the run's quiet period then finds, not a failure
     * of the lab.
     */
    public boolean awaitRecovered(Duration timeout) {
        Wait.until("every Hazelcast member to run", () -> nodes.stream().allMatch(n -> n.process() != null && n.process().isAlive()),
                Duration.ofSeconds(30));
        try {
            awaitServing(timeout);
            return true;
        } catch (LabException e) {
            return false;
        }
    }

    /**
     * Empties the members for another run as if just started: every CP session of the default
     * group is force-closed, which frees every lock a session held (a killed client's session would
     * otherwise hold its lock for its time to live, and a kept worker's closed client may not have
     * closed its own yet). The CP objects themselves stay, free: a destroyed one cannot be made again
     * under its name, and a lock's fences only grow. Over the members' REST API (its CP endpoints).
     * Throws when a member is not a CP member again (a group that lost its majority to kills: it
     * starts anew), when the default group has not every member in it or no leader a majority names
     * within 15 s (a run on a group of two, or one still electing, would meet a split or a kill
     * that means something else), when the member asked does not answer, or when a session is left.
     */
    public void reset() {
        List<HazelcastNode> notServing = nodes.stream().filter(n -> !n.isServing()).toList();
        if (!notServing.isEmpty()) throw new LabException(notServing + " not serving as CP members again");
        HazelcastNode n = nodes.get(0);
        Wait.until("the default CP group to hold all " + nodes.size() + " members and a leader a majority names",
                () -> groupMembers(n) == nodes.size() && leader().isPresent(), Duration.ofSeconds(15));
        for (long id : sessions(n)) n.rest("/groups/default/sessions/" + id + "/remove", HazelcastMember.CLUSTER + "&");
        List<Long> left = sessions(n);
        if (!left.isEmpty()) throw new LabException("CP sessions " + left + " left on " + n + " after the reset");
    }

    /** How many members the default CP group lists (its REST answer names each member's address once), -1 when unanswered. */
    private static int groupMembers(HazelcastNode n) {
        try {
            return (int) ADDRESS.matcher(n.rest("/groups/default", null)).results().count();
        } catch (LabException e) {
            return -1;
        }
    }

    private static final java.util.regex.Pattern ADDRESS = java.util.regex.Pattern.compile("\"address\"\\s*:");

    private static final java.util.regex.Pattern SESSION_ID = java.util.regex.Pattern.compile("\"id\"\\s*:\\s*(\\d+)");

    private static List<Long> sessions(HazelcastNode n) {
        List<Long> ids = new ArrayList<>();
        for (var m = SESSION_ID.matcher(n.rest("/groups/default/sessions", null)); m.find(); ) ids.add(Long.parseLong(m.group(1)));
        return ids;
    }

    /** Waits until every member's CP Subsystem is ready; throws naming those that are not. */
    public void awaitServing(Duration timeout) {
        try {
            Wait.until("the Hazelcast CP Subsystem to be ready", () -> nodes.stream().allMatch(HazelcastNode::isServing), timeout);
        } catch (LabException e) {
            throw new LabException("Hazelcast CP Subsystem not ready after " + timeout + ": not ready on "
                    + nodes.stream().filter(n -> !n.isServing()).map(HazelcastNode::toString).collect(Collectors.joining(", "))
                    + " (see their logs in " + nodes.get(0).log().getParent() + ")", e);
        }
    }
}
