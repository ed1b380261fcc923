package dev.lockstorm.clusters.database;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

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

    private PostgresNode(Lab lab, Host host, Path dataDir, boolean durable) {
        super(lab, host, dataDir, durable);
    }

    /**
     * Makes the node's data directory and starts the server; {@link #awaitServing} then also creates
     * the {@code lockstorm} database on the first start.
     *
     * @param durable {@code fsync} and {@code synchronous_commit} on (a commit is on disk when
     *                acknowledged) or off
     */
    public static PostgresNode start(Lab lab, Host host, boolean durable) {
        PostgresNode n = new PostgresNode(lab, host, lab.scratch().resolve("postgresql-" + host.name()), durable);
        n.start();
        return n;
    }

    @Override
    public String product() {
        return "PostgreSQL";
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
        Path bin = binaries();
        tuneHost();
        if (!Files.exists(dataDir.resolve("PG_VERSION"))) initdb(bin);
        String onOff = durable ? "on" : "off";
        return lab.start(host, processName(), List.of("setpriv", "--reuid=" + USER, "--regid=" + USER, "--clear-groups",
                bin.resolve("postgres").toString(), "-D", dataDir.toString(), "-c", "listen_addresses=" + host.address(),
                "-c", "port=" + PORT, "-c", "unix_socket_directories=" + dataDir, "-c", "fsync=" + onOff,
                "-c", "synchronous_commit=" + onOff, "-c", "shared_buffers=32MB", "-c", "log_line_prefix=%m [%p] %h ",
                // every session's start and end in the node's log: when the server ended a vanished client's session shows there
                "-c", "log_connections=on", "-c", "log_disconnections=on",
                // a client that vanished (cut off, its host gone) is found out in about 3 s: see DatabaseNode
                "-c", "tcp_keepalives_idle=1", "-c", "tcp_keepalives_interval=1", "-c", "tcp_keepalives_count=2"), Map.of());
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
        try (Connection c = connect(healthUrl()); Statement s = c.createStatement()) {
            var rs = s.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + DATABASE + "'");
            if (!rs.next()) s.execute("CREATE DATABASE " + DATABASE);
        } catch (SQLException e) {
            throw new LabException("cannot create the database " + DATABASE + " on PostgreSQL on " + host.name() + ": " + e.getMessage(), e);
        }
        return took;
    }

    private void initdb(Path bin) {
        try {
            Files.createDirectories(dataDir);
        } catch (IOException e) {
            throw new LabException("cannot create " + dataDir + ": " + e.getMessage(), e);
        }
        Commands.check("chown", USER + ":" + USER, dataDir.toString());
        List<String> cmd = new ArrayList<>(List.of("setpriv", "--reuid=" + USER, "--regid=" + USER, "--clear-groups",
                bin.resolve("initdb").toString(), "-D", dataDir.toString(), "-U", DATABASE, "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"));
        Commands.Result r = Commands.run(cmd, null, Duration.ofSeconds(60));
        if (!r.ok()) throw new LabException("initdb for PostgreSQL on " + host.name() + " failed (exit " + r.exit() + "):\n" + r.output().strip());
        // the lab's hosts connect over the bridge: trust them as initdb trusts local connections
        try {
            Files.writeString(dataDir.resolve("pg_hba.conf"), "host all all 0.0.0.0/0 trust\n", java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new LabException("cannot write " + dataDir.resolve("pg_hba.conf") + ": " + e.getMessage(), e);
        }
    }

    /** The newest PostgreSQL under /usr/lib/postgresql, or a clear error naming the package. */
    static Path binaries() {
        Path root = Path.of("/usr/lib/postgresql");
        try (Stream<Path> versions = Files.isDirectory(root) ? Files.list(root) : Stream.empty()) {
            return versions.filter(v -> v.getFileName().toString().matches("\\d+") && Files.isExecutable(v.resolve("bin/postgres")))
                    .max(Comparator.comparingInt(v -> Integer.parseInt(v.getFileName().toString())))
                    .map(v -> v.resolve("bin"))
                    .orElseThrow(() -> new LabException("PostgreSQL is missing: no /usr/lib/postgresql/N/bin/postgres (Debian: apt-get install postgresql)"));
        } catch (IOException e) {
            throw new LabException("cannot list " + root + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "postgresql@" + host.name();
    }
}
