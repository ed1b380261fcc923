package dev.lockstorm.clusters;

import dev.lockstorm.clusters.etcd.EtcdCluster;
import dev.lockstorm.clusters.etcd.EtcdNode;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabException;
import dev.lockstorm.clusters.lab.LabSpec;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A real 3-member etcd cluster (Debian's etcd 3.4): election, a killed leader, restart on the same data, a member that cannot start. */
@Tag("lab")
class EtcdIT {
    private final Path dir = RunDirs.of(getClass().getSimpleName());

    @Test
    void electsALeaderAndSurvivesTheLeadersCrash() throws Exception {
        try (Lab lab = Lab.open(new LabSpec(List.of("n1", "n2", "n3"), dir))) {
            long start = System.nanoTime();
            EtcdCluster etcd = EtcdCluster.start(lab, lab.hosts());
            etcd.awaitServing(Duration.ofSeconds(30));
            System.out.printf("3-member etcd cluster serving %d ms after the start: %s%n", (System.nanoTime() - start) / 1_000_000, etcd.describe());
            EtcdNode leader = etcd.leader().orElseThrow();
            leader.kill();
            assertFalse(leader.isServing());
            List<EtcdNode> rest = etcd.nodes().stream().filter(n -> n != leader).toList();
            Duration took = etcd.awaitServing(rest, Duration.ofSeconds(30));
            System.out.println("new leader after " + took.toMillis() + " ms: " + etcd.describe());
            assertNotEquals(leader, etcd.leader().orElseThrow(), "the two others elected one of themselves");
            leader.start();
            etcd.awaitServing(Duration.ofSeconds(30));
            assertTrue(leader.isServing(), "restarted on its own data, it rejoined");
            assertTrue(Files.readString(leader.log()).contains("\"msg\""), "per-member log kept (zap's JSON lines)");
        }
    }

    @Test
    void fiveMembersServeAndKeepAQuorumWithoutTwo() {
        try (Lab lab = Lab.open(new LabSpec(List.of("n1", "n2", "n3", "n4", "n5"), dir))) {
            EtcdCluster etcd = EtcdCluster.start(lab, lab.hosts());
            Duration took = etcd.awaitServing(Duration.ofSeconds(30));
            System.out.println("5-member etcd cluster serving after " + took.toMillis() + " ms: " + etcd.describe());
            assertEquals(5, etcd.endpoints().split(",").length);
            EtcdNode leader = etcd.leader().orElseThrow();
            List<EtcdNode> followers = etcd.nodes().stream().filter(n -> n != leader).limit(2).toList();
            followers.forEach(EtcdNode::kill);
            etcd.awaitServing(etcd.nodes().stream().filter(n -> !followers.contains(n)).toList(), Duration.ofSeconds(20));
            assertEquals(leader, etcd.leader().orElseThrow(), "three of five are a quorum: the leader keeps leading");
        }
    }

    @Test
    void aMemberThatCannotStartIsReportedWithItsLog() throws Exception {
        try (Lab lab = Lab.open(new LabSpec(List.of("n1", "n2", "n3"), dir))) {
            // n2's data directory is a file: etcd refuses it and exits
            Files.createDirectories(lab.dir().resolve("etcd"));
            Files.writeString(lab.dir().resolve("etcd").resolve("n2"), "not a directory\n");
            EtcdCluster etcd = EtcdCluster.start(lab, lab.hosts());
            LabException e = assertThrows(LabException.class, () -> etcd.awaitServing(Duration.ofSeconds(30)));
            System.out.println(e.getMessage());
            assertTrue(e.getMessage().startsWith("etcd on n2 exited with code "), e.getMessage());
            assertTrue(e.getMessage().contains("data"), "the log's last lines say why: " + e.getMessage());
            assertEquals(3, etcd.nodes().size());
        }
    }
}
