package dev.lockstorm.locks.db;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.api.NotHeldException;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;

/**
 * A session-level database lock that lives as long as one connection: PostgreSQL's
 * {@code pg_try_advisory_lock} (tried every 100 ms) or MariaDB's {@code GET_LOCK}. The server
 * frees it when the session ends, whether the client closed it, crashed or was cut off long enough
 * for the server to give up on it; a client that was cut off learns that only when it next talks.
 * There is no lease to run out and no fencing token, unless {@code token} asks for a sequence value
 * taken right after the grant.
 */
public final class AdvisoryLock implements LockClient {
    private static final Duration POLL = Duration.ofMillis(100);

    private final Dialect dialect;
    private final String url;
    private final String lock;
    private final boolean token;
    private Connection connection;

    /** @param token take a fencing token from a sequence after each grant */
    public AdvisoryLock(Dialect dialect, String url, String lock, boolean token) {
        this.dialect = dialect;
        this.url = url;
        this.lock = lock;
        this.token = token;
    }

    @Override
    public void open() throws Exception {
        connection = dialect.connect(url, Duration.ofSeconds(5));
        if (token) dialect.createSchema(connection, List.of("CREATE SEQUENCE IF NOT EXISTS " + Dialect.TOKENS));
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        boolean granted = dialect == Dialect.POSTGRESQL ? pollAdvisory(timeout) : getLock(timeout);
        if (!granted) throw new NotAcquiredException("held by another session for " + timeout);
        return new Lease(token ? nextToken() : null, lock);
    }

    /** PostgreSQL: try, and try again, until granted or out of time (a blocking call could not be timed out cleanly). */
    private boolean pollAdvisory(Duration timeout) throws Exception {
        try (PreparedStatement s = connection.prepareStatement("SELECT pg_try_advisory_lock(?)")) {
            s.setLong(1, key());
            return Poll.until(timeout, POLL, () -> {
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    return rs.getBoolean(1) ? Boolean.TRUE : null;
                }
            }) != null;
        }
    }

    /** MariaDB: GET_LOCK waits on the server, in (fractional) seconds; 1 granted, 0 timed out, NULL an error. */
    private boolean getLock(Duration timeout) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement("SELECT GET_LOCK(?, ?)")) {
            s.setString(1, lock);
            s.setDouble(2, timeout.toMillis() / 1000.0);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                long r = rs.getLong(1);
                if (rs.wasNull()) throw new SQLException("GET_LOCK('" + lock + "') returned NULL");
                return r == 1;
            }
        }
    }

    private long nextToken() throws SQLException {
        try (var s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT " + dialect.nextToken())) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** The advisory lock's 64-bit key: the lock name's FNV-1a hash (stable across clients and runs). */
    long key() {
        long h = 0xcbf29ce484222325L;
        for (byte b : lock.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }

    @Override
    public void release(Lease lease) throws Exception {
        String sql = dialect == Dialect.POSTGRESQL ? "SELECT pg_advisory_unlock(?)" : "SELECT RELEASE_LOCK(?)";
        try (PreparedStatement s = connection.prepareStatement(sql)) {
            if (dialect == Dialect.POSTGRESQL) s.setLong(1, key());
            else s.setString(1, lock);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                // PostgreSQL: false; MariaDB: 0 (another session's) or NULL (no such lock)
                boolean released = dialect == Dialect.POSTGRESQL ? rs.getBoolean(1) : rs.getLong(1) == 1;
                if (!released) throw new NotHeldException("this session no longer holds the lock");
            }
        }
    }

    /**
     * The server still has the session that holds the lock: a round trip on its connection
     * ({@code isValid}), since the driver learns that the server ended the session (a holder frozen
     * or cut off past the server's patience) only when it next talks. The lock lives with the
     * session, and the driver never opens a new one behind this connection.
     */
    @Override
    public boolean stillHeld(Lease lease) {
        try {
            return connection.isValid(1);
        } catch (SQLException e) {
            return false;
        }
    }

    @Override
    public void close() {
        Jdbc.closeQuietly(connection);
    }
}
