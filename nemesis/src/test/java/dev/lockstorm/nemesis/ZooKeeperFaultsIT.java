package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Jvm;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import dev.lockstorm.clusters.zookeeper.ZooKeeperEnsemble;
import dev.lockstorm.clusters.zookeeper.ZooKeeperNode;
import dev.lockstorm.clusters.zookeeper.ZooKeeperOptions;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.lockstorm.clusters.lab.Wait.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Faults on a real 3-node ensemble: leader partition, heal, leader pause, a frozen client. */
@Tag("lab")
class ZooKeeperFaultsIT {
    private Lab lab;
    private ZooKeeperEnsemble zk;
    private Nemesis nemesis;
    private final List<NemesisAction> events = new ArrayList<>();

    @BeforeEach
    void up() {
        lab = Lab.open(new LabSpec(List.of("n1", "n2", "n3", "c1"), RunDirs.of("ZooKeeperFaultsIT")));
        zk = ZooKeeperEnsemble.start(lab, List.of(lab.host("n1"), lab.host("n2"), lab.host("n3")), ZooKeeperOptions.defaults());
        zk.awaitServing(Duration.ofSeconds(30));
        nemesis = new LabNemesis(lab, events::add);
    }

    @AfterEach
    void down() {
        try {
            nemesis.close();
            assertEquals("none", nemesis.active());
        } finally {
            lab.close();
        }
    }

    private List<Host> servers() {
        return zk.nodes().stream().map(ZooKeeperNode::host).toList();
    }

    @Test
    void isolatedLeaderIsReplacedStopsServingAndRejoinsAsFollower() {
        ZooKeeperNode old = zk.leader().orElseThrow();
        nemesis.partition(Grudge.isolate(old.host(), servers()));
        Duration elected = until("a new leader", () -> zk.nodes().stream()
                .anyMatch(n -> n != old && n.mode().filter("leader"::equals).isPresent()), Duration.ofSeconds(20));
        Duration stopped = until("the old leader to stop serving", () -> !old.isServing(), Duration.ofSeconds(20));
        System.out.printf("leader partition: new leader after %d ms, old leader stopped serving after %d ms%n",
                elected.toMillis(), stopped.toMillis());
        nemesis.healPartition();
        Duration rejoined = until("the old leader to rejoin as follower",
                () -> old.mode().filter("follower"::equals).isPresent(), Duration.ofSeconds(30));
        System.out.printf("heal: old leader is a follower after %d ms%n", rejoined.toMillis());
        assertEquals(List.of("start-partition", "stop-partition"), events.stream().map(NemesisAction::f).toList());
    }

    @Test
    void pausedLeaderIsReplaced() {
        ZooKeeperNode old = zk.leader().orElseThrow();
        nemesis.pause(old.process());
        assertTrue(old.process().isPaused());
        Duration elected = until("a new leader", () -> zk.nodes().stream()
                .anyMatch(n -> n != old && n.mode().filter("leader"::equals).isPresent()), Duration.ofSeconds(20));
        System.out.printf("leader paused: new leader after %d ms%n", elected.toMillis());
        nemesis.healAll();
        assertFalse(old.process().isPaused());
        until("the old leader to serve again", old::isServing, Duration.ofSeconds(30));
    }

    @Test
    void clientFrozenPastItsSessionLosesItsEphemeralNode() throws Exception {
        Host c1 = lab.host("c1");
        HostProcess client = lab.start(c1, "client-c1", Jvm.command("64m", List.of(),
                EphemeralClient.class.getName(), List.of(zk.connectString(), "/held", "4000")), Map.of());
        until("the client's ephemeral node", () -> logHas(client, "CREATED /held"), Duration.ofSeconds(20));
        try (ZooKeeper observer = new ZooKeeper(zk.connectString(), 10_000, e -> { })) {
            until("the observer's session", () -> observer.getState().isConnected(), Duration.ofSeconds(10));
            assertNotNull(observer.exists("/held", false));
            nemesis.pause(client);
            Duration gone = until("the ephemeral node to vanish", () -> {
                try {
                    return observer.exists("/held", false) == null;
                } catch (Exception e) {
                    return false;
                }
            }, Duration.ofSeconds(15));
            assertTrue(client.isPaused(), "the node vanished while the client was frozen");
            System.out.printf("client frozen: its ephemeral node vanished after %d ms (session 4000 ms)%n", gone.toMillis());
            nemesis.resume(client);
            until("the client to learn its session expired", () -> logHas(client, "EVENT Expired"), Duration.ofSeconds(15));
            assertNull(observer.exists("/held", false));
        }
    }

    /**
     * A follower cut off from the others serves its clients what it has until it notices (about
     * syncLimit ticks): a write the majority committed meanwhile is missing from its reads. A sync
     * first cannot complete there (the follower cannot reach the leader), so no stale read follows it.
     */
    @Test
    void aClientOfAMinorityServerReadsStaleDataUnlessItSyncs() throws Exception {
        ZooKeeperNode leader = zk.leader().orElseThrow();
        ZooKeeperNode minority = zk.nodes().stream().filter(n -> n != leader).findFirst().orElseThrow();
        String only = minority.host().address() + ":" + ZooKeeperNode.CLIENT_PORT;
        try (ZooKeeper writer = connected(leader.host().address() + ":" + ZooKeeperNode.CLIENT_PORT);
             ZooKeeper reader = connected(only); ZooKeeper syncer = connected(only)) {
            writer.create("/v", "1".getBytes(), org.apache.zookeeper.ZooDefs.Ids.OPEN_ACL_UNSAFE, org.apache.zookeeper.CreateMode.PERSISTENT);
            until("the minority server to have /v", () -> read(reader).equals("1"), Duration.ofSeconds(10));
            nemesis.partition(Grudge.isolate(minority.host(), servers()));
            writer.setData("/v", "2".getBytes(), -1);
            long cut = System.nanoTime();
            assertEquals("1", read(reader), "a read from the cut-off follower right after the majority's write");
            java.util.concurrent.CompletableFuture<Integer> synced = new java.util.concurrent.CompletableFuture<>();
            syncer.sync("/v", (rc, path, ctx) -> synced.complete(rc), null);
            // the stale window: how long the cut-off follower goes on answering with the old value
            String last;
            do {
                last = read(reader);
            } while (last.equals("1") && System.nanoTime() - cut < 10_000_000_000L);
            long staleMs = (System.nanoTime() - cut) / 1_000_000;
            int rc = synced.get(15, java.util.concurrent.TimeUnit.SECONDS);
            String afterSync = rc == 0 ? read(syncer) : org.apache.zookeeper.KeeperException.Code.get(rc).name();
            System.out.printf("minority server: stale reads for %d ms after the cut, then %s; a sync there ended in %s%n", staleMs, last,
                    afterSync);
            assertFalse(last.equals("1"), "the cut-off follower stopped serving in time");
            assertFalse(afterSync.equals("1"), "a read after a sync on the cut-off follower was stale");
            nemesis.healPartition();
        }
    }

    private static ZooKeeper connected(String connect) throws Exception {
        ZooKeeper z = new ZooKeeper(connect, 10_000, e -> { });
        until("a session with " + connect, () -> z.getState().isConnected(), Duration.ofSeconds(10));
        return z;
    }

    /** The data of /v as text, or what went wrong. */
    private static String read(ZooKeeper z) {
        try {
            return new String(z.getData("/v", false, null));
        } catch (Exception e) {
            return e.getClass().getSimpleName();
        }
    }

    private static boolean logHas(HostProcess p, String text) {
        try {
            return Files.readString(p.log()).contains(text);
        } catch (java.io.IOException e) {
            return false;
        }
    }

    @Test
    void partitionsReplaceEachOtherAndHealRemovesEveryRule() {
        List<Host> s = servers();
        nemesis.partition(Grudge.isolate(s.get(0), s));
        nemesis.partition(Grudge.isolate(s.get(1), s));
        // n1 is no longer cut off: only the second grudge holds
        assertTrue(s.get(0).exec("nft", "list", "tables").output().contains("nemesis"));
        assertTrue(s.get(0).exec("ping", "-c", "1", "-W", "1", s.get(2).name()).ok());
        assertFalse(s.get(1).exec("ping", "-c", "1", "-W", "1", s.get(2).name()).ok());
        nemesis.healPartition();
        for (Host h : s) assertFalse(h.exec("nft", "list", "tables").output().contains("nemesis"), h + " still has rules");
    }
}
