package dev.lockstorm.clusters;

import dev.lockstorm.clusters.database.DatabaseNode;
import dev.lockstorm.clusters.database.MariaDbNode;
import dev.lockstorm.clusters.database.PostgresCluster;
import dev.lockstorm.clusters.etcd.EtcdCluster;
import dev.lockstorm.clusters.lab.Wait;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.clusters.redis.RedisNode;
import dev.lockstorm.clusters.redis.Sentinels;
import dev.lockstorm.clusters.ssh.RemoteProcess;
import dev.lockstorm.clusters.ssh.SshLab;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Redis with Sentinels, etcd and the databases on remote hosts, through the SSH backend only (the
 * same machinery as {@link SshClustersIT}, in a class of its own so that the two run side by side):
 * the same node classes as in the lab start, serve, fail over there, and leave nothing behind.
 */
@Tag("lab")
class SshServicesIT {
    private static SshMachines machines;

    @BeforeAll
    static void start() {
        machines = new SshMachines(SshServicesIT.class, 3);
    }

    @AfterAll
    static void stop() {
        if (machines != null) machines.close();
    }

    private static SshLab remote(String run) {
        return machines.remote(run);
    }

    private static boolean noTraceOfRuns() {
        return machines.noTraceOfRuns();
    }

    @Test
    void redisSentinelsFailOverOnRemoteHosts() {
        try (SshLab lab = remote("redis")) {
            Sentinels s = Sentinels.start(lab, lab.hosts(), Persistence.NONE);
            RedisNode master = s.primary().orElseThrow();
            assertEquals("n1", master.host().name());
            master.process().pause();
            Wait.until("a replica promoted", () -> s.primary().filter(p -> p != master).isPresent(), Duration.ofSeconds(30));
            master.process().resume();
            Wait.until("the old master demoted", () -> master.role().filter("slave"::equals).isPresent(), Duration.ofSeconds(30));
        }
        assertTrue(noTraceOfRuns(), "nothing of the run is left on the hosts");
    }

    @Test
    void etcdAndTheDatabasesServeOnRemoteHosts() throws Exception {
        try (SshLab lab = remote("databases")) {
            EtcdCluster etcd = EtcdCluster.start(lab, lab.hosts());
            etcd.awaitServing(Duration.ofSeconds(30));
            assertTrue(etcd.leader().isPresent());
            PostgresCluster pg = PostgresCluster.start(lab, lab.host("n1"), lab.host("n2"));
            assertEquals(lab.host("n1"), pg.primary().orElseThrow().host());
            MariaDbNode maria = MariaDbNode.start(lab, lab.host("n3"), true);
            maria.awaitServing(Duration.ofSeconds(60));
            for (DatabaseNode db : List.of(pg.primary().orElseThrow(), maria)) {
                try (Connection c = db.connect(); Statement st = c.createStatement(); var rs = st.executeQuery("SELECT 41 + 1")) {
                    assertTrue(rs.next());
                    assertEquals(42, rs.getInt(1), db.toString());
                }
                assertInstanceOf(RemoteProcess.class, db.process(), db + " runs behind SSH");
            }
        }
        assertTrue(noTraceOfRuns(), "nothing of the run is left on the hosts");
    }
}
