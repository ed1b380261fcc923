package dev.lockstorm.clusters.database;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabException;
import dev.lockstorm.clusters.lab.Wait;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A database server on its own host (PostgreSQL or MariaDB), reached over JDBC at
 * {@link #jdbcUrl()} as the user {@code lockstorm}, in the database {@code lockstorm}. Whether it
 * serves is whether it answers {@code SELECT 1} over a fresh connection.
 *
 * <p>The server finds out about a client that vanished in about 3 s, as a server tuned to free a
 * vanished client's session locks quickly does: TCP keepalives on idle connections (after 1 s idle,
 * every 1 s, 2 unanswered probes), and on its host, {@code net.ipv4.tcp_retries2=3} for a reply
 * still unacknowledged when the client went (the kernel would otherwise retransmit it for about
 * 15 minutes before the keepalives start). A client cut off for longer loses its session, and with
 * it its advisory locks, without knowing until it next talks.
 */
public abstract sealed class DatabaseNode extends ProcessNode permits PostgresNode, MariaDbNode {
    /** The database, user and password every lab database has. */
    public static final String DATABASE = "lockstorm";

    /** Where the server keeps its data, across restarts. */
    protected final Path dataDir;
    /** Whether an acknowledged commit is on disk. */
    protected final boolean durable;
    /** Extra environment of the server process (e.g. a {@code ClockFault}'s, for its realtime clock). */
    protected final Map<String, String> env;

    protected DatabaseNode(Lab lab, Host host, Path dataDir, boolean durable, Map<String, String> env) {
        super(lab, host);
        this.dataDir = dataDir;
        this.durable = durable;
        this.env = Map.copyOf(env);
    }

    /** The kernel settings a database's host needs ({@link #tuneHost}): a container is given them when it starts, since it may not set them. */
    public static final Map<String, String> HOST_SYSCTLS = Map.of("net.ipv4.tcp_retries2", "3");

    /** Gives up on a vanished client's unacknowledged data after 3 retransmissions (about 3 s), on this host only. */
    protected void tuneHost() {
        for (Map.Entry<String, String> e : HOST_SYSCTLS.entrySet()) {
            // a container's /proc/sys is read-only: it got the setting when it started, which is as good
            Commands.Result now = host.exec("sysctl", "-n", e.getKey());
            if (now.ok() && now.output().strip().equals(e.getValue())) continue;
            Commands.Result r = host.exec("sysctl", "-w", e.getKey() + "=" + e.getValue());
            if (!r.ok()) throw new LabException("sysctl " + e.getKey() + " on " + host.name() + ": " + r.output().strip());
        }
    }

    /** The server's name in messages: "PostgreSQL", "MariaDB". */
    public abstract String product();

    /** {@code jdbc:postgresql://address:5432/lockstorm?user=lockstorm}: what a client connects with. */
    public abstract String jdbcUrl();

    /** A connection to the {@code lockstorm} database with short timeouts, for the lab's own checks and set-up. */
    public Connection connect() throws SQLException {
        return connect(jdbcUrl());
    }

    /** What the health check connects to: the {@code lockstorm} database, unless it is made after the server starts. */
    protected String healthUrl() {
        return jdbcUrl();
    }

    protected Connection connect(String url) throws SQLException {
        return connect(url, socketTimeout());
    }

    /** A connection to {@code url} whose reads wait up to {@code socketTimeout}, in the driver's unit. */
    protected Connection connect(String url, String socketTimeout) throws SQLException {
        Properties p = new Properties();
        p.setProperty("connectTimeout", connectTimeout());
        p.setProperty("socketTimeout", socketTimeout);
        return DriverManager.getConnection(url, p);
    }

    /**
     * Empties the {@code lockstorm} database for the next run on this server: every other session
     * of the user ended (the locks a session held go with it: advisory locks, {@code GET_LOCK}, row
     * locks), then every table, sequence and view the locks made dropped.
     */
    public void reset() {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            endOtherSessions(s);
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (otherSessions(s) > 0) {
                if (System.nanoTime() > deadline) throw new LabException(otherSessions(s) + " sessions of " + product() + " on " + host.name() + " outlived the reset");
                Wait.sleep(20);
            }
            dropObjects(s);
        } catch (SQLException e) {
            throw new LabException("could not empty " + product() + " on " + host.name() + " for the next run: " + e.getMessage(), e);
        }
    }

    /** Ends every session of the {@code lockstorm} user but this one. */
    protected abstract void endOtherSessions(Statement s) throws SQLException;

    /** How many sessions of the {@code lockstorm} user are left beside this one. */
    protected abstract long otherSessions(Statement s) throws SQLException;

    /** Drops every table, sequence and view of the {@code lockstorm} database. */
    protected abstract void dropObjects(Statement s) throws SQLException;

    /** The first column of each row {@code sql} answers. */
    protected static List<String> column(Statement s, String sql) throws SQLException {
        List<String> out = new java.util.ArrayList<>();
        try (java.sql.ResultSet r = s.executeQuery(sql)) {
            while (r.next()) out.add(r.getString(1));
        }
        return out;
    }

    /** The driver's connect timeout for one check (PgJDBC counts seconds, MariaDB's driver milliseconds). */
    protected abstract String connectTimeout();

    /** The driver's read timeout for one check. */
    protected abstract String socketTimeout();

    @Override
    public boolean isServing() {
        try (Connection c = connect(healthUrl()); Statement s = c.createStatement()) {
            return s.execute("SELECT 1");
        } catch (SQLException e) {
            return false;
        }
    }

    /**
     * Waits until the server answers; a server whose process exits fails at once with the last
     * lines of its log.
     *
     * @return how long it took
     */
    public Duration awaitServing(Duration timeout) {
        Duration took;
        try {
            took = Wait.until(product() + " on " + host.name() + " to accept connections", () -> exited() || isServing(), timeout);
        } catch (LabException e) {
            throw new LabException(product() + " on " + host.name() + " does not accept connections after " + timeout
                    + "; the last lines of " + log() + ":\n" + tail(), e);
        }
        if (exited()) {
            throw new LabException(product() + " on " + host.name() + " exited with code " + process().exitCode() + "; the last lines of "
                    + log() + ":\n" + tail());
        }
        return took;
    }

    private boolean exited() {
        HostProcess p = process();
        return p != null && !p.isAlive();
    }

    private String tail() {
        return process() == null ? "(never started)" : process().tail(15);
    }
}
