package dev.lockstorm.suite.run;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.nemesis.ClockFault;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Schedule;
import dev.lockstorm.workloads.PausePoint;
import dev.lockstorm.workloads.redis.Redlock;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * The {@code --nemesis} choices as fault schedules against a run's cluster and its clients.
 *
 * <p>The public ones are Jepsen's kinds. Faults that only matter while a lock is held (kill,
 * clock) wait until a client has just acquired it, so that a short run meets the moment that
 * matters. The scenario nemeses are fixed choreographies of the named scenarios: {@code split-*}
 * first cuts client c1 off the last node and c2 off the first, so that each can reach a majority
 * that shares only the middle node, then acts on that middle node.
 */
final class NemesisPlans {
    /** The nemeses a user picks with {@code --nemesis}. */
    static final List<String> PUBLIC = List.of("none", "partition", "pause-node", "pause-client", "kill", "clock", "mix");
    /** The choreographies of named scenarios (accepted by {@code --nemesis} too). */
    static final List<String> SCENARIO = List.of("split-clock", "split-kill", "split-kill-late", "pause-in-acquire", "failover-cut",
            "failover-lagging");

    private static final Duration FRESH = Duration.ofMillis(300);

    private NemesisPlans() {
    }

    static boolean movesServerClocks(String nemesis) {
        return Set.of("clock", "mix", "split-clock").contains(nemesis);
    }

    static boolean movesClientClocks(String nemesis) {
        return nemesis.equals("clock");
    }

    /** Environment of client {@code index}'s worker processes beyond its clock's. */
    static Map<String, String> clientEnv(RunSpec spec, int index, Lab lab) {
        return spec.nemesis().equals("pause-in-acquire") && index == 0
                ? Map.of(PausePoint.ENV, Redlock.PAUSE_AFTER_MAJORITY, PausePoint.ARMED_ENV, armFile(lab).toString(),
                        PausePoint.MIN_MS_ENV, Long.toString(spec.sessionTimeout().toMillis() + 500))
                : Map.of();
    }

    /** Arms the clients' pause points (while the nemesis runs). */
    static void armPausePoints(Lab lab) {
        try {
            Files.writeString(armFile(lab), "armed while the nemesis runs\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Disarms them, before the final heal resumes whoever froze itself. */
    static void disarmPausePoints(Lab lab) {
        try {
            Files.deleteIfExists(armFile(lab));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path armFile(Lab lab) {
        return lab.dir().resolve("pause-point.armed");
    }

    /** A partition in place for the whole run (healed at its end), if the nemesis has one. */
    static Optional<Grudge> setup(String nemesis, Cluster cluster, List<ClientSlot> clients) {
        if (nemesis.startsWith("failover-") && cluster instanceof Cluster.RedisSentinel sentinel) {
            return Optional.of(FailoverChoreography.cut(sentinel, nemesis.equals("failover-lagging")));
        }
        if (!nemesis.startsWith("split-")) return Optional.empty();
        List<Host> servers = cluster.hosts();
        if (servers.size() < 3 || clients.size() < 2) {
            throw new IllegalArgumentException("--nemesis " + nemesis + " needs at least 3 servers and 2 clients");
        }
        Map<Host, Set<Host>> refuses = new LinkedHashMap<>();
        refuses.put(clients.get(0).host(), Set.of(servers.get(servers.size() - 1)));
        refuses.put(clients.get(1).host(), Set.of(servers.get(0)));
        return Optional.of(new Grudge(refuses));
    }

    /** The plan for {@code spec.nemesis()}, or null for none. */
    static NemesisPlan plan(RunSpec spec, Cluster cluster, List<ClientSlot> clients, ClientSlot.Holders holders, Random random) {
        if (spec.nemesis().startsWith("failover-")) {
            if (!(cluster instanceof Cluster.RedisSentinel sentinel)) {
                throw new IllegalArgumentException("--nemesis " + spec.nemesis() + " needs a Sentinel system (redis-sentinel, redis-sentinel-wait)");
            }
            return new FailoverChoreography(sentinel, spec.nemesis().equals("failover-lagging"), () -> holders.justAcquired(FRESH),
                    spec.sessionTimeout());
        }
        Schedule s = schedule(spec, cluster, clients, holders, random);
        return s == null ? null : s::run;
    }

    private static Schedule schedule(RunSpec spec, Cluster cluster, List<ClientSlot> clients, ClientSlot.Holders holders, Random random) {
        List<Host> servers = cluster.hosts();
        List<? extends ProcessNode> nodes = cluster.nodes();
        List<Host> clientHosts = clients.stream().map(ClientSlot::host).toList();
        BooleanSupplier justAcquired = () -> holders.justAcquired(FRESH);
        Duration lease = spec.sessionTimeout();
        ProcessNode middle = nodes.get(nodes.size() / 2);

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
        List<Fault> clockFaults = clockFaults(cluster, clients, lease, random);

        Duration active = spec.nemesisInterval();
        List<Fault> faults;
        BooleanSupplier when = null;
        switch (spec.nemesis()) {
            case "none" -> faults = List.of();
            case "partition" -> faults = servers.size() == 1 ? List.of(isolateLeader) : List.of(isolateLeader, halves, ring);
            case "pause-node" -> faults = List.of(pauseNode);
            case "pause-client" -> {
                // frozen past its lease, or the lease never expires
                faults = List.of(pauseClient);
                active = spec.clientPause();
            }
            case "kill" -> {
                // back after a second, while the lock taken before the crash is still held
                faults = List.of(kill);
                active = Duration.ofSeconds(1);
                when = justAcquired;
            }
            case "clock" -> {
                if (clockFaults.isEmpty()) throw new IllegalArgumentException("the clock nemesis has no clock to move");
                faults = clockFaults;
                when = justAcquired;
            }
            case "mix" -> {
                List<Fault> mix = new ArrayList<>(servers.size() == 1 ? List.of(isolateLeader, pauseNode, pauseClient, kill)
                        : List.of(isolateLeader, halves, pauseNode, pauseClient, kill));
                mix.addAll(clockFaults.stream().filter(f -> !f.name().startsWith("client")).toList());
                faults = mix;
            }
            case "split-clock" -> {
                // the middle node's clock jumps past the TTL while a lock is held there
                ClockFault clock = cluster.clock(middle).orElseThrow();
                faults = List.of(new Fault.ClockJump("jump-" + middle.host().name(), clock, lease.multipliedBy(2)));
                active = lease;
                when = justAcquired;
            }
            case "split-kill", "split-kill-late" -> {
                // the middle node crashes while a lock is held there; restarted at once or after the TTL
                faults = List.of(new Fault.Kill("kill-" + middle.host().name(), () -> List.of(middle)));
                active = spec.nemesis().equals("split-kill") ? Duration.ofSeconds(1) : lease.plusSeconds(2);
                // a late restart must stay late: no crash the end-of-run heal would undo early
                long lastStart = System.nanoTime() + spec.timeLimit().minus(active).toNanos();
                when = () -> justAcquired.getAsBoolean() && System.nanoTime() < lastStart;
            }
            case "pause-in-acquire" -> {
                // client c1 freezes itself at Redlock's pause point (a majority locked); keep it frozen past the TTL
                ClientSlot c1 = clients.get(0);
                faults = List.of(new Fault.Pause("pause-c1-in-acquire", () -> List.of(c1.worker())));
                active = spec.clientPause();
                when = () -> c1.worker() != null && c1.worker().isPaused();
            }
            default -> throw new IllegalArgumentException(spec.nemesis());
        }
        if (faults.isEmpty()) return null;
        // choreographies keep their exact timing (a restart after the TTL must not be jittered below it)
        Schedule s = spec.nemesis().equals("pause-in-acquire") ? Schedule.sequence(faults, Duration.ofMillis(10), active)
                : spec.nemesis().startsWith("split-") ? Schedule.sequence(faults, spec.nemesisInterval(), active)
                : Schedule.random(faults, spec.nemesisInterval(), active, random);
        return when == null ? s : s.when(when);
    }

    /**
     * Clock faults on servers (a jump past the lease, running three times fast, strobing by the lease)
     * and on clients (±60 s, strobe), for the nodes and clients that have a clock fault.
     */
    private static List<Fault> clockFaults(Cluster cluster, List<ClientSlot> clients, Duration lease, Random random) {
        List<Fault> faults = new ArrayList<>();
        for (ProcessNode n : cluster.nodes()) {
            cluster.clock(n).ifPresent(c -> {
                faults.add(new Fault.ClockJump("jump-" + n.host().name(), c, lease.multipliedBy(2)));
                faults.add(new Fault.ClockRate("fast-" + n.host().name(), c, 3.0));
                faults.add(new Fault.ClockStrobe("strobe-" + n.host().name(), c, lease, Duration.ofMillis(200), lease.multipliedBy(2)));
            });
        }
        for (ClientSlot c : clients) {
            if (c.clock() != null) {
                faults.add(new Fault.ClockJump("client-jump-" + c.host().name(), c.clock(), Duration.ofSeconds(random.nextBoolean() ? 60 : -60)));
                faults.add(new Fault.ClockStrobe("client-strobe-" + c.host().name(), c.clock(), Duration.ofSeconds(20),
                        Duration.ofMillis(100), Duration.ofSeconds(2)));
            }
        }
        return faults;
    }

    /** The client holding the lock now (a GC pause hurts most there), else any client. */
    private static HostProcess pauseTarget(List<ClientSlot> clients, Random random) {
        List<ClientSlot> holding = new ArrayList<>();
        for (ClientSlot c : clients) if (c.holds() && c.worker() != null) holding.add(c);
        List<ClientSlot> pool = holding.isEmpty() ? clients.stream().filter(c -> c.worker() != null).toList() : holding;
        return pool.get(random.nextInt(pool.size())).worker();
    }
}
