package dev.lockstorm.locks.db;

import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Properties;

/** What differs between PostgreSQL and MariaDB for the lock clients: timeouts, clocks, sequences, errors. */
public enum Dialect {
    POSTGRESQL {
        @Override
        String timeout(Duration d) {
            return Long.toString(Math.max(1, d.toSeconds())); // PgJDBC counts whole seconds
        }

        @Override
        String timestampType() {
            return "TIMESTAMP(3)";
        }

        @Override
        String nowMillis() {
            // clock_timestamp(), not now(): the time of this statement, not of the transaction's start
            return "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)";
        }

        @Override
        String nextToken() {
            return "nextval('" + TOKENS + "')";
        }

        @Override
        boolean isDuplicateKey(SQLException e) {
            return "23505".equals(e.getSQLState());
        }
    },
    MARIADB {
        @Override
        String timeout(Duration d) {
            return Long.toString(d.toMillis());
        }

        @Override
        String timestampType() {
            return "DATETIME(3)";
        }

        @Override
        String nowMillis() {
            return "CAST(UNIX_TIMESTAMP(NOW(3)) * 1000 AS SIGNED)";
        }

        @Override
        String nextToken() {
            return "NEXTVAL(" + TOKENS + ")";
        }

        @Override
        boolean isDuplicateKey(SQLException e) {
            return e.getErrorCode() == 1062;
        }
    };

    /** The sequence that fencing tokens come from. */
    static final String TOKENS = "lockstorm_token";

    /** A timeout as the driver's {@code connectTimeout} and {@code socketTimeout} take it. */
    abstract String timeout(Duration d);

    /** An SQL expression: the database server's clock in epoch milliseconds. */
    abstract String nowMillis();

    /** An SQL expression: the next fencing token. */
    abstract String nextToken();

    /** Whether an insert failed because the key is taken. */
    abstract boolean isDuplicateKey(SQLException e);

    /** A connection in auto-commit mode whose every read times out after {@code socket}. */
    Connection connect(String url, Duration socket) throws SQLException {
        return DriverManager.getConnection(url, connectionProperties(socket));
    }

    /** One connection, kept (a library's close does not close it), with {@link #connectionProperties}; for libraries that take a DataSource. */
    SingleConnectionDataSource dataSource(String url, Duration socket) {
        SingleConnectionDataSource ds = new SingleConnectionDataSource(url, true);
        ds.setConnectionProperties(connectionProperties(socket));
        return ds;
    }

    /** The driver properties of every lock client's connection: connect within 2 s, every read within {@code socket}. */
    Properties connectionProperties(Duration socket) {
        Properties p = new Properties();
        p.setProperty("connectTimeout", timeout(Duration.ofSeconds(2)));
        p.setProperty("socketTimeout", timeout(socket));
        p.setProperty("tcpKeepAlive", "true");
        return p;
    }

    /** A column type for a time with milliseconds (MariaDB's TIMESTAMP would update itself on every write). */
    abstract String timestampType();

    /**
     * Runs {@code CREATE … IF NOT EXISTS} statements (a lock table, the token sequence). Clients start together and
     * race here; PostgreSQL's {@code IF NOT EXISTS} can still fail on the catalog's unique index when
     * two create at once, so a failure counts only when the objects are still missing afterwards.
     */
    void createSchema(Connection c, List<String> statements) throws SQLException {
        for (String sql : statements) {
            try (var s = c.createStatement()) {
                s.execute(sql);
            } catch (SQLException e) {
                if (!c.getAutoCommit()) c.rollback();
                try (var s = c.createStatement()) {
                    s.execute(sql); // exists now: IF NOT EXISTS passes; still failing is a real error
                }
            }
        }
    }
}
