package dev.lockstorm.suite.internal.cluster;

import dev.lockstorm.api.Topology;
import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.clusters.redis.RedisNode;
import dev.lockstorm.nemesis.ClockFault;

import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Independent Redis masters (one for a single instance, 3 or 5 for Redlock), under the clock shim when the run moves server clocks. */
public record RedisMasterServers() implements ServerKind {
    @Override
    public Class<? extends Topology> topology() {
        return Topology.RedisMasters.class;
    }

    @Override
    public Cluster start(ServerSite site, Lab lab, Persistence persistence, boolean clocks) {
        List<Host> hosts = site.nodes(lab);
        Map<Host, ClockFault> faults = new LinkedHashMap<>();
        if (clocks) for (Host h : hosts) faults.put(h, ClockFault.create(lab, h, "redis-" + h.name()));
        List<RedisNode> nodes = RedisNode.startMasters(lab, hosts, persistence, h -> faults.containsKey(h) ? faults.get(h).env() : Map.of());
        return new Running(nodes, faults);
    }

    @Override
    public List<String> programAndPackage() {
        return List.of("redis-server", "redis-server");
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.of(Capability.SERVER_CLOCKS, Capability.PERSISTENCE);
    }

    /** Independent Redis masters: one for a single-instance lock, 3 or 5 for Redlock. */
    record Running(List<RedisNode> nodes, Map<Host, ClockFault> clocks) implements Cluster {
        @Override
        public String connect() {
            return String.join(",", nodes.stream().map(n -> "redis://" + n.host().address() + ":" + RedisNode.PORT).toList());
        }

        /** The first master for a single instance; independent masters have no leader. */
        @Override
        public Optional<RedisNode> leader() {
            return nodes.size() == 1 ? Optional.of(nodes.get(0)) : Optional.empty();
        }

        @Override
        public void awaitServing(Duration timeout) {
            nodes.forEach(n -> n.awaitServing(timeout));
        }

        @Override
        public boolean reset() {
            nodes.forEach(RedisNode::reset);
            return true;
        }

        @Override
        public Optional<ClockFault> clock(ProcessNode node) {
            return Optional.ofNullable(clocks.get(node.host()));
        }
    }
}
