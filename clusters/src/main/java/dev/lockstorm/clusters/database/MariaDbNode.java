package dev.lockstorm.clusters.database;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabException;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * MariaDB (Debian's {@code mariadb-server}) on its own host: a data directory made by
 * {@code mariadb-install-db} at the first start and kept across restarts, listening on the host's
 * address, logging to its node log; the {@code lockstorm} database and user come from an init file
 * that the server runs at every start.
 *
 * <pre>{@code
 * MariaDbNode db = MariaDbNode.start(lab, lab.host("n1"), true);
 * db.awaitServing(Duration.ofSeconds(10));
 * }</pre>
 */
public final class MariaDbNode extends DatabaseNode {
    public static final int PORT = 3306;
    private static final String SETUP = """
            CREATE DATABASE IF NOT EXISTS lockstorm;
            CREATE USER IF NOT EXISTS 'lockstorm'@'%' IDENTIFIED BY 'lockstorm';
            GRANT ALL ON *.* TO 'lockstorm'@'%';
            """;

    private MariaDbNode(Lab lab, Host host, Path dataDir, boolean durable, Map<String, String> env) {
        super(lab, host, dataDir, durable, env);
    }

    /**
     * Makes the node's data directory and starts the server.
     *
     * @param durable {@code innodb_flush_log_at_trx_commit=1} and {@code sync_binlog=1} (a commit is
     *                on disk when acknowledged) or 2 and 0 (flushed about once a second)
     */
    public static MariaDbNode start(Lab lab, Host host, boolean durable) {
        return start(lab, host, durable, Map.of());
    }

    /** The same, the server started with {@code env} added to its environment (a clock fault's). */
    public static MariaDbNode start(Lab lab, Host host, boolean durable, Map<String, String> env) {
        lab.require(host, "mariadb-install-db", "mariadb-server");
        MariaDbNode n = new MariaDbNode(lab, host, lab.dir(host).resolve("mariadb").resolve(host.name()), durable, env);
        n.start();
        return n;
    }

    @Override
    public String product() {
        return "MariaDB";
    }

    private static final String OTHERS = "FROM information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID() AND USER = '" + DATABASE + "'";

    @Override
    protected void endOtherSessions(java.sql.Statement s) throws java.sql.SQLException {
        for (String id : column(s, "SELECT ID " + OTHERS)) {
            try {
                s.execute("KILL CONNECTION " + Long.parseLong(id));
            } catch (java.sql.SQLException gone) {
                // it ended by itself meanwhile
            }
        }
    }

    @Override
    protected long otherSessions(java.sql.Statement s) throws java.sql.SQLException {
        return Long.parseLong(column(s, "SELECT count(*) " + OTHERS).get(0));
    }

    @Override
    protected void dropObjects(java.sql.Statement s) throws java.sql.SQLException {
        s.execute("SET FOREIGN_KEY_CHECKS = 0");
        List<String> drops = new ArrayList<>();
        try (java.sql.ResultSet r = s.executeQuery("SELECT TABLE_TYPE, TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()")) {
            while (r.next()) {
                String type = r.getString(1);
                String name = "`" + r.getString(2).replace("`", "``") + "`";
                drops.add((type.equals("SEQUENCE") ? "DROP SEQUENCE IF EXISTS " : type.equals("VIEW") ? "DROP VIEW IF EXISTS " : "DROP TABLE IF EXISTS ") + name);
            }
        }
        for (String drop : drops) s.execute(drop);
        s.execute("SET FOREIGN_KEY_CHECKS = 1");
    }

    @Override
    public String jdbcUrl() {
        return "jdbc:mariadb://" + host.address() + ":" + PORT + "/" + DATABASE + "?user=" + DATABASE + "&password=" + DATABASE;
    }

    @Override
    protected String connectTimeout() {
        return "1000";
    }

    @Override
    protected String socketTimeout() {
        return "2000";
    }

    @Override
    protected String processName() {
        return "mariadb-" + host.name();
    }

    @Override
    protected HostProcess launch() {
        tuneHost();
        Path init = dataDir.resolveSibling(host.name() + "-init.sql");
        if (!host.exec("test", "-d", dataDir.resolve("mysql").toString()).ok()) installDb(init);
        // --no-defaults: nothing from /etc/mysql; the error log goes to stderr, the node's log
        return lab.start(host, processName(), List.of("mariadbd", "--no-defaults", "--user=root", "--datadir=" + dataDir, tmpDir(),
                "--bind-address=" + host.address(), "--port=" + PORT, "--socket=" + dataDir.resolve("mariadb.sock"),
                "--pid-file=" + dataDir.resolve("mariadb.pid"), "--skip-name-resolve", "--init-file=" + init,
                "--innodb-flush-log-at-trx-commit=" + (durable ? 1 : 2), "--sync-binlog=" + (durable ? 1 : 0),
                "--innodb-buffer-pool-size=32M", "--max-connections=200",
                // a client that vanished is found out in about 3 s: see DatabaseNode
                "--tcp-keepalive-time=1", "--tcp-keepalive-interval=1", "--tcp-keepalive-probes=2"), env);
    }

    /**
     * The node's own directory for temporary tables. MariaDB names their files after its process id,
     * and servers in two labs (two pid namespaces) can have the same one: in a shared /tmp, one
     * bootstrap removed the other's table and failed with "Unknown table 'mysql.tmp_user_sys'".
     */
    private String tmpDir() {
        Path tmp = dataDir.resolveSibling(host.name() + "-tmp");
        host.mkdirs(tmp);
        return "--tmpdir=" + tmp;
    }

    private void installDb(Path init) {
        host.mkdirs(dataDir);
        host.write(init, SETUP);
        Commands.Result r = host.exec(List.of("mariadb-install-db", "--no-defaults", "--user=root", "--datadir=" + dataDir, tmpDir(),
                "--auth-root-authentication-method=socket", "--skip-test-db"), Duration.ofSeconds(120));
        if (!r.ok()) throw new LabException("mariadb-install-db on " + host.name() + " failed (exit " + r.exit() + "):\n" + r.output().strip());
    }

    @Override
    public String toString() {
        return "mariadb@" + host.name();
    }
}
