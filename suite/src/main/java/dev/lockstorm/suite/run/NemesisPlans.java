package dev.lockstorm.suite.run;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** The {@code --nemesis} choices as fault schedules against a run's cluster and its clients. */
final class NemesisPlans {
    private NemesisPlans() {
    }

    /** The schedule for {@code spec.nemesis()}, or null for none. */
    static Schedule schedule(RunSpec spec, Cluster cluster, List<ClientSlot> clients, Random random) {
        List<Host> servers = cluster.hosts();
        List<? extends ProcessNode> nodes = cluster.nodes();
        List<Host> clientHosts = clients.stream().map(ClientSlot::host).toList();
        // with one server, a partition cuts clients off it; with several, servers from each other
        Fault isolateLeader = servers.size() == 1
                ? new Fault.Partition("cut-off-server", () -> Grudge.components(List.of(servers, clientHosts)))
                : new Fault.Partition("isolate-leader", () -> Grudge.isolate(
                        cluster.leader().map(ProcessNode::host).orElse(servers.get(random.nextInt(servers.size()))), servers));
        Fault halves = new Fault.Partition("random-halves", () -> Grudge.randomHalves(servers, random));
        Fault ring = new Fault.Partition("majorities-ring", () -> Grudge.majoritiesRing(servers, random));
        Fault pauseNode = new Fault.Pause("pause-leader", () -> {
            ProcessNode n = cluster.leader().map(ProcessNode.class::cast).orElse(nodes.get(random.nextInt(nodes.size())));
            return n.process() == null ? List.of() : List.of(n.process());
        });
        Fault pauseClient = new Fault.Pause("pause-client", () -> List.of(pauseTarget(clients, random)));
        Fault kill = new Fault.Kill("kill-node", () -> List.of(nodes.get(random.nextInt(nodes.size()))));
        List<Fault> faults = switch (spec.nemesis()) {
            case "none" -> List.of();
            case "partition" -> servers.size() == 1 ? List.of(isolateLeader) : List.of(isolateLeader, halves, ring);
            case "pause-node" -> List.of(pauseNode);
            case "pause-client" -> List.of(pauseClient);
            case "kill" -> List.of(kill);
            case "mix" -> servers.size() == 1 ? List.of(isolateLeader, pauseNode, pauseClient, kill)
                    : List.of(isolateLeader, halves, pauseNode, pauseClient, kill);
            default -> throw new IllegalArgumentException(spec.nemesis());
        };
        if (faults.isEmpty()) return null;
        // a paused client must stay frozen past its session, or its lease never expires; a killed
        // node comes back after a second, while the locks taken before the crash are still held
        var active = switch (spec.nemesis()) {
            case "pause-client" -> spec.clientPause();
            case "kill" -> java.time.Duration.ofSeconds(1);
            default -> spec.nemesisInterval();
        };
        return Schedule.random(faults, spec.nemesisInterval(), active, random);
    }

    /** The client holding the lock now (a GC pause hurts most there), else any client. */
    private static HostProcess pauseTarget(List<ClientSlot> clients, Random random) {
        List<ClientSlot> holding = new ArrayList<>();
        for (ClientSlot c : clients) if (c.holds() && c.worker() != null) holding.add(c);
        List<ClientSlot> pool = holding.isEmpty() ? clients.stream().filter(c -> c.worker() != null).toList() : holding;
        return pool.get(random.nextInt(pool.size())).worker();
    }
}
