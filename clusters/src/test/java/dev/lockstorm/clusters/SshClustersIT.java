package dev.lockstorm.clusters;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Wait;
import dev.lockstorm.clusters.ssh.LabSshd;
import dev.lockstorm.clusters.ssh.RemoteProcess;
import dev.lockstorm.clusters.ssh.SshCleanup;
import dev.lockstorm.clusters.ssh.SshException;
import dev.lockstorm.clusters.ssh.SshLab;
import dev.lockstorm.clusters.ssh.SshTarget;
import dev.lockstorm.clusters.zookeeper.ZooKeeperEnsemble;
import dev.lockstorm.clusters.zookeeper.ZooKeeperNode;
import dev.lockstorm.clusters.zookeeper.ZooKeeperOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ZooKeeper nodes on remote hosts, through the SSH backend only: the lab's hosts run sshd and are
 * nothing more to the run than machines reached over SSH ({@link SshMachines}). The same node
 * classes as in the lab start, serve, crash, restart and pause there, and the run leaves nothing
 * behind; a run that died is cleaned up by the next; a login that cannot serve is named. Redis,
 * etcd and the databases: {@link SshServicesIT}.
 */
@Tag("lab")
class SshClustersIT {
    private static SshMachines machines;

    @BeforeAll
    static void start() {
        machines = new SshMachines(SshClustersIT.class, 4); // m4: see aLoginThatIsNotRoot…
    }

    @AfterAll
    static void stop() {
        if (machines != null) machines.close();
    }

    private static SshLab remote(String run) {
        return machines.remote(run);
    }

    @Test
    void zooKeeperEnsembleServesLosesItsLeaderAndElectsAnother() {
        long t0 = System.nanoTime();
        try (SshLab lab = remote("zookeeper")) {
            long connected = System.nanoTime();
            ZooKeeperEnsemble zk = ZooKeeperEnsemble.start(lab, lab.hosts(), ZooKeeperOptions.defaults());
            zk.awaitServing(Duration.ofSeconds(60));
            long serving = System.nanoTime();
            System.out.printf("ZooKeeper over SSH: connected in %d ms, 3 nodes serving %d ms later (jars copied)%n",
                    (connected - t0) / 1_000_000, (serving - connected) / 1_000_000);
            assertEquals("n1:2181,n2:2181,n3:2181".replace("n1", lab.host("n1").address()).replace("n2", lab.host("n2").address())
                    .replace("n3", lab.host("n3").address()), zk.connectString());
            for (ZooKeeperNode n : zk.nodes()) {
                assertInstanceOf(RemoteProcess.class, n.process(), n + " runs behind SSH");
                // the server's data is on its host, under the run's directory there
                assertTrue(Files.exists(SshMachines.REMOTE_ROOT.resolve("runs/zookeeper/zookeeper/" + n.host().name() + "/myid")), n.toString());
            }
            ZooKeeperNode leader = zk.leader().orElseThrow();
            leader.process().pause();
            assertTrue(leader.process().isPaused(), "SIGSTOP reached the JVM on its host");
            leader.process().resume();
            leader.kill();
            assertFalse(leader.process().isAlive());
            List<ZooKeeperNode> others = zk.nodes().stream().filter(n -> n != leader).toList();
            zk.awaitServing(others, Duration.ofSeconds(30));
            ZooKeeperNode next = zk.leader().orElseThrow();
            assertNotEquals(leader, next, "another node leads");
            leader.start();
            zk.awaitServing(Duration.ofSeconds(30));
            assertTrue(Files.readString(leader.log()).contains("QuorumPeer"), "the server's log is here, on the control node");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        assertTrue(noTraceOfRuns(), "nothing of the run is left on the hosts");
    }

    @Test
    void aRunThatDiedIsCleanedUpByTheNext() {
        SshLab crashed = remote("crashed");
        Host n2 = crashed.host("n2");
        HostProcess orphan = crashed.start(n2, "orphan", List.of("sleep", "600"), Map.of());
        // stopped once it is the program: stopped before (the shell that told its pid), the clean-up would name it "sh"
        Wait.until("the orphan to run sleep", () -> crashed.remote("n2").exec("cat", "/proc/" + orphan.pid() + "/comm").output().strip()
                .equals("sleep"), Duration.ofSeconds(10));
        orphan.pause();
        n2.write(crashed.dir(n2).resolve("data.txt"), "left\n");
        List<String> seen = SshCleanup.run(crashed.remote("n2"), false, SshMachines.REMOTE_ROOT, null);
        assertTrue(seen.stream().anyMatch(l -> l.startsWith("process " + orphan.pid() + " (sleep), stopped")), seen.toString());
        assertTrue(seen.stream().anyMatch(l -> l.startsWith("run directory ")), seen.toString());

        // the run's control node is gone without closing: the next run finds and removes what it left
        try (SshLab next = remote("next")) {
            assertTrue(next.removedAtOpen().stream().anyMatch(l -> l.contains("process " + orphan.pid() + " (sleep), stopped: removed")),
                    next.removedAtOpen().toString());
            assertFalse(orphan.isAlive());
            assertTrue(SshCleanup.run(next.remote("n1"), false, SshMachines.REMOTE_ROOT, "crashed").isEmpty());
        }
        crashed.close(); // its connections; nothing of it is left to remove
    }

    /**
     * Bad input found before anything starts: a login that is not root (a user of the lab's own),
     * and a package that apt cannot install (an apt-get that fails as apt does for an unknown
     * package). m4's sshd starts with both bind-mounted over the machine's files in its own mount
     * namespace (ip netns exec copies the lab's), and takes the lab's key for every user.
     */
    @Test
    void aLoginThatIsNotRootOrAPackageThatCannotBeInstalledIsNamed() throws Exception {
        String m4 = machines.machines.host("m4").address();
        Path passwd = machines.dir.resolve("passwd");
        Files.writeString(passwd, Files.readString(Path.of("/etc/passwd")) + "lockstorm-it:x:4242:4242::/tmp:/bin/sh\n");
        Path apt = machines.dir.resolve("apt-get");
        Files.writeString(apt, "#!/bin/sh\necho \"E: Unable to locate package $4\" >&2\nexit 100\n");
        assertTrue(apt.toFile().setExecutable(true));
        LabSshd withUser;
        Commands.check("mount", "--bind", passwd.toString(), "/etc/passwd");
        Commands.check("mount", "--bind", apt.toString(), "/usr/bin/apt-get");
        try {
            withUser = LabSshd.start(machines.machines, machines.dir.resolve("m4"), List.of(machines.machines.host("m4")));
        } finally {
            // m4's sshd keeps the copies it started with
            Commands.check("umount", "/etc/passwd");
            Commands.check("umount", "/usr/bin/apt-get");
        }
        SshException e = assertThrows(SshException.class, () -> SshLab.open(withUser.options(),
                Map.of("n1", new SshTarget("lockstorm-it", m4, 22)), machines.dir.resolve("not-root"), SshMachines.REMOTE_ROOT));
        assertEquals("lockstorm-it@" + m4 + ": logged in, but not as root (uid 4242): log in as root", e.getMessage());

        try (SshLab lab = SshLab.open(withUser.options(), Map.of("n1", new SshTarget("root", m4, 22)), machines.dir.resolve("no-package"), SshMachines.REMOTE_ROOT)) {
            SshException missing = assertThrows(SshException.class,
                    () -> lab.require(lab.host("n1"), "lockstorm-no-such-program", "lockstorm-no-such-package"));
            assertTrue(missing.getMessage().startsWith("root@" + m4 + ": lockstorm-no-such-program is missing and 'apt-get install"
                    + " lockstorm-no-such-package' did not install it: E: Unable to locate package lockstorm-no-such-package"), missing.getMessage());
        }
    }

    private static boolean noTraceOfRuns() {
        return machines.noTraceOfRuns();
    }
}
