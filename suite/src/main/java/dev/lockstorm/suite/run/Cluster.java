package dev.lockstorm.suite.run;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.redis.RedisNode;
import dev.lockstorm.clusters.zookeeper.ZooKeeperEnsemble;
import dev.lockstorm.clusters.zookeeper.ZooKeeperNode;
import dev.lockstorm.clusters.zookeeper.ZooKeeperOptions;
import dev.lockstorm.workloads.LockSystems;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The servers a run's clients lock against, of the kind the system under test needs. */
sealed interface Cluster {

    /** The server nodes (what kill and pause-node act on). */
    List<? extends ProcessNode> nodes();

    /** What a client connects with: a ZooKeeper connect string or a redis:// URI. */
    String connect();

    /** The node that leads now (ZooKeeper's leader, Redis's master), if one does. */
    Optional<? extends ProcessNode> leader();

    /** Waits until every node serves again (after the final heal). */
    void awaitServing(Duration timeout);

    default List<Host> hosts() {
        return nodes().stream().map(ProcessNode::host).toList();
    }

    /** Host names of the servers for {@code system}. */
    static List<String> serverHosts(String system) {
        return LockSystems.REDIS.contains(system) ? List.of("n1") : List.of("n1", "n2", "n3");
    }

    static Cluster start(RunSpec spec, Lab lab) {
        List<Host> hosts = serverHosts(spec.system()).stream().map(lab::host).toList();
        if (LockSystems.REDIS.contains(spec.system())) {
            RedisNode n = RedisNode.startMasters(lab, hosts, spec.persistence(), h -> Map.of()).get(0);
            return new RedisSingle(n);
        }
        ZooKeeperEnsemble zk = ZooKeeperEnsemble.start(lab, hosts, ZooKeeperOptions.defaults());
        zk.awaitServing(Duration.ofSeconds(60));
        return new ZooKeeper(zk);
    }

    /** A 3-node ZooKeeper ensemble. */
    record ZooKeeper(ZooKeeperEnsemble zk) implements Cluster {
        @Override
        public List<ZooKeeperNode> nodes() {
            return zk.nodes();
        }

        @Override
        public String connect() {
            return zk.connectString();
        }

        @Override
        public Optional<ZooKeeperNode> leader() {
            return zk.leader();
        }

        @Override
        public void awaitServing(Duration timeout) {
            zk.awaitServing(timeout);
        }
    }

    /** One Redis master. */
    record RedisSingle(RedisNode node) implements Cluster {
        @Override
        public List<RedisNode> nodes() {
            return List.of(node);
        }

        @Override
        public String connect() {
            return "redis://" + node.host().address() + ":" + RedisNode.PORT;
        }

        @Override
        public Optional<RedisNode> leader() {
            return Optional.of(node);
        }

        @Override
        public void awaitServing(Duration timeout) {
            node.awaitServing(timeout);
        }
    }
}
