package dev.lockstorm.suite.run;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.zookeeper.ZooKeeperEnsemble;
import dev.lockstorm.clusters.zookeeper.ZooKeeperNode;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** The {@code --nemesis} choices as fault schedules against a ZooKeeper ensemble and its clients. */
final class NemesisPlans {
    private NemesisPlans() {
    }

    /** The schedule for {@code spec.nemesis()}, or null for none. */
    static Schedule schedule(RunSpec spec, ZooKeeperEnsemble zk, List<ClientSlot> clients, Random random) {
        List<Host> servers = zk.nodes().stream().map(ZooKeeperNode::host).toList();
        Fault isolateLeader = new Fault.Partition("isolate-leader",
                () -> Grudge.isolate(zk.leader().map(ZooKeeperNode::host).orElse(servers.get(random.nextInt(servers.size()))), servers));
        Fault halves = new Fault.Partition("random-halves", () -> Grudge.randomHalves(servers, random));
        Fault ring = new Fault.Partition("majorities-ring", () -> Grudge.majoritiesRing(servers, random));
        Fault pauseNode = new Fault.Pause("pause-leader", () -> {
            ZooKeeperNode n = zk.leader().orElse(zk.nodes().get(random.nextInt(zk.nodes().size())));
            return n.process() == null ? List.of() : List.of(n.process());
        });
        Fault pauseClient = new Fault.Pause("pause-client", () -> List.of(pauseTarget(clients, random)));
        Fault kill = new Fault.Kill("kill-node", () -> List.of(zk.nodes().get(random.nextInt(zk.nodes().size()))));
        List<Fault> faults = switch (spec.nemesis()) {
            case "none" -> List.of();
            case "partition" -> List.of(isolateLeader, halves, ring);
            case "pause-node" -> List.of(pauseNode);
            case "pause-client" -> List.of(pauseClient);
            case "kill" -> List.of(kill);
            case "mix" -> List.of(isolateLeader, halves, pauseNode, pauseClient, kill);
            default -> throw new IllegalArgumentException(spec.nemesis());
        };
        if (faults.isEmpty()) return null;
        // a paused client must stay frozen past its session, or its lease never expires
        var active = spec.nemesis().equals("pause-client") ? spec.clientPause() : spec.nemesisInterval();
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
