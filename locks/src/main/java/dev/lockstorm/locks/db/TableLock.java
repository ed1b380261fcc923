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
 *
 * <p>The row's time is taken when the insert begins. An insert that then waits on the unique index
 * (another transaction deleted the old row and has not committed: a release whose commit is slow to
 * come) writes a time from before its wait: a grant whose lease may have run out before anyone is
 * told, which the next waiter deletes as expired. {@link Stamp#INSERT} is the recipe as it is usually
 * written (a grant with less than half its lease left is noted {@link #LATE_GRANT});
 * {@link Stamp#AFTER_WAIT} stamps the row again, by an update in the same transaction, once the
 * insert has it, and counts the lease from there.
 */
public final class TableLock implements LockClient {
    static final String TABLE = "lockstorm_locks";
    private static final Duration RETRY = Duration.ofMillis(200);

    /** Whose clock stamps a row and judges whether it has expired. */
    public enum ExpiryClock { DATABASE, CLIENT }

    /** When a row's time is taken: as its insert begins (before any wait), or again once the insert has the row. */
    public enum Stamp { INSERT, AFTER_WAIT }

    /** The note on a grant that came with less than half its lease left: its insert waited, its row's time taken before. */
    public static final String LATE_GRANT = "lockstorm: granted late, its row's time taken before the insert waited";
    /** The note on a grant whose insert waited that long, its row stamped again after the wait. */
    public static final String RESTAMPED = "lockstorm: granted after its insert waited, its row stamped again";

    private final Dialect dialect;
    private final String url;
    private final String lock;
    private final Duration lease;
    private final ExpiryClock clock;
    private final String synchronousCommit;
    private final Stamp stamp;
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
        this(dialect, url, lock, lease, clock, synchronousCommit, Stamp.INSERT);
    }

    /** @param stamp when a row's time is taken */
    public TableLock(Dialect dialect, String url, String lock, Duration lease, ExpiryClock clock, String synchronousCommit, Stamp stamp) {
        this.stamp = stamp;
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
            long[] stampedAt = {started};
            Long token = tryInsert(owner, stampedAt);
            if (token == null) return null;
            Held held = new Held(owner, stampedAt[0] + lease.toNanos());
            long waitedMs = (System.nanoTime() - started) / 1_000_000;
            long leftMs = (held.validUntilNanos() - System.nanoTime()) / 1_000_000;
            if (stamp == Stamp.INSERT && leftMs < lease.toMillis() / 2) {
                dev.lockstorm.api.Notes.add(LATE_GRANT + ": " + waitedMs + " ms after the attempt began, " + leftMs + " ms of the "
                        + lease.toMillis() + " ms lease left");
            } else if (stamp == Stamp.AFTER_WAIT && waitedMs > lease.toMillis() / 2) {
                dev.lockstorm.api.Notes.add(RESTAMPED + ": " + waitedMs + " ms after the attempt began, " + leftMs + " ms of the "
                        + lease.toMillis() + " ms lease left");
            }
            return new Lease(token, held);
        });
        if (granted == null) throw new NotAcquiredException("the lock row stayed taken for " + timeout);
        return granted;
    }

    /**
     * One attempt in one transaction: delete an expired row, insert ours; the token, or null when the
     * row is taken. With {@link Stamp#AFTER_WAIT}, the row is stamped again once the insert has it, and
     * {@code stampedAt[0]} set to the time (this client's monotonic clock) just before.
     */
    private Long tryInsert(String owner, long[] stampedAt) throws SQLException {
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
            if (stamp == Stamp.AFTER_WAIT) restamp(owner, stampedAt);
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

    /** The row's time again, now that the insert has it: a wait on the unique index no longer counts against the lease. */
    private void restamp(String owner, long[] stampedAt) throws SQLException {
        boolean client = clock == ExpiryClock.CLIENT;
        try (PreparedStatement update = connection.prepareStatement("UPDATE " + TABLE + " SET acquired_ms = "
                + (client ? "?" : dialect.nowMillis()) + " WHERE name = ? AND owner = ?")) {
            stampedAt[0] = System.nanoTime();
            int i = 1;
            if (client) update.setLong(i++, System.currentTimeMillis());
            update.setString(i++, lock);
            update.setString(i, owner);
            update.executeUpdate();
        }
    }

    @Override
    public void release(Lease lease) throws Exception {
        if (deleteOwn(((Held) lease.handle()).owner()) == 0) {
            throw new NotHeldException("the lock row is gone or another client's: it expired and was taken");
        }
    }

    /** Deletes the row if {@code owner} still has it, and commits; how many rows went. */
    private int deleteOwn(String owner) throws SQLException {
        try (PreparedStatement delete = connection.prepareStatement("DELETE FROM " + TABLE + " WHERE name = ? AND owner = ?")) {
            delete.setString(1, lock);
            delete.setString(2, owner);
            int deleted = delete.executeUpdate();
            connection.commit();
            return deleted;
        }
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
