package dev.lockstorm.suite.internal.run;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Checker;
import dev.lockstorm.checker.ResultsJson;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.io.HistoryFormat;
import dev.lockstorm.checker.io.HistoryReader;
import dev.lockstorm.checker.io.Json;
import dev.lockstorm.checker.linear.SearchLimits;
import dev.lockstorm.checker.model.Models;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import dev.lockstorm.nemesis.ClockFault;
import dev.lockstorm.nemesis.Nemesis;
import dev.lockstorm.results.JunitXml;
import dev.lockstorm.results.ReportHtml;
import dev.lockstorm.api.ProtectedResource;
import dev.lockstorm.api.ResourceContext;
import dev.lockstorm.api.Topology;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.suite.internal.cluster.Cluster;
import dev.lockstorm.suite.internal.nemesis.NemesisKind;
import dev.lockstorm.suite.internal.nemesis.NemesisPlan;
import dev.lockstorm.suite.internal.nemesis.PausePoints;
import dev.lockstorm.suite.internal.nemesis.Rhythm;
import dev.lockstorm.suite.internal.nemesis.Targets;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
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
 * Must run inside a lab ({@code bin/lockstorm run} enters one).
 *
 * <pre>{@code
 * RunResult r = new Runner(System.err).run(spec, Path.of("results/curator-mutex/20261122T101500.000"));
 * }</pre>
 */
public final class Runner {
    private final PrintStream progress;

    public Runner(PrintStream progress) {
        this.progress = progress;
    }

    public RunResult run(RunSpec spec, Path dir) throws IOException, InterruptedException {
        Lab.requireInside();
        Files.writeString(dir.resolve("command.txt"), String.join(" ", spec.command()) + "\nseed " + spec.seed() + "\n");
        Random random = new Random(spec.seed());
        Topology topology = spec.system().topology();
        List<String> hosts = new ArrayList<>(topology.hostNames());
        for (int i = 1; i <= spec.clients(); i++) hosts.add("c" + i);
        NemesisKind kind = spec.nemesis();
        List<String> notLive = new ArrayList<>();
        int faults = 0;
        long started = System.nanoTime();
        try (Lab lab = Lab.open(new LabSpec(hosts, dir));
             Recorder recorder = new Recorder(dir.resolve("history.jsonl"))) {
            progress.println("lockstorm: starting " + String.join(" ", topology.hostNames()) + " (" + topology.describe() + ") and "
                    + spec.clients() + " " + spec.system().name() + " clients");
            Cluster cluster = Cluster.start(topology, lab, spec.persistence(), kind.movesServerClocks() && Cluster.hasServerClocks(topology));
            ProtectedResource resource = openResource(spec, cluster);
            ClientSlot.Holders holders = new ClientSlot.Holders();
            List<ClientSlot> clients = new ArrayList<>();
            for (int i = 0; i < spec.clients(); i++) {
                Host host = lab.host("c" + (i + 1));
                ClockFault clock = kind.movesClientClocks() ? ClockFault.create(lab, "client-" + host.name()) : null;
                clients.add(new ClientSlot(lab, host, i, spec, cluster.connect(), recorder, resource, new Random(random.nextLong()), holders,
                        kind.clientEnv(i, spec.rhythm(), PausePoints.armFile(lab.dir())), clock));
            }
            clients.parallelStream().forEach(ClientSlot::startFirstWorker);

            try (Nemesis nemesis = new Nemesis(lab, recorder::nemesis)) {
                Targets targets = new RunTargets(cluster, clients, holders, new Random(random.nextLong()), spec.rhythm());
                kind.standing(targets).ifPresent(nemesis::partition);
                PausePoints.arm(lab.dir());
                AtomicBoolean stop = new AtomicBoolean();
                List<Thread> threads = new ArrayList<>();
                for (ClientSlot c : clients) threads.add(start("client-" + c.process(), () -> c.run(stop)));
                NemesisPlan plan = kind.plan(targets).orElse(null);
                AtomicInteger injected = new AtomicInteger();
                Thread nemesisThread = plan == null ? null : start("nemesis", () -> injected.set(plan.run(nemesis, spec.timeLimit())));
                long end = System.nanoTime() + spec.timeLimit().toNanos();
                while (System.nanoTime() < end) {
                    Thread.sleep(Math.min(2000, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
                    progress.printf(Locale.ROOT, "  [%5.1f s] %d ops, faults: %s, double holders so far: %d%n",
                            recorder.elapsedSeconds(), recorder.completedClientOps(), nemesis.active(), holders.doubleHoldersSoFar());
                }
                stop.set(true);
                PausePoints.disarm(lab.dir());
                if (nemesisThread != null) nemesisThread.join();
                nemesis.healAll();
                // a client that froze itself at a pause point after the schedule ended is resumed too
                for (ClientSlot c : clients) if (c.worker() != null && c.worker().isPaused()) nemesis.resume(c.worker());
                for (Thread t : threads) t.join(spec.opTimeout().multipliedBy(4).toMillis());
                faults = injected.get();

                progress.println("lockstorm: healed; quiet period: every client must acquire once more");
                cluster.awaitServing(Duration.ofSeconds(60));
                for (ClientSlot c : clients) {
                    boolean got = false;
                    long deadline = System.nanoTime() + spec.quiet().toNanos();
                    while (!got && System.nanoTime() < deadline) got = c.cycle(spec.quiet());
                    if (!got) notLive.add("process " + c.process());
                }
                ClientSlot.finalRead(recorder, resource, clients.stream().mapToInt(ClientSlot::process).max().orElse(0) + 1);
                clients.forEach(ClientSlot::close);
            } finally {
                closeResource(resource);
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        CheckResult check = checkAndReport(dir, runInfo(spec, faults), notLive, seconds);
        return new RunResult(dir, check, notLive, faults);
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
    private record RunTargets(Cluster cluster, List<ClientSlot> clients, ClientSlot.Holders holders, Random random, Rhythm rhythm)
            implements Targets {
        private static final Duration FRESH = Duration.ofMillis(300);

        @Override
        public boolean justAcquired() {
            return holders.justAcquired(FRESH);
        }
    }

    /**
     * Re-checks a run directory (also one whose run crashed midway) and writes its results again,
     * keeping the run's parameters and liveness from an earlier results.json when there is one.
     */
    public static CheckResult rerender(Path dir) throws IOException {
        Map<String, Object> params = Map.of();
        List<String> notLive = null;
        Path results = dir.resolve("results.json");
        if (Files.exists(results)) {
            try (var p = Json.FACTORY.createParser(Files.readString(results))) {
                p.nextToken();
                Map<?, ?> old = (Map<?, ?>) Json.readValue(p);
                if (old.get("run") instanceof Map<?, ?> run) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    run.forEach((k, v) -> m.put(String.valueOf(k), v));
                    params = m;
                }
                if (old.get("liveness") instanceof Map<?, ?> l && l.get("clients_without_acquire") instanceof List<?> c) {
                    notLive = c.stream().map(String::valueOf).toList();
                }
            }
        }
        return checkAndReport(dir, params, notLive, 0);
    }

    /** Checks a run directory's history and writes results.json, summary.txt, junit.xml and report.html. */
    static CheckResult checkAndReport(Path dir, Map<String, Object> params, List<String> notLive, double seconds) throws IOException {
        History h = readHistory(dir.resolve("history.jsonl"));
        CheckResult check = Checker.check(h, Models.infer(h, false), SearchLimits.withTimeLimit(Duration.ofSeconds(120)));
        Map<String, Object> json = new LinkedHashMap<>(ResultsJson.toMap(check));
        if (!params.isEmpty()) json.put("run", params);
        if (notLive != null) {
            json.put("liveness", Map.of("verdict", notLive.isEmpty() ? "valid" : "invalid", "clients_without_acquire", notLive));
        }
        Files.writeString(dir.resolve("results.json"), Json.toJson(json) + "\n", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("summary.txt"), Summary.of(check), StandardCharsets.UTF_8);
        List<JunitXml.Case> cases = new ArrayList<>(JunitXml.cases(check));
        if (notLive != null) {
            cases.add(new JunitXml.Case("liveness after heal", notLive.isEmpty() ? dev.lockstorm.checker.Verdict.VALID
                    : dev.lockstorm.checker.Verdict.INVALID, notLive.isEmpty() ? null : "could not acquire after the heal: " + notLive));
        }
        JunitXml.write(String.valueOf(params.getOrDefault("system", dir.getParent().getFileName())), cases, seconds, dir.resolve("junit.xml"));
        ReportHtml.write(h, check, params, dir.resolve("report.html"));
        return check;
    }

    /**
     * Reads a history; a last line cut off without its newline (the run was killed while writing
     * it) is left out with a note, never repaired in the file.
     */
    static History readHistory(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        if (text.isEmpty() || text.endsWith("\n")) return HistoryReader.read(file, HistoryFormat.JSONL);
        int cut = text.lastIndexOf('\n') + 1;
        System.err.println("lockstorm: " + file + ": the last line was cut off mid-write (the run was killed); checking the "
                + text.substring(0, cut).lines().count() + " complete lines");
        return HistoryReader.read(new java.io.StringReader(text.substring(0, cut)), file.toString(), HistoryFormat.JSONL);
    }

    private static Thread start(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.start();
        return t;
    }

    static Map<String, Object> runInfo(RunSpec spec, int faults) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("system", spec.system().name());
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
