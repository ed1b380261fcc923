package dev.lockstorm.suite.internal.cluster;

import dev.lockstorm.api.Topology;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.clusters.zookeeper.ZooKeeperEnsemble;
import dev.lockstorm.clusters.zookeeper.ZooKeeperNode;
import dev.lockstorm.clusters.zookeeper.ZooKeeperOptions;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** ZooKeeper: an ensemble from the Maven artifact, one JVM per node; its clients hold sessions the servers expire. */
public record ZooKeeperServers() implements ServerKind {
    @Override
    public Class<? extends Topology> topology() {
        return Topology.ZooKeeper.class;
    }

    @Override
    public Cluster start(ServerSite site, Lab lab, Persistence persistence, boolean clocks) {
        ZooKeeperEnsemble zk = ZooKeeperEnsemble.start(lab, site.nodes(lab), ZooKeeperOptions.defaults());
        zk.awaitServing(Duration.ofSeconds(60));
        return new Running(zk);
    }

    @Override
    public List<String> programAndPackage() {
        return JAVA;
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.of(Capability.SESSIONS);
    }

    /** A ZooKeeper ensemble. */
    record Running(ZooKeeperEnsemble zk) implements Cluster {
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

        @Override
        public boolean reset() {
            zk.reset();
            return true;
        }
    }
}
