package dev.lockstorm.clusters;

import dev.lockstorm.clusters.database.DatabaseNode;
import dev.lockstorm.clusters.database.MariaDbNode;
import dev.lockstorm.clusters.database.PostgresCluster;
import dev.lockstorm.clusters.database.PostgresNode;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabException;
import dev.lockstorm.clusters.lab.LabSpec;
import dev.lockstorm.clusters.lab.Wait;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.function.BiFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real PostgreSQL and MariaDB servers (Debian's) on a lab host: up, a committed row that survives a
 * kill -9 and a restart on the same data, a paused server that answers nothing until resumed, a
 * server that cannot start reported with its log; a PostgreSQL primary and replica: failover by
 * promotion, the old primary rewound into a replica.
 */
@Tag("lab")
class DatabaseIT {
    private final Path dir = RunDirs.of(getClass().getSimpleName());

    @Test
    void postgresKeepsACommittedRowAcrossACrash() throws Exception {
        keepsACommittedRowAcrossACrash((lab, host) -> PostgresNode.start(lab, lab.host(host), true));
    }

    @Test
    void mariaDbKeepsACommittedRowAcrossACrash() throws Exception {
        keepsACommittedRowAcrossACrash((lab, host) -> MariaDbNode.start(lab, lab.host(host), true));
    }

    private void keepsACommittedRowAcrossACrash(BiFunction<Lab, String, DatabaseNode> start) throws Exception {
        try (Lab lab = Lab.open(new LabSpec(List.of("n1"), dir))) {
            long t0 = System.nanoTime();
            DatabaseNode db = start.apply(lab, "n1");
            db.awaitServing(Duration.ofSeconds(60));
            System.out.printf("%s serving %d ms after the start (data directory made at this first start)%n", db.product(),
                    (System.nanoTime() - t0) / 1_000_000);
            try (Connection c = db.connect(); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE t (id INT PRIMARY KEY)");
                s.execute("INSERT INTO t VALUES (1)");
            }
            db.kill();
            assertFalse(db.isServing());
            t0 = System.nanoTime();
            db.start();
            db.awaitServing(Duration.ofSeconds(60));
            System.out.printf("%s serving again %d ms after a restart on the same data%n", db.product(), (System.nanoTime() - t0) / 1_000_000);
            try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM t")) {
                rs.next();
                assertEquals(1, rs.getInt(1), "the committed row survived the crash");
            }
            db.process().pause();
            assertFalse(db.isServing(), "a paused server (all its processes) answers nothing");
            db.process().resume();
            assertTrue(db.isServing());
            db.stop();
        }
        assertFalse(Files.exists(Path.of("/run/lockstorm/scratch")), "the lab's scratch directory went with it");
    }

    @Test
    void aPromotedReplicaTakesOverAndTheOldPrimaryRejoinsAsItsReplica() throws Exception {
        try (Lab lab = Lab.open(new LabSpec(List.of("n1", "n2"), dir))) {
            long t0 = System.nanoTime();
            PostgresCluster pg = PostgresCluster.start(lab, lab.host("n1"), lab.host("n2"));
            System.out.printf("PostgreSQL primary and streaming replica serving %d ms after the start: %s%n", (System.nanoTime() - t0) / 1_000_000,
                    pg.describe());
            PostgresNode n1 = pg.nodes().get(0);
            PostgresNode n2 = pg.nodes().get(1);
            assertEquals(n1, pg.primary().orElseThrow());
            try (Connection c = DriverManager.getConnection(pg.jdbcUrl()); Statement s = c.createStatement()) {
                // on (the default) waits for the replica's flush, not its replay: a read there could still miss the table
                s.execute("SET synchronous_commit = remote_apply");
                s.execute("CREATE TABLE t (id INT PRIMARY KEY)");
                s.execute("INSERT INTO t VALUES (1)"); // applied on the replica when this returns
            }
            assertEquals(1, count(n2), "the replica has the row the primary acknowledged");
            n1.kill();
            pg.promote(n2);
            assertEquals(n2, pg.primary().orElseThrow());
            try (Connection c = DriverManager.getConnection(pg.jdbcUrl()); Statement s = c.createStatement()) {
                s.execute("INSERT INTO t VALUES (2)"); // the driver finds the new primary
            }
            n1.start();
            n1.awaitServing(Duration.ofSeconds(60));
            Wait.until("n1 to replay the new primary's row", () -> count(n1) == 2, Duration.ofSeconds(30));
            assertEquals(n2, pg.primary().orElseThrow(), "the old primary came back as a replica, not as a second primary: " + pg.describe());
        }
    }

    private static int count(PostgresNode n) {
        try (Connection c = n.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM t")) {
            rs.next();
            return rs.getInt(1);
        } catch (java.sql.SQLException e) {
            return -1;
        }
    }

    @Test
    void aMariaDbThatCannotStartIsReportedWithItsLog() throws Exception {
        try (Lab lab = Lab.open(new LabSpec(List.of("n1"), dir))) {
            // a data directory whose system tables are missing: the server refuses to start and exits
            Files.createDirectories(lab.dir().resolve("mariadb").resolve("n1").resolve("mysql"));
            Files.writeString(lab.dir().resolve("mariadb").resolve("n1-init.sql"), "SELECT 1;\n");
            DatabaseNode db = MariaDbNode.start(lab, lab.host("n1"), true);
            LabException e = assertThrows(LabException.class, () -> db.awaitServing(Duration.ofSeconds(60)));
            System.out.println(e.getMessage());
            assertTrue(e.getMessage().startsWith("MariaDB on n1 exited with code "), e.getMessage());
            assertTrue(e.getMessage().contains("[ERROR]"), "the log's last lines say why: " + e.getMessage());
        }
    }
}
