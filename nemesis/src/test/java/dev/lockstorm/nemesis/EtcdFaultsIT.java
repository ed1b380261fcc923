package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.etcd.EtcdCluster;
import dev.lockstorm.clusters.etcd.EtcdNode;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static dev.lockstorm.clusters.lab.Wait.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** Faults on a real 3-member etcd cluster: the leader isolated (Jepsen's isolate-leader) and healed, the leader paused. */
@Tag("lab")
class EtcdFaultsIT {
    private final List<NemesisAction> events = new ArrayList<>();

    @Test
    void anIsolatedLeaderIsReplacedAndRejoinsAfterTheHeal() {
        try (Lab lab = Lab.open(new LabSpec(List.of("n1", "n2", "n3"), RunDirs.of("EtcdFaultsIT")));
             Nemesis nemesis = new LabNemesis(lab, events::add)) {
            EtcdCluster etcd = EtcdCluster.start(lab, lab.hosts());
            etcd.awaitServing(Duration.ofSeconds(30));
            EtcdNode old = etcd.leader().orElseThrow();
            nemesis.partition(Grudge.isolate(old.host(), lab.hosts()));
            Duration elected = until("a new leader among the majority", () -> etcd.leader().filter(l -> l != old).isPresent(), Duration.ofSeconds(20));
            Duration unhealthy = until("the isolated member to report itself unhealthy", () -> !old.isServing(), Duration.ofSeconds(20));
            System.out.printf("etcd leader isolated: a new leader after %d ms; the old one unhealthy after %d ms (%s)%n",
                    elected.toMillis(), unhealthy.toMillis(), etcd.describe());
            nemesis.healPartition();
            Duration back = etcd.awaitServing(Duration.ofSeconds(30));
            System.out.printf("healed: every member healthy again after %d ms (%s)%n", back.toMillis(), etcd.describe());

            EtcdNode leader = etcd.leader().orElseThrow();
            nemesis.pause(leader.process());
            until("a leader other than the paused one", () -> etcd.leader().filter(l -> l != leader).isPresent(), Duration.ofSeconds(20));
            nemesis.resume(leader.process());
            etcd.awaitServing(Duration.ofSeconds(30));
            assertNotEquals(leader, etcd.leader().orElseThrow(), "the paused leader came back as a follower");
        }
        assertEquals(List.of("start-partition", "stop-partition", "start-pause", "stop-pause"), events.stream().map(NemesisAction::f).toList());
    }
}
