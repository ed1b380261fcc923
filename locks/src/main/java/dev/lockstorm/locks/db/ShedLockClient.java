package dev.lockstorm.locks.db;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.NotAcquiredException;
import net.javacrumbs.shedlock.core.ClockProvider;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.SimpleLock;
import net.javacrumbs.shedlock.provider.jdbctemplate.JdbcTemplateLockProvider;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * ShedLock's JDBC provider ({@code JdbcTemplateLockProvider}) as a lock: {@code lockAtMostFor} is
 * the lease, {@code lockAtLeastFor} zero. ShedLock never waits (a scheduled task that finds the
 * lock taken is skipped), so acquire asks again every 200 ms. Without {@code usingDbTime()} the
 * row's {@code lock_until} is the client's clock plus the lease, and a client whose clock runs
 * ahead finds a live holder's lock expired; with it, the database's clock decides. No token.
 * ShedLock's unlock sets {@code lock_until} to now by the lock's name alone, so a holder whose lock
 * expired and was taken ends the new holder's lock too.
 */
public final class ShedLockClient implements LockClient {
    private static final Duration RETRY = Duration.ofMillis(200);

    private final Dialect dialect;
    private final String url;
    private final String lock;
    private final Duration lease;
    private final boolean dbTime;
    private SingleConnectionDataSource dataSource;
    private JdbcTemplateLockProvider provider;
    private SqlFailures failures;

    /** @param dbTime ShedLock's {@code usingDbTime()}: the database's clock sets and judges {@code lock_until} */
    public ShedLockClient(Dialect dialect, String url, String lock, Duration lease, boolean dbTime) {
        this.dialect = dialect;
        this.url = url;
        this.lock = lock;
        this.lease = lease;
        this.dbTime = dbTime;
    }

    private record Held(SimpleLock lock, long validUntilNanos) {
    }

    @Override
    public void open() throws Exception {
        dataSource = dialect.dataSource(url, Duration.ofSeconds(5));
        Connection c = dataSource.getConnection();
        // ShedLock's documented table
        dialect.createSchema(c, List.of("CREATE TABLE IF NOT EXISTS shedlock (name VARCHAR(64) NOT NULL PRIMARY KEY, lock_until "
                + dialect.timestampType() + " NOT NULL, locked_at " + dialect.timestampType() + " NOT NULL, locked_by VARCHAR(255) NOT NULL)"));
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        failures = new SqlFailures(jdbc.getExceptionTranslator());
        jdbc.setExceptionTranslator(failures);
        JdbcTemplateLockProvider.Configuration.Builder config = JdbcTemplateLockProvider.Configuration.builder()
                .withJdbcTemplate(jdbc);
        if (dbTime) config.usingDbTime();
        provider = new JdbcTemplateLockProvider(config.build());
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        Lease granted = Poll.until(timeout, RETRY, () -> {
            long started = System.nanoTime();
            int failed = failures.count();
            Optional<SimpleLock> l = provider.lock(new LockConfiguration(ClockProvider.now(), lock, lease, Duration.ZERO));
            if (l.isEmpty() && failures.count() > failed) {
                // ShedLock said "not locked" because a statement failed: it may have been applied (info, not fail)
                throw new UncertainException("ShedLock reported the lock not taken after a failed statement (" + failures.last()
                        + "); the statement may have been applied");
            }
            return l.map(simple -> new Lease(null, new Held(simple, started + lease.toNanos()))).orElse(null);
        });
        if (granted == null) throw new NotAcquiredException("ShedLock found the lock taken for " + timeout);
        return granted;
    }

    @Override
    public void release(Lease lease) throws UncertainException {
        int failed = failures.count();
        ((Held) lease.handle()).lock().unlock();
        // ShedLock's unlock only logs a failed statement: the row may still say the lock is ours
        if (failures.count() > failed) throw new UncertainException("ShedLock's unlock failed (" + failures.last() + "); the lock may still be held");
    }

    /** An outcome ShedLock hid: a statement failed, and may or may not have been applied. */
    static final class UncertainException extends Exception {
        UncertainException(String message) {
            super(message);
        }
    }

    /** lockAtMostFor has not run out since the attempt that won the lock began, by this client's monotonic clock. */
    @Override
    public boolean stillHeld(Lease lease) {
        return System.nanoTime() < ((Held) lease.handle()).validUntilNanos();
    }

    @Override
    public void close() {
        if (dataSource != null) dataSource.destroy();
    }
}
