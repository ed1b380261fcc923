package dev.lockstorm.clusters.database;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabException;
import dev.lockstorm.clusters.lab.Wait;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A PostgreSQL primary and one streaming replica that the primary names in
 * {@code synchronous_standby_names}: each session chooses with {@code synchronous_commit} whether
 * its commits wait for the replica ({@code on}, PostgreSQL's default) or not ({@code local}).
 * Failover is by hand, as an HA manager (Patroni, say) does it: {@link #promote} the replica, and
 * the old primary rejoins as its replica when it next starts.
 *
 * <pre>{@code
 * PostgresCluster pg = PostgresCluster.start(lab, lab.host("n1"), lab.host("n2"));
 * pg.promote(pg.nodes().get(1));   // after the primary died
 * }</pre>
 */
public final class PostgresCluster {
    private final List<PostgresNode> nodes;

    private PostgresCluster(List<PostgresNode> nodes) {
        this.nodes = nodes;
    }

    /** Starts the primary, then the replica from its base backup, and waits until the replica streams. */
    public static PostgresCluster start(Lab lab, Host primaryHost, Host replicaHost) {
        PostgresNode primary = PostgresNode.start(lab, primaryHost, true);
        primary.awaitServing(Duration.ofSeconds(60));
        PostgresNode replica = PostgresNode.startReplica(lab, replicaHost, primary);
        replica.awaitServing(Duration.ofSeconds(60));
        try {
            Wait.until("the replica on " + replicaHost.name() + " to stream from the primary", () -> streaming(primary) == 1, Duration.ofSeconds(30));
        } catch (LabException e) {
            throw new LabException("the replica on " + replicaHost.name() + " does not stream; the last lines of " + replica.log() + ":\n"
                    + replica.process().tail(15), e);
        }
        // only now: with it set before the replica streamed, every commit on the primary would wait
        execute(primary, "ALTER SYSTEM SET synchronous_standby_names = '*'", "SELECT pg_reload_conf()");
        return new PostgresCluster(List.of(primary, replica));
    }

    public List<PostgresNode> nodes() {
        return nodes;
    }

    /** {@code jdbc:postgresql://n1:5432,n2:5432/lockstorm?user=lockstorm&targetServerType=primary}: the driver finds the primary. */
    public String jdbcUrl() {
        return "jdbc:postgresql://" + nodes.stream().map(n -> n.host().address() + ":" + PostgresNode.PORT).collect(Collectors.joining(","))
                + "/" + DatabaseNode.DATABASE + "?user=" + DatabaseNode.DATABASE + "&targetServerType=primary";
    }

    /** The node that serves as a primary now, if exactly one does. */
    public Optional<PostgresNode> primary() {
        List<PostgresNode> primaries = nodes.stream().filter(PostgresNode::isPrimary).toList();
        return primaries.size() == 1 ? Optional.of(primaries.get(0)) : Optional.empty();
    }

    /** Promotes {@code replica}; every other node will follow it from its next start. */
    public void promote(PostgresNode replica) {
        replica.promote();
        for (PostgresNode n : nodes) if (n != replica) n.follow(replica);
    }

    /** Waits until one node serves as the primary. */
    public void awaitServing(Duration timeout) {
        Wait.until("a PostgreSQL primary", () -> primary().isPresent(), timeout);
    }

    /**
     * Empties the cluster for the next run on it when its roles are still those it started with: the
     * first node the primary and the other streaming from it. The primary is emptied
     * ({@link DatabaseNode#reset}) and the replica waits until it has replayed that; false when a
     * promotion moved the roles (a run must begin on the cluster as it starts).
     */
    public boolean reset() {
        PostgresNode first = nodes.get(0);
        if (!first.isPrimary() || streaming(first) != nodes.size() - 1) return false;
        first.reset();
        Wait.until("the replicas to replay the reset", () -> replayed(first), Duration.ofSeconds(10));
        return true;
    }

    /** Whether every replica streaming from {@code primary} has replayed all it has written. */
    private static boolean replayed(PostgresNode primary) {
        try (Connection c = primary.connect(primary.healthUrl()); Statement s = c.createStatement();
             var rs = s.executeQuery("SELECT count(*) FROM pg_stat_replication WHERE replay_lsn IS NULL OR replay_lsn < pg_current_wal_lsn()")) {
            return rs.next() && rs.getInt(1) == 0;
        } catch (SQLException e) {
            return false;
        }
    }

    /** Each node and its role: {@code postgresql@n1=primary postgresql@n2=replica}. */
    public String describe() {
        return nodes.stream().map(n -> n + "=" + (n.process() == null || !n.process().isAlive() ? "down"
                : n.isPrimary() ? "primary" : n.isServing() ? "replica" : "starting")).collect(Collectors.joining(" "));
    }

    private static int streaming(PostgresNode primary) {
        try (Connection c = primary.connect(primary.healthUrl()); Statement s = c.createStatement();
             var rs = s.executeQuery("SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'")) {
            return rs.next() ? rs.getInt(1) : 0;
        } catch (SQLException e) {
            return 0;
        }
    }

    private static void execute(PostgresNode node, String... statements) {
        try (Connection c = node.connect(node.healthUrl()); Statement s = c.createStatement()) {
            for (String sql : statements) s.execute(sql);
        } catch (SQLException e) {
            throw new LabException("PostgreSQL on " + node.host().name() + ": " + e.getMessage(), e);
        }
    }
}
