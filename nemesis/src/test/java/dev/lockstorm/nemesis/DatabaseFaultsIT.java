package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.database.DatabaseNode;
import dev.lockstorm.clusters.database.MariaDbNode;
import dev.lockstorm.clusters.database.PostgresNode;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The clock shim on real database servers: PostgreSQL (run as its own user, its sessions forked
 * from the postmaster) and MariaDB see their realtime clock jump, in what {@code now()} returns to
 * a client, and see real time again after the reset.
 */
@Tag("lab")
class DatabaseFaultsIT {

    @Test
    void aPostgresClockJumpMovesNow() throws Exception {
        clockJumpMovesNow("postgresql-n1", (lab, env) -> PostgresNode.start(lab, lab.host("n1"), true, env),
                "SELECT extract(epoch FROM clock_timestamp())");
    }

    @Test
    void aMariaDbClockJumpMovesNow() throws Exception {
        clockJumpMovesNow("mariadb-n1", (lab, env) -> MariaDbNode.start(lab, lab.host("n1"), true, env), "SELECT UNIX_TIMESTAMP(NOW(6))");
    }

    private interface Start {
        DatabaseNode start(Lab lab, Map<String, String> env);
    }

    private static void clockJumpMovesNow(String name, Start start, String now) throws Exception {
        try (Lab lab = Lab.open(new LabSpec(List.of("n1"), RunDirs.of("DatabaseFaultsIT")));
             Nemesis nemesis = new LabNemesis(lab, e -> { })) {
            ClockFault clock = ClockFault.create(lab, lab.host("n1"), name);
            DatabaseNode db = start.start(lab, clock.env());
            db.awaitServing(Duration.ofSeconds(60));
            assertTrue(Math.abs(skewSeconds(db, now)) < 5, "real time before the jump");
            nemesis.clockJump(clock, Duration.ofHours(1));
            double skew = skewSeconds(db, now);
            assertTrue(skew > 3590 && skew < 3610, db.product() + "'s now() is an hour ahead, not " + skew + " s");
            nemesis.clockReset(clock);
            assertTrue(Math.abs(skewSeconds(db, now)) < 5, "real time again after the reset");
        }
    }

    /** The server's {@code now()} minus this JVM's clock, in seconds, over a new session (a new backend on PostgreSQL). */
    private static double skewSeconds(DatabaseNode db, String now) throws Exception {
        try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(now)) {
            rs.next();
            return rs.getDouble(1) - System.currentTimeMillis() / 1000.0;
        }
    }
}
