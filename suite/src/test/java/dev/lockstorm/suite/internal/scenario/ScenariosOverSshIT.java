package dev.lockstorm.suite.internal.scenario;

import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import dev.lockstorm.clusters.ssh.LabSshd;
import dev.lockstorm.clusters.ssh.SshCleanup;
import dev.lockstorm.clusters.ssh.SshLab;
import dev.lockstorm.clusters.ssh.SshTarget;
import dev.lockstorm.nemesis.delay.DelayLinks;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.cli.Main;
import dev.lockstorm.suite.internal.run.Placement;
import dev.lockstorm.suite.internal.run.RunResult;
import dev.lockstorm.suite.internal.run.RunSpec;
import dev.lockstorm.suite.internal.run.Runner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two Redis scenarios through the SSH backend only: the lab's hosts run sshd and are to the run
 * nothing but machines reached over SSH (servers on m1–m3, clients on k1–k3, or on the control
 * node). Each finds what it finds in the lab: its double holder. (A ZooKeeper ensemble and the
 * server faults over SSH — a leader killed, a Redis master frozen until the Sentinels fail over —
 * are in SshClustersIT; partitions and clock faults on remote hosts in RemoteFaultsIT.)
 */
@Tag("scenario")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScenariosOverSshIT {
    private static final RunStore STORE = new RunStore(Path.of("target", "it-results").toAbsolutePath());
    private Lab machines;
    private LabSshd sshd;
    private Path dir;

    @BeforeAll
    void start() throws Exception {
        dir = Files.createDirectories(Path.of("target", "it", "ScenariosOverSshIT-" + System.currentTimeMillis()).toAbsolutePath());
        machines = Lab.open(new LabSpec(List.of("m1", "m2", "m3", "k1", "k2", "k3"), dir));
        sshd = LabSshd.start(machines, dir, machines.hosts());
    }

    @AfterAll
    void stop() {
        if (machines != null) machines.close();
    }

    private List<SshTarget> targets(String... names) {
        return java.util.Arrays.stream(names).map(n -> new SshTarget("root", machines.host(n).address(), 22)).toList();
    }

    /**
     * Servers on m1–m3, a client on each of k1–k3, and a delaying nemesis: a proxy on each client's
     * host, the clients' connections redirected through it, all removed at the end; the servers' and
     * the clients' logs come back stamped with the run's time.
     */
    @Test
    void redlockLateReplyThroughDelayProxiesOnTheClientHosts() throws Exception {
        Placement remote = new Placement.Remote(sshd.options(), targets("m1", "m2", "m3"), targets("k1", "k2", "k3"), dir.resolve("remote-root"));
        // what this test is for is the remote machinery (proxies on the client hosts, logs brought back, nothing left behind),
        // so it asserts that the delay worked, not the scenario's timing-bound proof: beside two other test forks, whether the
        // delayed waiter met a free n1 and n2 (and so won a late majority) missed in both variants
        Scenario s = Scenarios.byName("redlock-late-reply").orElseThrow();
        RunSpec spec = s.spec(s.variants().get(0), 1);
        RunResult r = new Runner(System.out, remote).run(spec, STORE.newRun(spec.system().name()));
        assertTrue(slowestDelayedAcquireMs(dev.lockstorm.results.RunReport.history(r.dir())) >= 2_400,
                "an acquire of a client whose link to n3 was delayed 1.2 s each way waited for n3's late reply (or its 3 s timeout): "
                        + r.dir().resolve("report.html"));
        String log = Files.readString(r.dir().resolve("lockstorm.log"));
        assertTrue(log.contains("remote hosts over SSH: n1=root@" + machines.host("m1").address()), log.lines().limit(5).toList().toString());
        assertTrue(log.contains("delay proxies: "), "the run said where its proxies were");
        assertTrue(Files.readString(r.dir().resolve("history.jsonl")).contains("\"f\":\"start-delay\""), "a link was delayed");
        for (String k : List.of("k1", "k2", "k3")) {
            assertFalse(machines.host(k).exec("nft", "list", "tables").output().contains(DelayLinks.TABLE), "no redirect left on " + k);
        }
        String server = Files.readString(r.dir().resolve("logs/redis-n1.log"));
        assertTrue(server.contains("Ready to accept connections"), "the server's log came back to the run");
        assertTrue(server.lines().allMatch(l -> l.matches("\\[ *-?\\d+\\.\\d{3} s \\| \\d\\d:\\d\\d:\\d\\d\\.\\d{3}\\] .*")),
                "every line of the server's log carries the run's stamp: " + server.lines().limit(2).toList());
        // a client's log lines carry the run's time, its start moved onto the client host's clock
        String first;
        try (var logs = Files.list(r.dir().resolve("logs"))) {
            first = logs.filter(f -> f.getFileName().toString().startsWith("client-")).sorted().flatMap(f -> {
                try {
                    return Files.readAllLines(f).stream();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).filter(l -> l.startsWith("[")).findFirst().orElseThrow(() -> new AssertionError("no client wrote a log line"));
        }
        double runTime = Double.parseDouble(first.substring(1, first.indexOf(" s |")).strip());
        assertTrue(runTime > 0 && runTime < 120, first);
    }

    /** Through the command line: {@code reproduce --hosts}, clients on this machine (the control node), then {@code cleanup --hosts}. */
    @Test
    void redisGcPauseFromTheCommandLineThenCleanupAfterARunThatDied() throws Exception {
        Path remoteDir = dir.resolve("remote-root");
        List<String> ssh = List.of("--ssh-key", sshd.clientKey().toString(), "--known-hosts", sshd.knownHosts().toString(),
                "--remote-dir", remoteDir.toString());
        List<String> reproduce = new java.util.ArrayList<>(List.of("reproduce", "redis-gc-pause", "--variant", "1",
                "--store", dir.resolve("store").toString(), "--hosts", address("m1")));
        reproduce.addAll(ssh);
        assertEquals(0, Main.run(reproduce.toArray(String[]::new)), "reproduced: a double holder, as in the lab");
        Path latest = dir.resolve("store/redis-single/latest").toRealPath();
        assertTrue(Files.readString(latest.resolve("lockstorm.log")).contains("n1=root@" + address("m1") + " c1=this machine"));
        try (var runs = Files.list(remoteDir.resolve("runs"))) {
            assertEquals(List.of(), runs.toList(), "the run left nothing on its host");
        }

        // a run whose control node died: its orphan is still there, frozen, until cleanup --hosts
        SshLab crashed = SshLab.open(sshd.options(), java.util.Map.of("n1", targets("m2").get(0)), dir.resolve("crashed"), remoteDir);
        var orphan = crashed.start(crashed.host("n1"), "orphan", List.of("sleep", "600"), java.util.Map.of());
        orphan.pause();
        List<String> cleanup = new java.util.ArrayList<>(List.of("cleanup", "--hosts", address("m2")));
        cleanup.addAll(ssh);
        assertEquals(0, Main.run(cleanup.toArray(String[]::new)));
        assertFalse(orphan.isAlive(), "the orphan was resumed and killed");
        assertEquals(List.of(), SshCleanup.run(crashed.remote("n1"), false, remoteDir, null), "nothing left on m2");
        crashed.close();
    }

    private String address(String machine) {
        return machines.host(machine).address();
    }

    /**
     * The longest acquire, in ms, of a client whose links were delayed ({@code start-delay}'s {@code to}) when it was
     * invoked; 0 when there was none.
     */
    private static long slowestDelayedAcquireMs(dev.lockstorm.checker.history.History h) {
        java.util.Set<String> delayed = new java.util.HashSet<>();
        long slowest = 0;
        for (dev.lockstorm.checker.history.Op op : h.ops()) {
            if (!op.isClient()) {
                if (op.f().equals("start-delay") && op.value() instanceof java.util.Map<?, ?> v && v.get("to") instanceof java.util.Map<?, ?> to) {
                    to.keySet().forEach(k -> delayed.add(String.valueOf(k)));
                } else if (op.f().equals("stop-delay")) {
                    delayed.clear();
                }
                continue;
            }
            if (!op.f().equals("acquire") || op.type() != dev.lockstorm.checker.history.OpType.INVOKE) continue;
            if (!delayed.contains(String.valueOf(op.extra("client")))) continue;
            int done = h.partner(op.index());
            if (done < 0) continue;
            slowest = Math.max(slowest, (h.get(done).time() - op.time()) / 1_000_000);
        }
        return slowest;
    }
}
