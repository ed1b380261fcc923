package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.LineStamp;
import dev.lockstorm.locks.PausePoint;
import dev.lockstorm.nemesis.ClientProcess;
import dev.lockstorm.nemesis.ClockFault;
import dev.lockstorm.nemesis.HolderAim;
import dev.lockstorm.nemesis.Pace;
import dev.lockstorm.suite.internal.cluster.Servers;
import dev.lockstorm.suite.internal.workload.Role;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A run with nothing behind it, in virtual time: three servers n1…n3 (n1 leads while it runs), clients
 * c1…cN that take the lock in turn — client {@code i % N} is granted it at the start of slot {@code i}
 * and holds it for {@link #HOLD} of the slot's {@link #SLOT} — and a {@link RecordingNemesis} that
 * writes down what a plan does, at which virtual moment, against what. Time moves only when the plan
 * sleeps or polls, so a plan of a minute runs in milliseconds and always the same way for a seed.
 * While a pause point is armed, the client granted next reaches it: it freezes itself there, or ends,
 * as the kind's client environment says.
 */
final class PlanWorld implements Targets, Pace {
    static final long SLOT = 2_000_000_000L;
    static final long HOLD = 1_500_000_000L;
    /** Past this, a plan that still runs is stuck in virtual time. */
    private static final long LIMIT = Duration.ofHours(1).toNanos();

    private final Rhythm rhythm;
    private final Random random;
    private final Path clientDir = Path.of("/lockstorm/run/clients");
    final List<Node> nodes = new ArrayList<>();
    /** The resource's service on r1. */
    final Node resource;
    private final Map<ProcessNode, ClockFault> serverClocks = new LinkedHashMap<>();
    final List<WorldClient> clients = new ArrayList<>();
    private final Map<String, FakeHost> hosts = new LinkedHashMap<>();
    private final List<Consumer<ClientProcess>> deathListeners = new ArrayList<>();
    private final boolean pointKills;
    private long now;
    private int nextProcess;
    /** The node promoted by hand, which leads from then on. */
    private ProcessNode promoted;
    final RecordingNemesis nemesis;

    /**
     * @param kind        the kind whose plan runs here (its client environment says whether a pause point freezes or kills)
     * @param clients     how many clients
     * @param readers     how many of them read (a read-write lock's), 0 for a plain lock
     * @param clocks      whether servers and clients run under the clock shim
     */
    PlanWorld(NemesisKind kind, Rhythm rhythm, long seed, int clients, int readers, boolean clocks) {
        this.rhythm = rhythm;
        this.random = new Random(seed);
        this.pointKills = "kill".equals(kind.clientEnv(0, rhythm, clientDir).get(PausePoint.ACTION_ENV));
        for (int i = 1; i <= 3; i++) {
            Node n = new Node(host("n" + i));
            n.start();
            nodes.add(n);
            if (clocks) serverClocks.put(n, ClockFault.detached("server-n" + i, "n" + i));
        }
        for (int i = 0; i < clients; i++) {
            String name = "c" + (i + 1);
            this.clients.add(new WorldClient(host(name), Role.of(i, clients, readers, readers > 0), clocks ? ClockFault.detached("client-" + name, name) : null));
        }
        this.resource = new Node(host("r1"));
        resource.start();
        this.nemesis = new RecordingNemesis(this);
    }

    FakeHost host(String name) {
        return hosts.computeIfAbsent(name, FakeHost::new);
    }

    // ---- time ----

    @Override
    public long now() {
        return now;
    }

    /** Moves virtual time to {@code deadline}, granting the lock at each slot's start on the way. */
    @Override
    public boolean sleepUntil(long deadline) {
        while (now < deadline) {
            long next = Math.min(deadline, (now / SLOT + 1) * SLOT);
            now = next;
            if (now % SLOT == 0) granted();
            if (now > LIMIT) throw new AssertionError("the plan still runs after an hour of virtual time");
        }
        return true;
    }

    /** A client granted the lock: while the pause point is armed, it reaches the point and freezes or ends there. */
    private void granted() {
        if (!armed()) return;
        WorldClient c = holderOfSlot();
        HostProcess w = c.worker();
        if (pointKills) {
            ClientProcess dead = new ClientProcess(w, c.process);
            w.kill();
            deathListeners.forEach(l -> l.accept(dead));
        } else {
            w.signal("STOP");
        }
    }

    private boolean armed() {
        Path file = PausePoints.armFile(clientDir);
        return clients.stream().anyMatch(c -> hosts.get(c.host.name()).files.contains(file));
    }

    private WorldClient holderOfSlot() {
        return clients.get((int) ((now / SLOT) % clients.size()));
    }

    /** The client that holds the lock now, if one does. */
    Optional<WorldClient> holderNow() {
        return now % SLOT < HOLD ? Optional.of(holderOfSlot()) : Optional.empty();
    }

    /** How far into the slot's hold it is now, in nanoseconds. */
    private long intoHold() {
        return now % SLOT;
    }

    // ---- targets ----

    @Override
    public Servers servers() {
        return new WorldServers();
    }

    @Override
    public List<WorldClient> clients() {
        return clients;
    }

    @Override
    public boolean justAcquired() {
        return holderNow().isPresent() && intoHold() < 300_000_000L;
    }

    @Override
    public boolean justAcquiredBy(String client) {
        return justAcquired() && holderNow().get().host.name().equals(client);
    }

    @Override
    public long heldFor(String client) {
        return holderNow().filter(c -> c.host.name().equals(client)).map(c -> intoHold()).orElse(-1L);
    }

    @Override
    public HolderAim holder() {
        return (which, act) -> {
            Optional<WorldClient> h = holderNow();
            if (h.isEmpty()) return HolderAim.Aim.miss("no client held the lock");
            ClientProcess p = new ClientProcess(h.get().worker(), h.get().process);
            if (!which.test(p)) return HolderAim.Aim.miss("the holder was not one aimed at");
            act.accept(p);
            return HolderAim.Aim.hit(p);
        };
    }

    @Override
    public void onWorkerDeath(Consumer<ClientProcess> listener) {
        deathListeners.add(listener);
    }

    @Override
    public Random random() {
        return random;
    }

    @Override
    public Rhythm rhythm() {
        return rhythm;
    }

    /** Whether the placement lets a kind cut clients' links (clients on hosts of their own); a test may say not. */
    boolean clientLinksCut = true;

    @Override
    public boolean clientLinksCut() {
        return clientLinksCut;
    }

    /** The run's resource as a service of its own, on r1: what faults aimed at the resource act on. */
    @Override
    public Optional<ProcessNode> resourceService() {
        return Optional.of(resource);
    }

    @Override
    public Path clientDir() {
        return clientDir;
    }

    /** The servers: n1 leads while it runs unfrozen (else the next that does), or the one promoted by hand. */
    private final class WorldServers implements Servers.FailingOver, Servers.Promoting {
        @Override
        public List<Node> nodes() {
            return nodes;
        }

        @Override
        public Optional<ProcessNode> leader() {
            if (promoted != null) return Optional.of(promoted);
            return nodes.stream().filter(n -> n.process().isAlive() && !n.process().isPaused()).map(ProcessNode.class::cast).findFirst();
        }

        @Override
        public Optional<ClockFault> clock(ProcessNode node) {
            return Optional.ofNullable(serverClocks.get(node));
        }

        /** The watchers see a replica down while it is frozen or dead. */
        @Override
        public boolean seenDown(ProcessNode replica) {
            return !replica.process().isAlive() || replica.process().isPaused();
        }

        @Override
        public void promote(ProcessNode replica) {
            promoted = replica;
            nemesis.note("promote", List.of(replica.host().name()));
        }
    }

    /** A client of the run: its worker replaced by a new process (a new process number) once it is found dead. */
    final class WorldClient implements Client {
        final FakeHost host;
        private final Role role;
        private final ClockFault clock;
        private FakeProcess worker;
        private int process;

        WorldClient(FakeHost host, Role role, ClockFault clock) {
            this.host = host;
            this.role = role;
            this.clock = clock;
            replace();
        }

        private void replace() {
            process = nextProcess++;
            worker = new FakeProcess("worker-" + host.name() + "-" + process, host);
        }

        @Override
        public Host host() {
            return host;
        }

        @Override
        public HostProcess worker() {
            if (!worker.isAlive()) replace();
            return worker;
        }

        @Override
        public int process() {
            return process;
        }

        @Override
        public boolean holds() {
            return holderNow().filter(c -> c == this).isPresent();
        }

        @Override
        public Role role() {
            return role;
        }

        @Override
        public ClockFault clock() {
            return clock;
        }
    }

    /** A server node whose process is a {@link FakeProcess}: killed and started again as a real one is, with nothing running. */
    static final class Node extends ProcessNode {
        private int starts;

        Node(Host host) {
            super(null, host);
        }

        @Override
        protected String processName() {
            return "server-" + host.name();
        }

        @Override
        protected HostProcess launch() {
            return new FakeProcess(processName() + (starts++ == 0 ? "" : "#" + starts), host);
        }

        @Override
        public boolean isServing() {
            return process() != null && process().isAlive();
        }
    }
}
