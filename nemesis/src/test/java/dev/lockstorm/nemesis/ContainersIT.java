package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.Node;
import dev.lockstorm.clusters.containers.ContainerLab;
import dev.lockstorm.clusters.containers.Docker;
import dev.lockstorm.clusters.containers.Images;
import dev.lockstorm.clusters.database.DatabaseNode;
import dev.lockstorm.clusters.database.MariaDbNode;
import dev.lockstorm.clusters.database.PostgresCluster;
import dev.lockstorm.clusters.database.PostgresNode;
import dev.lockstorm.clusters.etcd.EtcdCluster;
import dev.lockstorm.clusters.etcd.EtcdNode;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Wait;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.clusters.redis.RedisNode;
import dev.lockstorm.clusters.ssh.RemoteProcess;
import dev.lockstorm.clusters.ssh.SshLab;
import dev.lockstorm.clusters.zookeeper.ZooKeeperEnsemble;
import dev.lockstorm.clusters.zookeeper.ZooKeeperNode;
import dev.lockstorm.clusters.zookeeper.ZooKeeperOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The containers backend's own test: each server family, in containers from its image, starts and
 * serves, is cut off from a client container by the nemesis's nft rules, is paused (SIGSTOP) and
 * resumed, killed and restarted, and a process in its image has its clock moved by the project's
 * clock library; afterwards no container or network of the run is left. Needs a Docker engine this
 * user may use (no root): bin/test runs it as a user who is not root ({@code -Dlockstorm.it.groups=containers}).
 */
@Tag("containers")
class ContainersIT {
    private static Docker docker;
    private static Images images;

    @BeforeAll
    static void engine() {
        docker = Docker.require();
        images = new Images(docker, System.err);
    }

    @AfterAll
    static void nothingLeft() {
        assertEquals(List.of(), docker.labelled("container", Docker.RUN_LABEL), "containers left behind");
        assertEquals(List.of(), docker.labelled("network", Docker.RUN_LABEL), "networks left behind");
    }

    @Test
    void redis() {
        try (SshLab lab = open("redis", "redis-server", 1)) {
            RedisNode n1 = RedisNode.create(lab, lab.host("n1"), Persistence.NONE, Map.of());
            n1.start();
            n1.awaitServing(Duration.ofSeconds(20));
            exercise(lab, n1, RedisNode.PORT, node -> n1.awaitServing(Duration.ofSeconds(20)));
        }
    }

    @Test
    void etcd() {
        try (SshLab lab = open("etcd", "etcd-server", 3)) {
            EtcdCluster etcd = EtcdCluster.start(lab, lab.hosts().subList(0, 3));
            etcd.awaitServing(Duration.ofSeconds(30));
            exercise(lab, etcd.nodes().get(0), EtcdNode.CLIENT_PORT, node -> etcd.awaitServing(Duration.ofSeconds(30)));
        }
    }

    @Test
    void zooKeeper() {
        try (SshLab lab = open("zookeeper", Images.COMMON, 3)) {
            ZooKeeperEnsemble zk = ZooKeeperEnsemble.start(lab, lab.hosts().subList(0, 3), ZooKeeperOptions.defaults());
            zk.awaitServing(Duration.ofSeconds(60));
            exercise(lab, zk.nodes().get(0), ZooKeeperNode.CLIENT_PORT, node -> zk.awaitServing(Duration.ofSeconds(60)));
        }
    }

    @Test
    void postgresql() throws Exception {
        try (SshLab lab = open("postgresql", "postgresql", 2)) {
            PostgresCluster pg = PostgresCluster.start(lab, lab.host("n1"), lab.host("n2"));
            PostgresNode primary = pg.primary().orElseThrow();
            answers(primary);
            exercise(lab, primary, PostgresNode.PORT, node -> primary.awaitServing(Duration.ofSeconds(60)));
            answers(primary);
        }
    }

    @Test
    void mariaDb() throws Exception {
        try (SshLab lab = open("mariadb", "mariadb-server", 1)) {
            MariaDbNode n1 = MariaDbNode.start(lab, lab.host("n1"), true);
            n1.awaitServing(Duration.ofSeconds(60));
            answers(n1);
            exercise(lab, n1, MariaDbNode.PORT, node -> n1.awaitServing(Duration.ofSeconds(60)));
            answers(n1);
        }
    }

    /** Hosts n1…nK from the family's image and a client host c1 from the common one, as a run has them. */
    private static SshLab open(String run, String family, int servers) {
        boolean database = family.equals("postgresql") || family.equals("mariadb-server");
        Map<String, String> hosts = new LinkedHashMap<>();
        Map<String, Map<String, String>> sysctls = new LinkedHashMap<>();
        for (int i = 1; i <= servers; i++) {
            hosts.put("n" + i, images.host(family));
            if (database) sysctls.put("n" + i, DatabaseNode.HOST_SYSCTLS);
        }
        hosts.put("c1", images.host(Images.COMMON));
        return ContainerLab.open(docker, hosts, sysctls, List.of(), RunDirs.of("ContainersIT-" + run));
    }

    /**
     * What every family must bear in a container: a cut from the client host and its heal, a pause
     * and a resume, a kill and a restart (each seen from the client host, over the network), and a
     * clock moved under a process of the image.
     */
    private static void exercise(SshLab lab, Node node, int port, Function<Node, Duration> awaitServing) {
        Host server = node.host();
        Host client = lab.host("c1");
        assertInstanceOf(RemoteProcess.class, node.process(), node + " runs in its container, behind SSH");
        assertTrue(node.isServing(), node + " serves");
        assertTrue(reaches(client, server, port), "c1 reaches " + node);
        try (Nemesis nemesis = new LabNemesis(lab, e -> { })) {
            nemesis.partition(Grudge.cutOff(client, List.of(server)));
            assertFalse(reaches(client, server, port), "c1 cut off from " + node);
            nemesis.healPartition();
            assertTrue(reaches(client, server, port), "c1 reaches " + node + " again after the heal");

            nemesis.pause(node.process());
            assertTrue(node.process().isPaused(), "SIGSTOP reached " + node + " in its container");
            assertFalse(node.isServing(), node + " answers nothing while paused");
            nemesis.resume(node.process());
            Wait.until(node + " serving after the resume", node::isServing, Duration.ofSeconds(30));

            nemesis.kill(node);
            assertFalse(node.process().isAlive(), node + " killed");
            nemesis.restart(node);
            awaitServing.apply(node);
            assertTrue(reaches(client, server, port), "c1 reaches " + node + " after its restart");

            clockMoves(lab, server, nemesis);
        }
    }

    /**
     * Ryuk's contract, kept by lockstorm's own reaper: a JVM that opened a run's containers (as a run,
     * or a Surefire fork in a {@code @LockStormTest}, opens them) and is killed with SIGKILL, no hook of
     * its own run, leaves no container or network of that run 10 s later.
     */
    @Test
    void aKilledRunLeavesNothingBehind() throws Exception {
        String program = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Process owner = new ProcessBuilder(program, "-cp", System.getProperty("java.class.path"), Owner.class.getName())
                .redirectErrorStream(true).start();
        String run;
        try (var out = new BufferedReader(new InputStreamReader(owner.getInputStream()))) {
            CompletableFuture<String> opened = CompletableFuture.supplyAsync(() -> {
                try {
                    for (String line; (line = out.readLine()) != null; ) if (line.startsWith(Owner.OPEN)) return line.substring(Owner.OPEN.length());
                    return null;
                } catch (IOException e) {
                    return null;
                }
            });
            run = opened.get(120, TimeUnit.SECONDS);
            assertTrue(run != null, "the owner JVM ended before its containers were up");
            String label = Docker.RUN_LABEL + "=" + run;
            assertFalse(docker.labelled("container", label).isEmpty(), "the owner's containers are up");
            owner.destroyForcibly().waitFor();
            long killed = System.nanoTime();
            boolean gone = Wait.polled(() -> docker.labelled("container", label).isEmpty() && docker.labelled("network", label).isEmpty(),
                    killed + Duration.ofSeconds(10).toNanos(), 250);
            assertTrue(gone, "10 s after the owner's SIGKILL, still there: " + docker.labelled("container", label) + " " + docker.labelled("network", label));
            System.err.printf("containers: run %s's containers and network removed %.1f s after its JVM was killed%n", run, (System.nanoTime() - killed) / 1e9);
        } finally {
            owner.destroyForcibly();
        }
    }

    /** The JVM {@link #aKilledRunLeavesNothingBehind} kills: it opens a run's hosts (c1 and n1), says their run's name, and waits. */
    static final class Owner {
        static final String OPEN = "open: ";

        public static void main(String[] args) throws InterruptedException {
            Images images = new Images(Docker.require(), System.err);
            Path dir = RunDirs.of("ContainersIT-killed");
            ContainerLab.open(Docker.require(), Map.of("n1", images.host("redis-server"), "c1", images.host(Images.COMMON)), Map.of(), List.of(), dir);
            System.out.println(OPEN + Lab.runId(dir));
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
        }
    }

    /** A JVM on the server's host, started with the clock library, sees its wall clock go back an hour and come home. */
    private static void clockMoves(SshLab lab, Host host, Nemesis nemesis) {
        ClockFault clock = ClockFault.create(lab, host, "clock-printer");
        HostProcess p = lab.start(host, "clock-printer", lab.jvm(host, "32m", List.of(), ClockPrinter.class.getName(), List.of()), clock.env());
        Wait.until("the process's clock lines", () -> ClockPrinter.samples(p).size() >= 3, Duration.ofSeconds(30));
        nemesis.clockJump(clock, Duration.ofHours(-1));
        Wait.until("a line an hour back", () -> ClockPrinter.samples(p).stream().anyMatch(s -> s[0] < System.currentTimeMillis() - 3_000_000),
                Duration.ofSeconds(10));
        nemesis.clockReset(clock);
        Wait.until("a line from after the reset", () -> ClockPrinter.onTime(p), Duration.ofSeconds(10));
        p.kill();
    }

    private static void answers(DatabaseNode db) throws Exception {
        try (var c = db.connect(); var st = c.createStatement(); var rs = st.executeQuery("SELECT 41 + 1")) {
            assertTrue(rs.next());
            assertEquals(42, rs.getInt(1), db.toString());
        }
    }

    /** Whether {@code from} opens a TCP connection to {@code to}'s port within 2 s. */
    private static boolean reaches(Host from, Host to, int port) {
        return from.exec("timeout", "2", "bash", "-c", "exec 3<>/dev/tcp/" + to.address() + "/" + port).ok();
    }
}
