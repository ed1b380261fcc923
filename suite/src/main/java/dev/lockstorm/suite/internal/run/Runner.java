package dev.lockstorm.suite.internal.run;

import dev.lockstorm.api.ProtectedResource;
import dev.lockstorm.api.ResourceContext;
import dev.lockstorm.api.Topology;
import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.ssh.SshLab;
import dev.lockstorm.nemesis.ClockFault;
import dev.lockstorm.nemesis.Nemesis;
import dev.lockstorm.results.JunitXml;
import dev.lockstorm.results.RunReport;
import dev.lockstorm.workloads.internal.worker.LogStamp;
import dev.lockstorm.suite.internal.cluster.Cluster;
import dev.lockstorm.suite.internal.nemesis.NemesisKind;
import dev.lockstorm.suite.internal.nemesis.NemesisPlan;
import dev.lockstorm.suite.internal.nemesis.PausePoints;
import dev.lockstorm.suite.internal.nemesis.Rhythm;
import dev.lockstorm.suite.internal.nemesis.Targets;

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
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A complete test run: lab up, cluster up (ZooKeeper or Redis), clients up, generator and nemesis for the time limit,
 * final heal, a quiet period in which every client must acquire once more, teardown, check, report.
 * In the lab ({@link Placement.InLab}, the default) it must run inside a lab ({@code bin/lockstorm run} enters one); on remote
 * hosts ({@link Placement.Remote}) on the control node, outside any lab.
 *
 * <pre>{@code
 * RunResult r = new Runner(System.err).run(spec, Path.of("store/curator-mutex/20261122T101500.000"));
 * }</pre>
 */
public final class Runner {
    private final PrintStream progress;
    private final Placement placement;

    /** A runner whose runs build their hosts in a lab on this machine. */
    public Runner(PrintStream progress) {
        this(progress, new Placement.InLab());
    }

    public Runner(PrintStream progress, Placement placement) {
        this.progress = progress;
        this.placement = placement;
    }

    public RunResult run(RunSpec spec, Path dir) throws IOException, InterruptedException {
        if (placement instanceof Placement.InLab) Lab.requireInside();
        Topology topology = spec.system().topology();
        NemesisKind kind = spec.nemesis();
        placement.check(spec);
        Files.writeString(dir.resolve("command.txt"), String.join(" ", spec.command()) + "\nseed " + spec.seed() + "\n");
        Random random = new Random(spec.seed());
        List<String> clientNames = new ArrayList<>();
        for (int i = 1; i <= spec.clients(); i++) clientNames.add("c" + i);
        List<String> notLive = new ArrayList<>();
        int faults = 0;
        long started = System.nanoTime();
        Instant startedAt = Instant.now();
        try (RunLog log = new RunLog(dir.resolve("lockstorm.log"), started, progress);
             Lab lab = placement.open(topology, clientNames, dir);
             Recorder recorder = new Recorder(dir.resolve("history.jsonl"), started)) {
            log.log("run: " + String.join(" ", spec.command()) + " (seed " + spec.seed() + ")");
            log.log(placement.describe(topology, clientNames));
            if (lab instanceof SshLab remote) remote.removedAtOpen().forEach(l -> log.say("lockstorm: removed what an earlier run left on " + l));
            log.say("lockstorm: starting " + String.join(" ", topology.hostNames()) + " (" + topology.describe() + ") and "
                    + spec.clients() + " " + spec.system().name() + " clients");
            Cluster cluster = Cluster.start(topology, lab, spec.persistence(), kind.movesServerClocks() && Cluster.hasServerClocks(topology));
            log.log("servers: " + topology.describe() + " serving at " + cluster.connect());
            ProtectedResource resource = openResource(spec, cluster);
            ClientSlot.Holders holders = new ClientSlot.Holders();
            List<ClientSlot> clients = new ArrayList<>();
            List<Host> clientHosts = clientNames.stream().map(lab::host).toList();
            Path clientDir = lab.dir(clientHosts.get(0)); // the same path on every client host
            for (int i = 0; i < spec.clients(); i++) {
                Host host = clientHosts.get(i);
                ClockFault clock = kind.movesClientClocks() ? ClockFault.create(lab, host, "client-" + host.name()) : null;
                Map<String, String> env = new HashMap<>(kind.clientEnv(i, spec.rhythm(), clientDir));
                env.put(LogStamp.RUN_START_ENV, Long.toString(lab.monotonicOn(host, started)));
                clients.add(new ClientSlot(lab, host, i, spec, cluster.connect(), recorder, resource, new Random(random.nextLong()), holders,
                        env, clock));
            }
            clients.parallelStream().forEach(ClientSlot::startFirstWorker);
            log.log("clients: " + spec.clients() + " workers open (" + spec.system().name() + ")");

            LeaderWatch leaders = new LeaderWatch(cluster, recorder, log);
            try (leaders; Nemesis nemesis = new Nemesis(lab, e -> {
                recorder.nemesis(e);
                log.log("nemesis: " + e.f() + " " + e.value() + (e.hosts().isEmpty() ? "" : " on " + String.join(",", e.hosts())));
            })) {
                leaders.start();
                Targets targets = new RunTargets(cluster, clients, holders, new Random(random.nextLong()), spec.rhythm(), clientDir);
                kind.standing(targets).ifPresent(nemesis::partition);
                PausePoints.arm(clientHosts, clientDir);
                AtomicBoolean stop = new AtomicBoolean();
                List<Thread> threads = new ArrayList<>();
                for (ClientSlot c : clients) threads.add(start("client-" + c.process(), () -> c.run(stop)));
                NemesisPlan plan = kind.plan(targets).orElse(null);
                AtomicInteger injected = new AtomicInteger();
                Thread nemesisThread = plan == null ? null : start("nemesis", () -> injected.set(plan.run(nemesis, spec.timeLimit())));
                log.log("generator and nemesis (" + kind.name() + ") running for " + spec.timeLimit().toSeconds() + " s");
                long end = System.nanoTime() + spec.timeLimit().toNanos();
                while (System.nanoTime() < end) {
                    Thread.sleep(Math.min(2000, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
                    log.say(String.format(Locale.ROOT, "  [%5.1f s] %d ops, faults: %s, double holders so far: %d",
                            recorder.elapsedSeconds(), recorder.completedClientOps(), nemesis.active(), holders.doubleHoldersSoFar()));
                }
                stop.set(true);
                PausePoints.disarm(clientHosts, clientDir);
                if (nemesisThread != null) nemesisThread.join();
                nemesis.healAll();
                // a client that froze itself at a pause point after the schedule ended is resumed too
                for (ClientSlot c : clients) if (c.worker() != null && c.worker().isPaused()) nemesis.resume(c.worker());
                for (Thread t : threads) t.join(spec.opTimeout().multipliedBy(4).toMillis());
                faults = injected.get();

                log.say("lockstorm: healed (" + faults + " faults injected); quiet period: every client must acquire once more");
                cluster.awaitServing(Duration.ofSeconds(60));
                for (ClientSlot c : clients) {
                    boolean got = false;
                    long deadline = System.nanoTime() + spec.quiet().toNanos();
                    while (!got && System.nanoTime() < deadline) got = c.quietCycle(spec.quiet());
                    if (!got) {
                        notLive.add("process " + c.process());
                        log.log("liveness: " + c.host().name() + " (process " + c.process() + ") could not acquire within " + spec.quiet().toSeconds() + " s");
                    }
                }
                ClientSlot.finalRead(recorder, resource, clients.stream().mapToInt(ClientSlot::process).max().orElse(0) + 1);
                clients.forEach(ClientSlot::close);
                log.log("teardown: clients closed; stopping the servers and the lab");
            } finally {
                closeResource(resource);
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        RunReport.Outcome outcome = RunReport.write(dir, new RunReport.Context(runInfo(spec, faults, startedAt), notLive, seconds));
        return new RunResult(dir, outcome.check(), notLive, faults, JunitXml.suite(outcome));
    }

    /** The run's protected resource; a resource that cannot open stops the run, saying so. */
    private static ProtectedResource openResource(RunSpec spec, Cluster cluster) {
        try {
            return spec.resource().open(new ResourceContext(spec.fencing(), cluster.connect()));
        } catch (Exception e) {
            throw new SetupException("the protected resource '" + spec.resource().name() + "' could not open: " + e, e);
        }
    }

    private void closeResource(ProtectedResource resource) {
        try {
            resource.close();
        } catch (Exception e) {
            progress.println("lockstorm: the protected resource did not close cleanly: " + e);
        }
    }

    /** The run's servers and clients as its nemesis sees them. */
    private record RunTargets(Cluster cluster, List<ClientSlot> clients, ClientSlot.Holders holders, Random random, Rhythm rhythm,
                              Path clientDir)
            implements Targets {
        private static final Duration FRESH = Duration.ofMillis(300);

        @Override
        public boolean justAcquired() {
            return holders.justAcquired(FRESH);
        }
    }

    private static Thread start(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.start();
        return t;
    }

    static Map<String, Object> runInfo(RunSpec spec, int faults, Instant startedAt) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("system", spec.system().name());
        if (spec.title() != null) m.put("scenario", spec.title());
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
        m.put("command", String.join(" ", spec.command()));
        return m;
    }
}
