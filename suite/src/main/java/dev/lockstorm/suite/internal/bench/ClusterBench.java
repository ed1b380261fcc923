package dev.lockstorm.suite.internal.bench;

import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Jvm;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import dev.lockstorm.clusters.lab.Wait;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.clusters.redis.RedisNode;
import dev.lockstorm.clusters.redis.Sentinels;
import dev.lockstorm.clusters.ssh.LabSshd;
import dev.lockstorm.clusters.ssh.SshLab;
import dev.lockstorm.clusters.ssh.SshTarget;
import dev.lockstorm.clusters.zookeeper.ZooKeeperEnsemble;
import dev.lockstorm.clusters.zookeeper.ZooKeeperNode;
import dev.lockstorm.clusters.zookeeper.ZooKeeperOptions;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.LabNemesis;
import dev.lockstorm.nemesis.Nemesis;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Cluster figures on this machine, inside a lab: start to serving for each cluster shape (ZooKeeper
 * also on lab hosts reached over SSH only), election after a leader partition, Sentinel failover,
 * and the resident memory of each node kind.
 */
public final class ClusterBench {
    private final PrintStream out;
    private final Path dir;
    private final Map<String, List<Long>> millis = new LinkedHashMap<>();
    private final Map<String, List<Long>> rssKiB = new LinkedHashMap<>();

    public ClusterBench(PrintStream out, Path dir) {
        this.out = out;
        this.dir = dir;
    }

    public void run(int rounds) {
        for (int r = 0; r < rounds; r++) {
            zookeeper(3, r);
            zookeeper(5, r);
            zookeeperOverSsh(r);
            redis(r);
            sentinel(r);
        }
        out.printf(Locale.ROOT, "%-52s %8s %8s %8s   (%d rounds)%n", "ms", "min", "median", "max", rounds);
        millis.forEach((k, v) -> row(k, v));
        out.printf(Locale.ROOT, "%-52s %8s %8s %8s%n", "RSS MiB", "min", "median", "max");
        rssKiB.forEach((k, v) -> row(k, v.stream().map(x -> x / 1024).toList()));
    }

    private void zookeeper(int n, int round) {
        List<String> names = new ArrayList<>(IntStream.rangeClosed(1, n).mapToObj(i -> "n" + i).toList());
        names.add("c1");
        try (Lab lab = Lab.open(new LabSpec(names, dir.resolve("zk" + n + "-" + round)))) {
            long t0 = System.nanoTime();
            ZooKeeperEnsemble zk = ZooKeeperEnsemble.start(lab, lab.hosts().subList(0, n), ZooKeeperOptions.defaults());
            zk.awaitServing(Duration.ofSeconds(60));
            record("zookeeper " + n + " nodes: start to serving", System.nanoTime() - t0);
            for (ZooKeeperNode node : zk.nodes()) rss("zookeeper server JVM (-Xmx128m)", node.process());
            if (n == 3) {
                HostProcess client = lab.start(lab.host("c1"), "idle-client", Jvm.command("64m", List.of(),
                        IdleClient.class.getName(), List.of(zk.connectString())), Map.of());
                Wait.until("the idle client", () -> LogLines.has(client.log(), "IDLE"), Duration.ofSeconds(20));
                Wait.sleep(500);
                rss("client JVM (-Xmx64m, one ZooKeeper session)", client);
                try (Nemesis nemesis = new LabNemesis(lab, e -> { })) {
                ZooKeeperNode old = zk.leader().orElseThrow();
                long p0 = System.nanoTime();
                nemesis.partition(Grudge.isolate(old.host(), zk.nodes().stream().map(ZooKeeperNode::host).toList()));
                Wait.until("a new leader", () -> zk.nodes().stream().anyMatch(x -> x != old && x.mode().filter("leader"::equals).isPresent()),
                        Duration.ofSeconds(30));
                record("zookeeper 3: new leader after leader partition", System.nanoTime() - p0);
                Wait.until("the old leader to stop", () -> !old.isServing(), Duration.ofSeconds(30));
                record("zookeeper 3: old leader stops serving (since cut)", System.nanoTime() - p0);
                long h0 = System.nanoTime();
                nemesis.healAll();
                Wait.until("the old leader to follow", () -> old.mode().filter("follower"::equals).isPresent(), Duration.ofSeconds(30));
                record("zookeeper 3: old leader follows after heal", System.nanoTime() - h0);
                }
            }
        }
    }

    /**
     * The same 3 nodes on lab hosts reached over SSH only (sshd on each, as on remote machines):
     * connecting and checking the hosts, then start to serving; once with the jars copied to the
     * hosts (an empty cache), then with them cached from the run before.
     */
    private void zookeeperOverSsh(int round) {
        Path runDir = dir.resolve("zk3-ssh-" + round);
        try (Lab machines = Lab.open(new LabSpec(List.of("m1", "m2", "m3"), runDir))) {
            LabSshd sshd = LabSshd.start(machines, runDir, machines.hosts());
            Map<String, SshTarget> targets = new LinkedHashMap<>();
            for (int i = 1; i <= 3; i++) targets.put("n" + i, new SshTarget("root", machines.host("m" + i).address(), 22));
            for (boolean cold : round == 0 ? List.of(true, false) : List.of(false)) {
                Path root = dir.resolve(cold ? "ssh-root-cold" : "ssh-root");
                long t0 = System.nanoTime();
                try (SshLab lab = SshLab.open(sshd.options(), targets, runDir.resolve(cold ? "cold" : "warm"), root)) {
                    long t1 = System.nanoTime();
                    record("zookeeper 3 over SSH: connect, check, clean the hosts", t1 - t0);
                    ZooKeeperEnsemble zk = ZooKeeperEnsemble.start(lab, lab.hosts(), ZooKeeperOptions.defaults());
                    zk.awaitServing(Duration.ofSeconds(60));
                    record("zookeeper 3 over SSH: start to serving, " + (cold ? "jars copied" : "jars cached"), System.nanoTime() - t1);
                }
            }
        }
    }

    private void redis(int round) {
        try (Lab lab = Lab.open(new LabSpec(List.of("r1"), dir.resolve("redis-" + round)))) {
            long t0 = System.nanoTime();
            RedisNode r = RedisNode.create(lab, lab.host("r1"), Persistence.AOF_EVERYSEC, Map.of());
            r.start();
            r.awaitServing(Duration.ofSeconds(10));
            record("redis single: start to serving", System.nanoTime() - t0);
            rss("redis-server", r.process());
            long k0 = System.nanoTime();
            r.kill();
            r.start();
            r.awaitServing(Duration.ofSeconds(10));
            record("redis single: kill -9, restart, serving", System.nanoTime() - k0);
        }
    }

    private void sentinel(int round) {
        try (Lab lab = Lab.open(new LabSpec(List.of("n1", "n2", "n3"), dir.resolve("sentinel-" + round)))) {
            long t0 = System.nanoTime();
            Sentinels s = Sentinels.start(lab, lab.hosts(), Persistence.NONE);
            record("sentinel 1+2 replicas+3 sentinels: master named", System.nanoTime() - t0);
            for (HostProcess p : s.sentinelProcesses()) rss("redis sentinel", p);
            RedisNode master = s.primary().orElseThrow();
            long k0 = System.nanoTime();
            master.kill();
            Wait.until("a promoted replica", () -> s.primary().filter(p -> p != master).isPresent(), Duration.ofSeconds(30));
            record("sentinel: failover after master kill", System.nanoTime() - k0);
        }
    }

    private void record(String what, long nanos) {
        millis.computeIfAbsent(what, k -> new ArrayList<>()).add(nanos / 1_000_000);
    }

    private void rss(String kind, HostProcess p) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(p.pid()), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    rssKiB.computeIfAbsent(kind, k -> new ArrayList<>()).add(Long.parseLong(line.replaceAll("\\D", "")));
                }
            }
        } catch (IOException e) {
            out.println("  (cannot read the RSS of " + p + ": " + e.getMessage() + ")");
        }
    }

    private void row(String what, List<Long> values) {
        List<Long> v = new ArrayList<>(values);
        Collections.sort(v);
        out.printf(Locale.ROOT, "%-52s %8d %8d %8d%n", what, v.get(0), v.get(v.size() / 2), v.get(v.size() - 1));
    }
}
