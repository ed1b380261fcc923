package dev.lockstorm.locks.db;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.api.NotHeldException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

/**
 * The lock table: one row per held lock, unique on the lock's name. Acquire is an insert (a
 * duplicate key means busy; tried again every 200 ms), in the same transaction as the delete of a
 * row older than the lease, which is how a crashed holder's lock expires. Release deletes the row
 * if it is still this grant's. The fencing token is a sequence value taken by the insert.
 *
 * <p>"Older than the lease" needs a clock. {@link ExpiryClock#DATABASE}: the server's, for both the
 * row's time and the comparison. {@link ExpiryClock#CLIENT}: the time each client sends, as many
 * hand-written lock tables do; one client whose clock runs ahead then expires a live holder.
 */
public final class TableLock implements LockClient {
    static final String TABLE = "lockstorm_locks";
    private static final Duration RETRY = Duration.ofMillis(200);

    /** Whose clock stamps a row and judges whether it has expired. */
    public enum ExpiryClock { DATABASE, CLIENT }

    private final Dialect dialect;
    private final String url;
    private final String lock;
    private final Duration lease;
    private final ExpiryClock clock;
    private final String synchronousCommit;
    private Connection connection;

    public TableLock(Dialect dialect, String url, String lock, Duration lease, ExpiryClock clock) {
        this(dialect, url, lock, lease, clock, null);
    }

    /**
     * @param synchronousCommit PostgreSQL's {@code synchronous_commit} for this client's session
     *                          ({@code on}: a commit waits for the synchronous replica; {@code local}: it
     *                          does not), or null for the server's setting
     */
    public TableLock(Dialect dialect, String url, String lock, Duration lease, ExpiryClock clock, String synchronousCommit) {
        this.dialect = dialect;
        this.url = url;
        this.lock = lock;
        this.lease = lease;
        this.clock = clock;
        this.synchronousCommit = synchronousCommit;
    }

    /** What a grant holds: its row's owner value, and until when (by this client's monotonic clock) it is surely valid. */
    private record Held(String owner, long validUntilNanos) {
    }

    @Override
    public void open() throws Exception {
        connection = dialect.connect(url, Duration.ofSeconds(5));
        dialect.createSchema(connection, List.of(
                "CREATE TABLE IF NOT EXISTS " + TABLE + " (name VARCHAR(200) PRIMARY KEY, owner VARCHAR(40) NOT NULL,"
                        + " token BIGINT NOT NULL, acquired_ms BIGINT NOT NULL)",
                "CREATE SEQUENCE IF NOT EXISTS " + Dialect.TOKENS));
        if (synchronousCommit != null) {
            try (var s = connection.createStatement()) {
                s.execute("SET synchronous_commit = " + synchronousCommit);
            }
        }
        connection.setAutoCommit(false);
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        Lease granted = Poll.until(timeout, RETRY, () -> {
            long started = System.nanoTime();
            String owner = UUID.randomUUID().toString();
            Long token = tryInsert(owner);
            return token == null ? null : new Lease(token, new Held(owner, started + lease.toNanos()));
        });
        if (granted == null) throw new NotAcquiredException("the lock row stayed taken for " + timeout);
        return granted;
    }

    /** One attempt in one transaction: delete an expired row, insert ours; the token, or null when the row is taken. */
    private Long tryInsert(String owner) throws SQLException {
        boolean client = clock == ExpiryClock.CLIENT;
        String now = client ? "?" : dialect.nowMillis();
        try (PreparedStatement expire = connection.prepareStatement("DELETE FROM " + TABLE + " WHERE name = ? AND acquired_ms < " + now + " - ?");
             PreparedStatement insert = connection.prepareStatement("INSERT INTO " + TABLE + " (name, owner, token, acquired_ms) VALUES (?, ?, "
                     + dialect.nextToken() + ", " + now + ") RETURNING token")) {
            long clientNow = System.currentTimeMillis();
            int i = 1;
            expire.setString(i++, lock);
            if (client) expire.setLong(i++, clientNow);
            expire.setLong(i, lease.toMillis());
            expire.executeUpdate();
            i = 1;
            insert.setString(i++, lock);
            insert.setString(i++, owner);
            if (client) insert.setLong(i, clientNow);
            long token;
            try (ResultSet rs = insert.executeQuery()) {
                rs.next();
                token = rs.getLong(1);
            }
            connection.commit();
            return token;
        } catch (SQLException e) {
            // a failed commit may have committed: only a refused insert is a certain "taken"
            if (dialect.isDuplicateKey(e)) {
                connection.rollback();
                return null;
            }
            throw e;
        }
    }

    @Override
    public void release(Lease lease) throws Exception {
        Held h = (Held) lease.handle();
        int deleted;
        try (PreparedStatement delete = connection.prepareStatement("DELETE FROM " + TABLE + " WHERE name = ? AND owner = ?")) {
            delete.setString(1, lock);
            delete.setString(2, h.owner());
            deleted = delete.executeUpdate();
            connection.commit();
        }
        if (deleted == 0) throw new NotHeldException("the lock row is gone or another client's: it expired and was taken");
    }

    /** A careful holder's belief: the lease has not run out since the attempt that won it began, by its own monotonic clock. */
    @Override
    public boolean stillHeld(Lease lease) {
        return System.nanoTime() < ((Held) lease.handle()).validUntilNanos();
    }

    @Override
    public void close() {
        Jdbc.closeQuietly(connection);
    }
}
