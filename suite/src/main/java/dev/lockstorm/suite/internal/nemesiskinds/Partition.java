package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Schedule;

import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * {@code partition}: Jepsen's partitions among the servers, at random: the leader isolated, random
 * halves, a ring of overlapping majorities (on three servers, where such a ring cuts nothing, a
 * bridge: two sides that see only the node between them). With one server, the clients are cut off it.
 */
public record Partition() implements NemesisKind {
    @Override
    public boolean cutsClients(dev.lockstorm.api.Topology topology) {
        return topology.nodes() == 1; // one server: the clients are cut off it
    }

    @Override
    public String name() {
        return "partition";
    }

    @Override
    public String description() {
        return "isolate the leader, random halves, a ring of majorities or (3 servers) a bridge; one server: clients cut off it";
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Rhythm r = t.rhythm();
        // a cut a little shorter or longer than the lease, or than the time a waiter waits for the lock
        return Optional.of(Schedule.random(faults(t), r.interval(), r.interval(), t.random()).around(List.of(r.lease(), r.lease().plusSeconds(1)))::run);
    }

    /** The partitions of this kind for the run's servers. */
    static List<Fault> faults(Targets t) {
        List<Host> servers = t.servers().hosts();
        Random random = t.random();
        if (servers.size() == 1) {
            List<Host> clients = t.clients().stream().map(Client::host).toList();
            return List.of(t.cut("cut-off-server", () -> Grudge.components(List.of(servers, clients))));
        }
        // on fewer than five servers a ring of majorities is every node seeing every other (an empty cut): a bridge instead
        Fault third = servers.size() >= 5 ? t.cut("majorities-ring", () -> Grudge.majoritiesRing(servers, random))
                : t.cut("bridge", () -> Grudge.bridge(servers, random));
        return List.of(isolateLeader(t), t.cut("random-halves", () -> Grudge.randomHalves(servers, random)), third);
    }

    /** The leader (a random server where none leads) cut off from the other servers. */
    static Fault isolateLeader(Targets t) {
        List<Host> servers = t.servers().hosts();
        return t.cut("isolate-leader", () -> Grudge.isolate(
                t.servers().leader().map(ProcessNode::host).orElse(servers.get(t.random().nextInt(servers.size()))), servers));
    }
}
