package dev.lockstorm.suite.internal.cluster;

import dev.lockstorm.api.Topology;
import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.Wait;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.clusters.redis.RedisNode;
import dev.lockstorm.clusters.redis.Sentinels;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Redis with Sentinel: a master, its replicas, and a Sentinel on each helper host, which fail over by themselves. */
public record SentinelServers() implements ServerKind {
    @Override
    public Class<? extends Topology> topology() {
        return Topology.RedisSentinel.class;
    }

    @Override
    public Cluster start(ServerSite site, Lab lab, Persistence persistence, boolean clocks) {
        List<Host> sentinelHosts = site.helpers(lab);
        return new Running(Sentinels.start(lab, site.nodes(lab), sentinelHosts, persistence));
    }

    @Override
    public List<String> programAndPackage() {
        return List.of("redis-server", "redis-server");
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.of(Capability.PERSISTENCE, Capability.SENTINEL_FAILOVER);
    }

    /** A master, its replicas and a Sentinel on every host; clients find the master through the Sentinels. */
    record Running(Sentinels sentinels) implements Cluster.SentinelFailover {
        @Override
        public List<RedisNode> nodes() {
            return sentinels.nodes();
        }

        @Override
        public String connect() {
            return "redis-sentinel://" + String.join(",", sentinels.sentinelHosts().stream().map(h -> h.address() + ":" + Sentinels.PORT).toList())
                    + "#" + Sentinels.MASTER_NAME;
        }

        /** The Redis nodes and the Sentinels' hosts: a partition between them is what makes Sentinel fail over. */
        @Override
        public List<Host> hosts() {
            List<Host> all = new ArrayList<>(nodes().stream().map(ProcessNode::host).toList());
            all.addAll(sentinels.sentinelHosts());
            return all;
        }

        /** The master a majority of the Sentinels name. */
        @Override
        public Optional<RedisNode> leader() {
            return sentinels.primary();
        }

        @Override
        public void awaitServing(Duration timeout) {
            nodes().forEach(n -> n.awaitServing(timeout));
            Wait.until("the Sentinels to name a master", () -> sentinels.primary().isPresent(), timeout);
        }

        /** Emptied when no failover moved the roles ({@link Sentinels#reset}); after one, the next run starts its own. */
        @Override
        public boolean reset() {
            return sentinels.reset();
        }
    }
}
