package dev.lockstorm.suite.internal.cluster;

import dev.lockstorm.api.Topology;
import dev.lockstorm.clusters.etcd.EtcdCluster;
import dev.lockstorm.clusters.etcd.EtcdNode;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.redis.Persistence;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** etcd: Debian's etcd, one member per node. */
public record EtcdServers() implements ServerKind {
    @Override
    public Class<? extends Topology> topology() {
        return Topology.Etcd.class;
    }

    @Override
    public Cluster start(ServerSite site, Lab lab, Persistence persistence, boolean clocks) {
        EtcdCluster etcd = EtcdCluster.start(lab, site.nodes(lab));
        etcd.awaitServing(Duration.ofSeconds(30));
        return new Running(etcd);
    }

    @Override
    public List<String> programAndPackage() {
        return List.of("etcd", "etcd-server");
    }

    /** An etcd cluster. */
    record Running(EtcdCluster etcd) implements Cluster {
        @Override
        public List<EtcdNode> nodes() {
            return etcd.nodes();
        }

        @Override
        public String connect() {
            return etcd.endpoints();
        }

        @Override
        public Optional<EtcdNode> leader() {
            return etcd.leader();
        }

        @Override
        public void awaitServing(Duration timeout) {
            etcd.awaitServing(timeout);
        }

        @Override
        public boolean reset() {
            etcd.reset();
            return true;
        }
    }
}
