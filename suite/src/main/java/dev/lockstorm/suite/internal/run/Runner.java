package dev.lockstorm.suite.internal.run;

import dev.lockstorm.api.ResourceType;
import dev.lockstorm.api.Topology;
import dev.lockstorm.clusters.lab.ClassArchive;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.ssh.SshLab;
import dev.lockstorm.locks.internal.worker.LogStamp;
import dev.lockstorm.nemesis.ClockFault;
import dev.lockstorm.nemesis.HolderAim;
import dev.lockstorm.nemesis.LabNemesis;
import dev.lockstorm.nemesis.Nemesis;
import dev.lockstorm.nemesis.delay.DelayLinks;
import dev.lockstorm.results.JunitXml;
import dev.lockstorm.results.RunReport;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.suite.internal.cluster.Cluster;
import dev.lockstorm.suite.internal.cluster.ServerSite;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKind;
import dev.lockstorm.suite.internal.nemesiskinds.Replay;
import dev.lockstorm.suite.internal.nemesiskinds.Rhythm;
import dev.lockstorm.suite.internal.nemesiskinds.Targets;
import dev.lockstorm.suite.internal.nemesiskinds.RecordedSchedule;
import dev.lockstorm.suite.internal.workload.AcquireWaits;
import dev.lockstorm.suite.internal.workload.LockCycle;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * A complete test run: lab up, servers up, clients up, then the run's {@link Phase phases} (the generator and the
 * nemesis for the time limit, the final heal, a quiet period in which every client must acquire once more, the final
 * read), teardown, check, report.
 * In the lab ({@link Placement.InLab}, the default) it must run inside a lab ({@code bin/lockstorm run} enters one); on remote
 * hosts ({@link Placement.Remote}) on the control node, outside any lab.
 *
 * <pre>{@code
 * RunResult r = new Runner(System.err).run(spec, Path.of("store/curator-mutex/20261122T101500.000"));
 * }</pre>
 */
public final class Runner {
    /** The lock's name every client is given. */
    static final String LOCK = "/lockstorm/lock";

    private final PrintStream progress;
    private final Placement placement;
    /** Where a run's lab and servers are kept for the next run, or null: each run has its own. */
    private final StandingServers standing;
    /** What a run is for, when its history so far shows it, or null: every run runs its whole time limit. */
    private final Function<RunResult, Optional<String>> finding;

    /** A runner whose runs build their hosts in a lab on this machine. */
    public Runner(PrintStream progress) {
        this(progress, new Placement.InLab());
    }

    public Runner(PrintStream progress, Placement placement) {
        this(progress, placement, null, null);
    }

    private Runner(PrintStream progress, Placement placement, StandingServers standing, Function<RunResult, Optional<String>> finding) {
        this.progress = progress;
        this.placement = placement;
        this.standing = standing;
        this.finding = finding;
    }

    /**
     * This runner, its runs' labs and servers kept in {@code standing} from one run to the next
     * (on this machine's labs only; remote hosts and containers start their own for each run).
     */
    public Runner keeping(StandingServers standing) {
        return new Runner(progress, placement, placement instanceof Placement.InLab ? standing : null, finding);
    }

    /**
     * This runner, each run's main phase ending once the history written so far shows {@code finding}
     * (of the run so far, {@link RunResult#soFar}: in words; empty while it does not show it): a hunt's
     * runs stop at their defect rather than inject more faults, a scenario test's at what it expects
     * ({@link EarlyEnd}). The run's own check still decides.
     */
    public Runner endingAt(Function<RunResult, Optional<String>> finding) {
        return new Runner(progress, placement, standing, finding);
    }

    public RunResult run(RunSpec spec, Path dir) throws IOException, InterruptedException {
        if (placement instanceof Placement.InLab) Lab.requireInside();
        Topology topology = spec.system().topology();
        NemesisKind kind = spec.nemesis();
        placement.check(spec);
        // the run as data, which replay and shrink read back; command.txt is the command as a person typed it
        RunRequest.of(spec, placement).write(dir.resolve(RunRequest.FILE));
        Files.writeString(dir.resolve("command.txt"), spec.commandLine() + "\nseed " + spec.seed() + "\n");
        Random random = new Random(spec.seed());
        List<String> clientNames = new ArrayList<>();
        for (int i = 1; i <= spec.clients(); i++) clientNames.add("c" + i);
        // a resource kept as a service of its own has a host of its own, placed as a client's is (it runs a JVM)
        boolean service = spec.resource().where() == ResourceType.Where.SERVICE;
        List<String> hostNames = new ArrayList<>(clientNames);
        if (service) hostNames.add(ServiceResource.HOST);
        // a resource with servers of its own (d1 …) runs in a lab of its own: its data is fresh in every run, never kept
        List<ServerSite> sites = spec.sites();
        StandingServers kept = sites.size() == 1 ? standing : null;
        if (kept == null && standing != null) standing.close(); // one lab at a time: a kept one makes way
        LiveRun run;
        long started = System.nanoTime();
        long archivesBefore = ClassArchive.buildingNanos();
        long mainStarted;
        // archives are built as a lab closes: at the set-up when a kept lab of another shape makes way, else at the end
        long archivesAtMain;
        Instant startedAt = Instant.now();
        // kept servers start under the clock shim whenever their family can, so that a run that moves their clocks (clock, mix)
        // finds them as they are rather than making way for servers of its own; a shim left at the true time changes nothing
        boolean serverClocks = (kept != null || kind.movesServerClocks()) && Cluster.hasServerClocks(topology);
        try (RunLog log = new RunLog(dir.resolve("lockstorm.log"), started, progress);
             StandingServers.Use use = kept == null ? StandingServers.Use.own(placement.open(sites, hostNames, spec.classpath(), dir))
                     : kept.use(new StandingServers.Shape(topology, hostNames, spec.persistence(), serverClocks), dir,
                     () -> placement.open(sites, hostNames, spec.classpath(), dir), log::log);
             Recorder recorder = new Recorder(dir.resolve("history.jsonl"), started)) {
            Lab lab = use.lab;
            lab.stampLogs(new LogStamp(started)::now);
            log.log("run: " + spec.commandLine() + " (seed " + spec.seed() + ")");
            recorder.run(runFacts(spec));
            String unplaced = unplacedPoint(spec);
            if (unplaced != null) log.say("lockstorm: " + unplaced);
            log.log(placement.describe(sites, hostNames));
            if (lab instanceof SshLab remote) remote.removedAtOpen().forEach(l -> log.say("lockstorm: removed what an earlier run left on " + l));
            log.say("lockstorm: " + (use.cluster() == null ? "starting " : "kept from the last run, emptied: ") + String.join(" ", topology.hostNames())
                    + " (" + topology.describe() + "); starting " + spec.clients() + " " + spec.system().name() + " clients");
            Cluster cluster = use.cluster() != null ? use.cluster() : Cluster.start(topology, lab, spec.persistence(), serverClocks);
            use.started(cluster);
            log.log("servers: " + topology.describe() + " serving at " + cluster.connect());
            String storage = sites.size() == 1 ? "" : startStorage(sites.get(1), lab, spec, log);
            List<Host> clientHosts = clientNames.stream().map(lab::host).toList();
            Path clientDir = lab.dir(clientHosts.get(0)); // the same path on every client host (and the resource's)
            ResourceCalls calls = service ? startService(spec, lab, cluster.connect(), storage, dir.getFileName().toString(), started, clientDir, log)
                    : DriverResource.open(spec.resource(), spec.fencing(), cluster.connect(), storage, Files.createDirectories(dir.resolve("resource")));
            ServiceResource resourceService = calls instanceof ServiceResource s ? s : null;
            try {
                // its own seed, not a draw from the run's: the clients' and the nemesis's draws stay what they were
                HoldBoard board = new HoldBoard(new Random(spec.seed() * 31 + 7));
                List<DrivenClient> clients = new ArrayList<>();
                Map<String, String> serverNames = new HashMap<>();
                for (Host server : cluster.hosts()) serverNames.put(server.address(), server.name());
                for (int i = 0; i < spec.clients(); i++) {
                    Host host = clientHosts.get(i);
                    ClockFault clock = kind.movesClientClocks() ? ClockFault.create(lab, host, "client-" + host.name()) : null;
                    Map<String, String> env = new HashMap<>(kind.clientEnv(i, spec.rhythm(), clientDir));
                    env.put(LogStamp.RUN_START_ENV, Long.toString(lab.monotonicOn(host, started)));
                    if (clock != null) env.putAll(clock.env());
                    long cycleSeed = random.nextLong();
                    LockCycle cycle = new LockCycle(spec.policy(), spec.role(i), new Random(cycleSeed));
                    // the waits draw from their own source, so that a seed's cycles (depths, holds) stay what they were
                    AcquireWaits waits = spec.drawsAcquireWaits()
                            ? AcquireWaits.drawn(spec.acquireTimeout(), spec.lease(), new Random(cycleSeed * 31 + 17))
                            : AcquireWaits.fixed(spec.acquireTimeout());
                    DrivenClient client = new DrivenClient(host, new ClientWorker(lab, host, spec, cluster.connect(), env),
                            new ClientHistory(recorder, host.name(), i, spec.clients()), calls, board, cycle, spec, clock, waits, serverNames);
                    use.offer(host.name(), client);
                    clients.add(client);
                }
                // a redirect catches new connections only: the proxies come before the clients connect
                List<Host> reached = new ArrayList<>(cluster.hosts());
                if (resourceService != null) reached.add(resourceService.host());
                DelayLinks delays = kind.delaysClients() ? DelayLinks.install(lab, clientHosts, reached) : null;
                if (delays != null) log.log("delay proxies: the clients' connections to the servers pass a proxy on each client host");
                // every worker at once, on a thread of its own: a parallel stream would open one or two at a
                // time on two cores, and an opening worker mostly waits (its JVM's start, its connections)
                openAll(clients);
                log.log("clients: " + spec.clients() + " workers open (" + spec.system().name() + ")"
                        + (use.adopted() > 0 ? ", " + use.adopted() + " of them kept from the last run" : ""));

                LeaderWatch leaders = new LeaderWatch(cluster, recorder, log);
                try (leaders; delays; LabNemesis nemesis = new LabNemesis(lab, e -> {
                    recorder.nemesis(e);
                    log.log("nemesis: " + e.f() + " " + e.value() + (e.hosts().isEmpty() ? "" : " on " + String.join(",", e.hosts())));
                })) {
                    if (delays != null) nemesis.delayThrough(delays);
                    leaders.start();
                    Targets targets = new RunTargets(cluster, clients, board, new Random(random.nextLong()), spec.rhythm(), clientDir,
                            placement.clientLinksCut(spec.clients()), Optional.ofNullable(resourceService).map(ServiceResource::node));
                    EarlyEnd early = finding == null ? null : new EarlyEnd(finding, dir, runInfo(spec, 0, startedAt, dir));
                    run = new LiveRun(spec, log, recorder, cluster, clients, board, calls, nemesis, targets, early);
                    mainStarted = System.nanoTime();
                    archivesAtMain = ClassArchive.buildingNanos();
                    for (Phase phase : Phase.ALL) phase.run(run);
                    for (DrivenClient c : clients) use.finish(c.host().name(), c);
                    // no process but the servers' may be left for a kept lab to be kept
                    calls.close(progress);
                    log.log("teardown: clients closed; " + (kept == null ? "stopping the servers and the lab" : "the servers kept for the next run when healed and emptied"));
                }
                use.ended(log::log);
            } finally {
                calls.close(progress);
            }
        }
        long tornDown = System.nanoTime();
        double seconds = (tornDown - started) / 1e9;
        RunReport.Outcome outcome = RunReport.write(dir, new RunReport.Context(runInfo(spec, run.faults, startedAt, dir), run.notLive, seconds));
        // the faults as data, for run --schedule, replay and shrink
        RecordedSchedule.of(outcome.history()).write(dir.resolve("schedule.json"));
        // archives built as a lab closed come once per kind of JVM: apart, so that a hunt does not budget every run for them
        long archivesInSetUp = archivesAtMain - archivesBefore;
        long archivesAfter = ClassArchive.buildingNanos() - archivesAtMain;
        RunTimings timings = new RunTimings(Duration.ofNanos(mainStarted - started - archivesInSetUp), Duration.ofNanos(run.mainEnded - mainStarted),
                Duration.ofNanos(tornDown - run.mainEnded - archivesAfter), Duration.ofNanos(System.nanoTime() - tornDown),
                Duration.ofNanos(archivesInSetUp + archivesAfter));
        return new RunResult(dir, outcome.check(), run.notLive, run.faults, JunitXml.suite(outcome), outcome.results(), timings);
    }

    /** Opens every client on a thread of its own and waits for all; the first failure is thrown, with the others suppressed. */
    private static void openAll(List<DrivenClient> clients) {
        List<RuntimeException> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        for (DrivenClient c : clients) {
            Thread t = new Thread(() -> {
                try {
                    c.open();
                } catch (RuntimeException e) {
                    failures.add(e);
                }
            }, "open-" + c.host().name());
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SetupException("interrupted while the clients opened", e);
            }
        }
        if (failures.isEmpty()) return;
        RuntimeException first = failures.get(0);
        failures.subList(1, failures.size()).forEach(first::addSuppressed);
        throw first;
    }

    /** The run's servers and clients as its nemesis sees them. */
    private record RunTargets(Cluster servers, List<DrivenClient> clients, HoldBoard board, Random random, Rhythm rhythm, Path clientDir,
                              boolean clientLinksCut, Optional<dev.lockstorm.clusters.ProcessNode> resourceService) implements Targets {
        private static final Duration FRESH = Duration.ofMillis(300);

        @Override
        public boolean justAcquired() {
            return board.justAcquired(FRESH);
        }

        @Override
        public boolean justAcquiredBy(String client) {
            return board.justAcquiredBy(client, FRESH);
        }

        @Override
        public long heldFor(String client) {
            return board.heldFor(client);
        }

        @Override
        public HolderAim holder() {
            return board;
        }

        @Override
        public void onWorkerDeath(java.util.function.Consumer<dev.lockstorm.nemesis.ClientProcess> listener) {
            board.onWorkerDeath(listener);
        }
    }

    /**
     * Starts the run's resource as a service on its host, told where the nemesis aims the pause point: a call that reaches it
     * there hands it to its client, whose own setting says whether it freezes or ends.
     */
    private static ServiceResource startService(RunSpec spec, Lab lab, String connect, String storage, String run, long started, Path clientDir,
                                                RunLog log) {
        Host host = lab.host(ServiceResource.HOST);
        Map<String, String> env = new HashMap<>();
        env.put(LogStamp.RUN_START_ENV, Long.toString(lab.monotonicOn(host, started)));
        Map<String, String> point = spec.nemesis().clientEnv(0, spec.rhythm(), clientDir);
        for (String k : List.of(dev.lockstorm.locks.PausePoint.ENV, dev.lockstorm.locks.PausePoint.ARMED_ENV)) {
            if (point.containsKey(k)) env.put(k, point.get(k));
        }
        ServiceResource s = ServiceResource.start(lab, host, spec, connect, storage, run, env);
        log.log("resource: " + spec.resource().name() + " serving as a service on " + host.name() + " (" + host.address() + ")");
        return s;
    }

    /** Starts the resource's own servers on their hosts (d1 …) and returns their connect string. */
    private static String startStorage(ServerSite site, Lab lab, RunSpec spec, RunLog log) {
        log.say("lockstorm: starting " + String.join(" ", site.hostNames()) + " (" + site.topology().describe() + ") for the resource " + spec.resource().name());
        Cluster storage = Cluster.start(site, lab, Persistence.NONE, false);
        log.log("resource servers: " + site.topology().describe() + " serving at " + storage.connect());
        return storage.connect();
    }

    /** The run's own facts, first in its history: what the checker measures holds and faults against. */
    static Map<String, Object> runFacts(RunSpec spec) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("system", spec.system().name());
        m.put("nemesis", spec.nemesis().name());
        m.put("clients", spec.clients());
        m.put("lease_ms", spec.lease().toMillis());
        // how the lease lives under this run's lease and options: what the checker judges incidents by
        m.put("servers", spec.system().topology().hostNames());
        // the client hosts by name: a fault on one that never got to act is still a client's, not a server's
        m.put("client_hosts", java.util.stream.IntStream.rangeClosed(1, spec.clients()).mapToObj(i -> "c" + i).toList());
        m.put("lease_model", spec.system().leaseModel(new dev.lockstorm.api.ClientContext("", LOCK, spec.lease(), spec.options())).toData());
        // where the lock's own checkpoints lie against its grant: how a freeze aimed at one is judged
        if (!spec.system().checkpoints().isEmpty()) {
            Map<String, String> points = new LinkedHashMap<>();
            for (var p : spec.system().checkpoints()) points.put(p.name(), p.place().wire());
            m.put("checkpoints", points);
        }
        // what the resource was asked to check: whether a fenced read raises its bar, and whether a refusal is fencing at work
        m.put("fencing", spec.fencing().wire());
        m.put("acquire_timeout_ms", spec.acquireTimeout().toMillis());
        m.put("acquire_waits", spec.drawsAcquireWaits() ? "drawn" : "fixed");
        m.put("op_timeout_ms", spec.opTimeout().toMillis());
        m.put("hold_max_ms", spec.holdMax().toMillis());
        m.put("leader_watch_ms", LeaderWatch.EVERY_MS);
        if (!spec.rest().isZero()) m.put("rest_ms", spec.rest().toMillis());
        if (spec.keepCrashed()) m.put("keep_crashed", true);
        m.put("seed", spec.seed());
        if (spec.nemesis() instanceof Replay r) m.put("schedule_steps", r.schedule().steps().size());
        return m;
    }

    /**
     * Why a run aimed at a checkpoint that neither lockstorm, the lock nor the resource places will judge its freezes loosely,
     * or null: a freeze there inside an acquire may have come after the grant, so a grant beside it counts as a lease limit.
     */
    static String unplacedPoint(RunSpec spec) {
        if (!(spec.nemesis() instanceof dev.lockstorm.suite.internal.nemesiskinds.AtCheckpoint at)) return null;
        String point = at.point();
        if (dev.lockstorm.api.Checkpoints.OWN.contains(point) || spec.resource().checkpoints().contains(point)
                || spec.system().checkpoints().stream().anyMatch(p -> p.name().equals(point))) return null;
        return spec.system().name() + " does not declare the checkpoint " + point + " (LockSystem.checkpoints): the checker cannot tell"
                + " whether a freeze there came before or after its servers granted, and judges it as one after (a grant beside it is a lease"
                + " limit); a point the lock never reaches is never faulted";
    }

    static Map<String, Object> runInfo(RunSpec spec, int faults, Instant startedAt, Path dir) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("system", spec.system().name());
        if (spec.title() != null) m.put("scenario", spec.title());
        // a replay's report leads back to the run it replays (the report links it)
        if (spec.nemesis() instanceof Replay r) r.recordedRun().ifPresent(from -> m.put("replay_of", dir.toAbsolutePath().relativize(from.toAbsolutePath()).toString()));
        m.put("started_at", DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(startedAt.atZone(ZoneId.systemDefault()).withNano(0)));
        m.put("servers", spec.system().topology().hostNames());
        if (!spec.options().isEmpty()) m.put("options", spec.options());
        m.put("topology", spec.system().topology().describe());
        m.put("clients", spec.clients());
        m.put("time_limit_s", spec.timeLimit().toSeconds());
        m.put("nemesis", spec.nemesis().name());
        m.put("faults_injected", faults);
        m.put("resource", spec.resource().name());
        m.put("fencing", spec.fencing().wire());
        m.put("seed", spec.seed());
        m.put("lease_ms", spec.lease().toMillis());
        m.put("persistence", spec.persistence().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        m.put("command", spec.commandLine());
        return m;
    }
}
