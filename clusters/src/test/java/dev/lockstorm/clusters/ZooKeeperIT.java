package dev.lockstorm.clusters;

import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import dev.lockstorm.clusters.zookeeper.ZooKeeperEnsemble;
import dev.lockstorm.clusters.zookeeper.ZooKeeperNode;
import dev.lockstorm.clusters.zookeeper.ZooKeeperOptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A real 3-node ensemble: quorum, crash and restart on the same data. */
@Tag("lab")
class ZooKeeperIT {
    private final Path dir = RunDirs.of(getClass().getSimpleName());

    @Test
    void quorumFormsAndSurvivesAKilledFollower() throws Exception {
        try (Lab lab = Lab.open(new LabSpec(List.of("n1", "n2", "n3"), dir))) {
            ZooKeeperEnsemble zk = ZooKeeperEnsemble.start(lab, lab.hosts(), ZooKeeperOptions.defaults());
            Duration took = zk.awaitServing(Duration.ofSeconds(30));
            System.out.println("3-node ensemble serving after " + took.toMillis() + " ms: " + zk.describe());
            ZooKeeperNode leader = zk.leader().orElseThrow();
            ZooKeeperNode follower = zk.nodes().stream().filter(n -> n != leader).findFirst().orElseThrow();
            follower.kill();
            assertFalse(follower.isServing());
            assertEquals(leader, zk.leader().orElseThrow(), "a majority remains: the leader keeps leading");
            follower.start();
            zk.awaitServing(Duration.ofSeconds(30));
            assertEquals("follower", follower.mode().orElseThrow());
            assertTrue(Files.readString(follower.log()).contains("QuorumPeer"), "per-node log kept");
        }
    }

    @Test
    void fiveNodeEnsembleServesAndKeepsAQuorumWithoutTwoNodes() {
        try (Lab lab = Lab.open(new LabSpec(List.of("n1", "n2", "n3", "n4", "n5"), dir))) {
            ZooKeeperEnsemble zk = ZooKeeperEnsemble.start(lab, lab.hosts(), ZooKeeperOptions.defaults());
            Duration took = zk.awaitServing(Duration.ofSeconds(40));
            System.out.println("5-node ensemble serving after " + took.toMillis() + " ms: " + zk.describe());
            List<ZooKeeperNode> followers = zk.nodes().stream().filter(n -> zk.leader().orElseThrow() != n).limit(2).toList();
            followers.forEach(ZooKeeperNode::kill);
            List<ZooKeeperNode> rest = zk.nodes().stream().filter(n -> !followers.contains(n)).toList();
            zk.awaitServing(rest, Duration.ofSeconds(20));
        }
    }
}
