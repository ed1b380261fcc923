package dev.lockstorm.clusters.redis;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabException;
import dev.lockstorm.clusters.lab.Wait;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A master, its replicas and one Sentinel per node (quorum 2), the failover setup: Sentinel
 * promotes a replica when the master is down for 1 s.
 *
 * <pre>{@code
 * Sentinels s = Sentinels.start(lab, List.of(n1, n2, n3), Persistence.NONE);
 * RedisNode master = s.primary().orElseThrow();
 * }</pre>
 */
public final class Sentinels {
    public static final int PORT = 26379;
    public static final String MASTER_NAME = "lockstorm";

    private final List<RedisNode> nodes;
    private final List<Host> sentinelHosts;
    private final List<HostProcess> sentinels;

    private Sentinels(List<RedisNode> nodes, List<Host> sentinelHosts, List<HostProcess> sentinels) {
        this.nodes = nodes;
        this.sentinelHosts = List.copyOf(sentinelHosts);
        this.sentinels = sentinels;
    }

    /** Where the Sentinels listen, in the order clients should ask them. */
    public List<Host> sentinelHosts() {
        return sentinelHosts;
    }

    /** Starts the first host's node as master, the others as its replicas, and a Sentinel on every host. */
    public static Sentinels start(Lab lab, List<Host> hosts, Persistence persistence) {
        return start(lab, hosts, hosts, persistence);
    }

    /**
     * Starts the first host's node as master, the others as its replicas, and a Sentinel on each
     * of {@code sentinelHosts} (hosts of their own, as in deployments where Sentinels run beside
     * the applications: a partition between Redis nodes then does not cut Sentinels off).
     */
    public static Sentinels start(Lab lab, List<Host> hosts, List<Host> sentinelHosts, Persistence persistence) {
        List<RedisNode> nodes = new ArrayList<>();
        for (Host h : hosts) nodes.add(RedisNode.create(lab, h, persistence, Map.of()));
        for (int i = 1; i < nodes.size(); i++) nodes.get(i).replicaOf(nodes.get(0));
        nodes.forEach(RedisNode::start);
        for (RedisNode n : nodes) n.awaitServing(Duration.ofSeconds(10));
        awaitReplicasOnline(nodes.get(0), nodes.size() - 1, Duration.ofSeconds(20));
        List<HostProcess> sentinels = new ArrayList<>();
        for (Host h : sentinelHosts) {
            Path conf = lab.dir(h).resolve("redis").resolve("sentinel-" + h.name() + ".conf");
            h.write(conf, "port " + PORT + "\nbind " + h.address() + "\nprotected-mode no\n"
                    + "dir " + conf.getParent() + "\n"
                    + "sentinel monitor " + MASTER_NAME + " " + hosts.get(0).address() + " " + RedisNode.PORT + " 2\n"
                    + "sentinel down-after-milliseconds " + MASTER_NAME + " 1000\n"
                    + "sentinel failover-timeout " + MASTER_NAME + " 5000\n"
                    + "sentinel parallel-syncs " + MASTER_NAME + " 1\n");
            sentinels.add(lab.start(h, "sentinel-" + h.name(), List.of("redis-server", conf.toString(), "--sentinel"), Map.of()));
        }
        Sentinels s = new Sentinels(nodes, sentinelHosts, sentinels);
        Wait.until("the Sentinels to name a master", () -> s.primary().isPresent(), Duration.ofSeconds(15));
        return s;
    }

    /** Waits until {@code master} reports {@code count} replicas online (their first sync done). */
    static void awaitReplicasOnline(RedisNode master, int count, Duration timeout) {
        Wait.until(count + " replicas of " + master.host().name() + " to be online (see " + master.log() + ")",
                () -> onlineReplicas(master) >= count, timeout);
    }

    private static long onlineReplicas(RedisNode master) {
        try (Resp r = master.connect(Duration.ofMillis(500))) {
            return String.valueOf(r.call("INFO", "replication")).lines().filter(l -> l.startsWith("slave") && l.contains("state=online")).count();
        } catch (IOException e) {
            return 0; // not answering yet
        }
    }

    public List<RedisNode> nodes() {
        return List.copyOf(nodes);
    }

    public List<HostProcess> sentinelProcesses() {
        return List.copyOf(sentinels);
    }

    /**
     * Whether every Sentinel that answers flags {@code replica} as down ({@code s_down}), so that none
     * would choose it at a failover; false when no Sentinel answers.
     */
    public boolean seenDown(Host replica) {
        List<Object> answers = ask("SENTINEL", "replicas", MASTER_NAME);
        return !answers.isEmpty() && answers.stream().allMatch(a -> a instanceof List<?> replicas && replicas.stream()
                .anyMatch(o -> o instanceof List<?> fields && flagsDown(fields, replica.address())));
    }

    /** Whether a replica's field list (name, value, name, value, …) is the one at {@code address}, flagged {@code s_down}. */
    private static boolean flagsDown(List<?> fields, String address) {
        Map<String, String> f = new HashMap<>();
        for (int i = 0; i + 1 < fields.size(); i += 2) f.put(String.valueOf(fields.get(i)), String.valueOf(fields.get(i + 1)));
        return address.equals(f.get("ip")) && String.valueOf(f.get("flags")).contains("s_down");
    }

    /**
     * Empties the servers for the next run on them when the roles are still those they started
     * with: the Sentinels name the first node master and the others replicate it. The master is
     * flushed ({@link RedisNode#reset}) and the replicas wait until they are empty too; false when a
     * failover moved the roles.
     */
    public boolean reset() {
        RedisNode first = nodes.get(0);
        if (!primary().equals(Optional.of(first))) return false;
        for (RedisNode replica : nodes.subList(1, nodes.size())) if (!replica.role().equals(Optional.of("slave"))) return false;
        first.reset();
        Wait.until("the replicas to be emptied", () -> nodes.stream().allMatch(n -> n.keys() == 0), Duration.ofSeconds(10));
        return true;
    }

    /** The node a majority of the reachable Sentinels name as master. */
    public Optional<RedisNode> primary() {
        Map<String, Integer> votes = new HashMap<>();
        for (Object reply : ask("SENTINEL", "get-master-addr-by-name", MASTER_NAME)) {
            if (reply instanceof List<?> l && !l.isEmpty()) votes.merge(String.valueOf(l.get(0)), 1, Integer::sum);
        }
        return votes.entrySet().stream().filter(e -> e.getValue() * 2 > sentinelHosts.size()).map(Map.Entry::getKey).findFirst()
                .flatMap(addr -> nodes.stream().filter(n -> n.host().address().equals(addr)).findFirst());
    }

    /** Each reachable Sentinel's reply to {@code command}; one that is down or cut off gives none. */
    private List<Object> ask(String... command) {
        List<Object> answers = new ArrayList<>();
        for (Host h : sentinelHosts) {
            try (Resp r = Resp.connect(h.address(), PORT, Duration.ofMillis(500))) {
                answers.add(r.call(command));
            } catch (IOException e) {
                // this Sentinel is down or cut off
            }
        }
        return answers;
    }
}
