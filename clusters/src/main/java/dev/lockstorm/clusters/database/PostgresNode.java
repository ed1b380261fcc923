package dev.lockstorm.clusters.database;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabException;
import dev.lockstorm.clusters.lab.Shell;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * PostgreSQL (Debian's, under {@code /usr/lib/postgresql/N}) on its own host: a data directory made
 * by {@code initdb} at the first start and kept across restarts, the server run as the
 * {@code postgres} user (it refuses root), listening on the host's address, logging to its node log.
 *
 * <pre>{@code
 * PostgresNode pg = PostgresNode.start(lab, lab.host("n1"), true);
 * pg.awaitServing(Duration.ofSeconds(10));
 * try (Connection c = pg.connect()) { … }
 * }</pre>
 */
public final class PostgresNode extends DatabaseNode {
    public static final int PORT = 5432;
    private static final String USER = "postgres";

    /** The primary this node replicates from, or null while it is a primary itself. */
    private volatile PostgresNode follows;

    private PostgresNode(Lab lab, Host host, Path dataDir, boolean durable, Map<String, String> env) {
        super(lab, host, dataDir, durable, env);
    }

    /**
     * Makes the node's data directory and starts the server; {@link #awaitServing} then also creates
     * the {@code lockstorm} database on the first start.
     *
     * @param durable {@code fsync} and {@code synchronous_commit} on (a commit is on disk when
     *                acknowledged) or off
     */
    public static PostgresNode start(Lab lab, Host host, boolean durable) {
        return start(lab, host, durable, Map.of());
    }

    /**
     * The same, the server started with {@code env} added to its environment (a clock fault's: its
     * files must be readable by the postgres user, as the lab's scratch directory is).
     */
    public static PostgresNode start(Lab lab, Host host, boolean durable, Map<String, String> env) {
        lab.require(host, "pg_ctlcluster", "postgresql");
        PostgresNode n = new PostgresNode(lab, host, lab.scratch(host).resolve("postgresql-" + host.name()), durable, env);
        n.start();
        return n;
    }

    /**
     * Starts a streaming replica of {@code primary} (which must serve): its data copied with
     * {@code pg_basebackup}, then following the primary's WAL as a hot standby.
     */
    public static PostgresNode startReplica(Lab lab, Host host, PostgresNode primary) {
        lab.require(host, "pg_ctlcluster", "postgresql");
        PostgresNode n = new PostgresNode(lab, host, lab.scratch(host).resolve("postgresql-" + host.name()), primary.durable, Map.of());
        n.follows = primary;
        n.start();
        return n;
    }

    /**
     * Makes this node replicate from {@code primary} from its next start: a former primary is first
     * rewound to the point where the two histories parted ({@code pg_rewind}), as an HA manager
     * does, so that it can never come back as a second primary.
     */
    public void follow(PostgresNode primary) {
        this.follows = primary;
    }

    /** Promotes this standby to a primary and waits (up to 10 s) until it accepts writes. */
    public void promote() {
        // a read timeout past the promotion's 10 s and the checkpoint after it (PgJDBC counts seconds)
        try (Connection c = connect(healthUrl(), "30"); Statement s = c.createStatement();
             var rs = s.executeQuery("SELECT pg_promote(true, 10)")) {
            rs.next();
            if (!rs.getBoolean(1)) throw new LabException("PostgreSQL on " + host.name() + " was not promoted within 10 s");
            // the new timeline reaches the control file only with a checkpoint; pg_rewind reads it there
            s.execute("CHECKPOINT");
        } catch (SQLException e) {
            throw new LabException("cannot promote PostgreSQL on " + host.name() + ": " + e.getMessage(), e);
        }
        follows = null;
    }

    /** Whether it serves and is a primary (not in recovery). */
    public boolean isPrimary() {
        try (Connection c = connect(healthUrl()); Statement s = c.createStatement(); var rs = s.executeQuery("SELECT pg_is_in_recovery()")) {
            return rs.next() && !rs.getBoolean(1);
        } catch (SQLException e) {
            return false;
        }
    }

    @Override
    public String product() {
        return "PostgreSQL";
    }

    /** The user's other client sessions (not the replication's senders, which serve the replica). */
    private static final String OTHERS = "FROM pg_catalog.pg_stat_activity WHERE usename = current_user AND backend_type = 'client backend'"
            + " AND pid <> pg_backend_pid()";

    @Override
    protected void endOtherSessions(Statement s) throws SQLException {
        s.execute("SELECT pg_terminate_backend(pid) " + OTHERS);
    }

    @Override
    protected long otherSessions(Statement s) throws SQLException {
        return Long.parseLong(column(s, "SELECT count(*) " + OTHERS).get(0));
    }

    /** The user's own schemas: the lab's user may be the cluster's superuser, who owns the catalog's views and tables too. */
    private static final String OWN = " schemaname NOT IN ('pg_catalog', 'information_schema') AND schemaname NOT LIKE 'pg\\_%'";

    @Override
    protected void dropObjects(Statement s) throws SQLException {
        for (String view : column(s, "SELECT format('%I.%I', schemaname, viewname) FROM pg_catalog.pg_views WHERE viewowner = current_user AND" + OWN)) {
            s.execute("DROP VIEW IF EXISTS " + view + " CASCADE");
        }
        for (String table : column(s, "SELECT format('%I.%I', schemaname, tablename) FROM pg_catalog.pg_tables WHERE tableowner = current_user AND" + OWN)) {
            s.execute("DROP TABLE IF EXISTS " + table + " CASCADE");
        }
        for (String seq : column(s, "SELECT format('%I.%I', schemaname, sequencename) FROM pg_catalog.pg_sequences WHERE sequenceowner = current_user AND" + OWN)) {
            s.execute("DROP SEQUENCE IF EXISTS " + seq + " CASCADE");
        }
    }

    @Override
    public String jdbcUrl() {
        return "jdbc:postgresql://" + host.address() + ":" + PORT + "/" + DATABASE + "?user=" + DATABASE;
    }

    @Override
    protected String connectTimeout() {
        return "1";
    }

    @Override
    protected String socketTimeout() {
        return "2";
    }

    @Override
    protected String processName() {
        return "postgresql-" + host.name();
    }

    @Override
    protected HostProcess launch() {
        Path bin = binaries(host);
        tuneHost();
        PostgresNode primary = follows;
        if (!host.exists(dataDir.resolve("PG_VERSION"))) {
            prepareDataDir();
            if (primary == null) initdb(bin);
            else asPostgres(bin, "pg_basebackup", "-h", primary.host.address(), "-p", Integer.toString(PORT), "-U", DATABASE,
                    "-D", dataDir.toString(), "-X", "stream", "--checkpoint=fast", "--no-sync");
        } else if (primary != null && !host.exists(dataDir.resolve("standby.signal"))) {
            // a former primary: finish its crash recovery (pg_rewind wants a cleanly stopped server), then
            // rewind what it wrote after the histories parted
            asPostgres(bin, "postgres", "--single", "-D", dataDir.toString(), "-c", "wal_keep_size=256MB", "postgres");
            asPostgres(bin, "pg_rewind", "--target-pgdata=" + dataDir, "--source-server=host=" + primary.host.address() + " port=" + PORT
                    + " user=" + DATABASE + " dbname=postgres", "--no-sync");
        }
        List<String> standby = new ArrayList<>();
        if (primary != null) {
            host.check(asPostgresUser(List.of("touch", dataDir.resolve("standby.signal").toString())), null);
            standby = List.of("-c", "primary_conninfo=host=" + primary.host.address() + " port=" + PORT + " user=" + DATABASE
                    + " application_name=" + host.name());
        }
        String onOff = durable ? "on" : "off";
        List<String> cmd = new ArrayList<>(asPostgresUser(List.of(
                bin.resolve("postgres").toString(), "-D", dataDir.toString(), "-c", "listen_addresses=" + host.address(),
                "-c", "port=" + PORT, "-c", "unix_socket_directories=", "-c", "fsync=" + onOff,
                "-c", "synchronous_commit=" + onOff, "-c", "shared_buffers=32MB", "-c", "log_line_prefix=%m [%p] %h ",
                // every session's start and end in the node's log: when the server ended a vanished client's session shows there
                "-c", "log_connections=on", "-c", "log_disconnections=on",
                // a client that vanished (cut off, its host gone) is found out in about 3 s: see DatabaseNode
                "-c", "tcp_keepalives_idle=1", "-c", "tcp_keepalives_interval=1", "-c", "tcp_keepalives_count=2",
                // WAL back to the last checkpoint the nodes share, which pg_rewind reads when a former primary rejoins
                "-c", "wal_keep_size=256MB")));
        cmd.addAll(standby);
        return lab.start(host, processName(), cmd, env);
    }

    /** {@code cmd} run as the postgres user (setpriv execs it: signals reach the program itself). */
    private static List<String> asPostgresUser(List<String> cmd) {
        List<String> out = new ArrayList<>(List.of("setpriv", "--reuid=" + USER, "--regid=" + USER, "--clear-groups"));
        out.addAll(cmd);
        return out;
    }

    /** Runs one of PostgreSQL's programs as the postgres user, stdin empty; a failure is a setup error with its output. */
    private void asPostgres(Path bin, String program, String... args) {
        List<String> cmd = new ArrayList<>(List.of(bin.resolve(program).toString()));
        cmd.addAll(List.of(args));
        Commands.Result r = host.exec(asPostgresUser(cmd), Duration.ofSeconds(120));
        if (!r.ok()) throw new LabException(program + " for PostgreSQL on " + host.name() + " failed (exit " + r.exit() + "):\n" + r.output().strip());
    }

    /** The maintenance database {@code postgres}, which initdb makes: {@code lockstorm} comes once the server answers. */
    @Override
    protected String healthUrl() {
        return "jdbc:postgresql://" + host.address() + ":" + PORT + "/postgres?user=" + DATABASE;
    }

    /** Waits until the server answers, and creates the {@code lockstorm} database when it is not there yet. */
    @Override
    public Duration awaitServing(Duration timeout) {
        Duration took = super.awaitServing(timeout);
        if (follows != null) return took; // a standby has the primary's databases
        try (Connection c = connect(healthUrl()); Statement s = c.createStatement()) {
            var rs = s.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + DATABASE + "'");
            if (!rs.next()) s.execute("CREATE DATABASE " + DATABASE);
        } catch (SQLException e) {
            throw new LabException("cannot create the database " + DATABASE + " on PostgreSQL on " + host.name() + ": " + e.getMessage(), e);
        }
        return took;
    }

    /** An empty data directory that only the postgres user may enter, as the server insists. */
    private void prepareDataDir() {
        host.mkdirs(dataDir);
        host.check(List.of("chown", USER + ":" + USER, dataDir.toString()), null);
        host.check(List.of("chmod", "700", dataDir.toString()), null);
    }

    private void initdb(Path bin) {
        // data checksums: what pg_rewind needs to rewind a former primary
        asPostgres(bin, "initdb", "-D", dataDir.toString(), "-U", DATABASE, "--auth=trust", "-E", "UTF8", "--locale=C", "--data-checksums",
                "--no-sync");
        // the lab's hosts connect over the bridge (replicas too): trust them as initdb trusts local connections
        host.check(List.of("sh", "-c", "cat >> " + Shell.quote(dataDir.resolve("pg_hba.conf").toString())), "host all all 0.0.0.0/0 trust\nhost replication all 0.0.0.0/0 trust\n");
    }

    /** The newest PostgreSQL under /usr/lib/postgresql on {@code host}, or a clear error naming the package. */
    static Path binaries(Host host) {
        String versions = host.exec("sh", "-c", "ls -d /usr/lib/postgresql/*/bin/postgres 2>/dev/null").output();
        return versions.lines().map(String::strip).filter(l -> l.matches("/usr/lib/postgresql/\\d+/bin/postgres"))
                .max(Comparator.comparingInt(l -> Integer.parseInt(l.split("/")[4])))
                .map(l -> Path.of(l).getParent())
                .orElseThrow(() -> new LabException("PostgreSQL is missing on " + host.name()
                        + ": no /usr/lib/postgresql/N/bin/postgres (Debian: apt-get install postgresql)"));
    }

    @Override
    public String toString() {
        return "postgresql@" + host.name();
    }
}
