package dev.lockstorm.suite.internal.cluster;

import dev.lockstorm.api.Topology;
import dev.lockstorm.clusters.hazelcast.HazelcastCluster;
import dev.lockstorm.clusters.hazelcast.HazelcastNode;
import dev.lockstorm.clusters.hazelcast.HazelcastOptions;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.redis.Persistence;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Hazelcast: members in a JVM each, with the CP Subsystem on or (unsafe mode) off. */
public record HazelcastServers() implements ServerKind {
    @Override
    public Class<? extends Topology> topology() {
        return Topology.Hazelcast.class;
    }

    @Override
    public Cluster start(ServerSite site, Lab lab, Persistence persistence, boolean clocks) {
        boolean cp = ((Topology.Hazelcast) site.topology()).cp();
        HazelcastCluster hz = HazelcastCluster.start(lab, site.nodes(lab), HazelcastOptions.defaults().withCp(cp));
        hz.awaitServing(Duration.ofSeconds(120));
        return new Running(hz, cp);
    }

    @Override
    public List<String> programAndPackage() {
        return JAVA;
    }

    /** Hazelcast members, with the CP Subsystem ({@code cp}) or without. */
    record Running(HazelcastCluster hz, boolean cp) implements Cluster {
        @Override
        public List<HazelcastNode> nodes() {
            return hz.nodes();
        }

        @Override
        public String connect() {
            return hz.connectString();
        }

        /** The default CP group's leader, as a majority of the members see it; none in unsafe mode. */
        @Override
        public Optional<HazelcastNode> leader() {
            return cp ? hz.leader() : Optional.empty();
        }

        /**
         * Every CP session closed, which frees the locks they held ({@link HazelcastCluster#reset}).
         * Unsafe mode (no CP members) is not emptied that way: its members start anew.
         */
        @Override
        public boolean reset() {
            if (!cp) return false;
            hz.reset();
            return true;
        }

        /** Every member running again; the CP group whole again if it can be (see {@link HazelcastCluster#awaitRecovered}). */
        @Override
        public void awaitServing(Duration timeout) {
            hz.awaitRecovered(timeout);
        }
    }
}
