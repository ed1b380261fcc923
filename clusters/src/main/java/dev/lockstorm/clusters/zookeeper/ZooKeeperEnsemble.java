package dev.lockstorm.clusters.zookeeper;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabException;
import dev.lockstorm.clusters.lab.Wait;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A ZooKeeper ensemble of 3 or 5 servers from the Maven artifact, one JVM per host.
 *
 * <pre>{@code
 * ZooKeeperEnsemble zk = ZooKeeperEnsemble.start(lab, List.of(n1, n2, n3), ZooKeeperOptions.defaults());
 * zk.awaitServing(Duration.ofSeconds(30));
 * ZooKeeperNode leader = zk.leader().orElseThrow();
 * }</pre>
 */
public final class ZooKeeperEnsemble {
    private final List<ZooKeeperNode> nodes;

    private ZooKeeperEnsemble(List<ZooKeeperNode> nodes) {
        this.nodes = nodes;
    }

    /** Writes each node's configuration and starts every server at once. */
    public static ZooKeeperEnsemble start(Lab lab, List<Host> hosts, ZooKeeperOptions options) {
        if (hosts.size() < 3 || hosts.size() % 2 == 0) {
            throw new IllegalArgumentException("an ensemble needs an odd number of servers, at least 3, not " + hosts.size());
        }
        List<ZooKeeperNode> nodes = new ArrayList<>();
        for (int i = 0; i < hosts.size(); i++) {
            Host h = hosts.get(i);
            Path root = lab.dir(h).resolve("zookeeper");
            Path dir = root.resolve(h.name());
            Path cfg = root.resolve(h.name() + ".cfg");
            ZooKeeperNode.writeConfig(h, cfg, dir, i + 1, hosts, options);
            nodes.add(new ZooKeeperNode(lab, h, i + 1, dir, cfg, options));
        }
        nodes.forEach(ZooKeeperNode::start);
        return new ZooKeeperEnsemble(nodes);
    }

    public List<ZooKeeperNode> nodes() {
        return List.copyOf(nodes);
    }

    public ZooKeeperNode node(String hostName) {
        return nodes.stream().filter(n -> n.host().name().equals(hostName)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no ZooKeeper node on host " + hostName));
    }

    /** {@code n1:2181,n2:2181,n3:2181} by address. */
    public String connectString() {
        return nodes.stream().map(n -> n.host().address() + ":" + ZooKeeperNode.CLIENT_PORT).collect(Collectors.joining(","));
    }

    /** The one node that says it leads, asking every node; empty when none or more than one do. */
    public Optional<ZooKeeperNode> leader() {
        List<ZooKeeperNode> leaders = nodes.stream().filter(n -> n.mode().filter("leader"::equals).isPresent()).toList();
        return leaders.size() == 1 ? Optional.of(leaders.get(0)) : Optional.empty();
    }

    /** Waits until every running node serves and exactly one leads; throws with each node's mode after {@code timeout}. */
    public Duration awaitServing(Duration timeout) {
        return awaitServing(nodes, timeout);
    }

    /** Waits until the given nodes serve and one of all nodes leads. */
    public Duration awaitServing(List<ZooKeeperNode> which, Duration timeout) {
        try {
            return Wait.until("ZooKeeper to serve", () -> which.stream().allMatch(ZooKeeperNode::isServing) && leader().isPresent(), timeout);
        } catch (LabException e) {
            throw new LabException("ZooKeeper not serving after " + timeout + ": " + describe(), e);
        }
    }

    /** Each node and its mode, e.g. {@code zk1@n1=leader zk2@n2=follower zk3@n3=down}. */
    /**
     * Empties the ensemble for the next run on it: every znode but ZooKeeper's own {@code /zookeeper}
     * (lock paths, sequence counters, the ephemeral nodes of sessions not yet expired). A session a
     * killed client left expires later on its own and finds its nodes already gone.
     */
    public void reset() {
        // the client's INFO lines (a dozen per session) would go to the run's terminal: the driver's own loggers are quiet
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.zookeeper", System.getProperty("org.slf4j.simpleLogger.log.org.apache.zookeeper", "warn"));
        java.util.concurrent.CountDownLatch connected = new java.util.concurrent.CountDownLatch(1);
        org.apache.zookeeper.ZooKeeper zk = null;
        try {
            zk = new org.apache.zookeeper.ZooKeeper(connectString(), 10_000, e -> {
                if (e.getState() == org.apache.zookeeper.Watcher.Event.KeeperState.SyncConnected) connected.countDown();
            });
            if (!connected.await(10, java.util.concurrent.TimeUnit.SECONDS)) throw new LabException("no session with " + connectString() + " within 10 s");
            for (String child : zk.getChildren("/", false)) {
                if (!child.equals("zookeeper")) org.apache.zookeeper.ZKUtil.deleteRecursive(zk, "/" + child);
            }
            List<String> left = zk.getChildren("/", false);
            if (!left.equals(List.of("zookeeper"))) throw new LabException("znodes left after the reset: " + left);
        } catch (org.apache.zookeeper.KeeperException e) {
            throw new LabException("could not empty the ensemble for the next run: " + e.getMessage(), e);
        } catch (java.io.IOException e) {
            throw new LabException("could not reach the ensemble to empty it: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted while emptying the ensemble", e);
        } finally {
            if (zk != null) {
                try {
                    zk.close();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    public String describe() {
        return nodes.stream().map(n -> n + "=" + n.mode().orElse("down")).collect(Collectors.joining(" "));
    }

    public void stop() {
        nodes.forEach(ZooKeeperNode::stop);
    }
}
