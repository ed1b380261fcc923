package dev.lockstorm.locks.db;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.locks.TimeToLive;
import org.springframework.integration.jdbc.lock.DefaultLockRepository;
import org.springframework.integration.jdbc.lock.JdbcLockRegistry;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.Lock;

/**
 * Spring Integration's {@code JdbcLockRegistry} over its {@code DefaultLockRepository}: the lock is
 * a row of {@code INT_LOCK} whose {@code CREATED_DATE} the application stamps with its own clock;
 * another client takes it over once that is older than the time to live (the lease), judged by
 * that client's own clock. {@code tryLock} polls the table every 100 ms. No token. An unlock that
 * finds the row taken over throws, which is a lost lease here.
 */
public final class SpringRegistryLock implements LockClient {
    private final Dialect dialect;
    private final String url;
    private final String lock;
    private final Duration lease;
    private SingleConnectionDataSource dataSource;
    private Lock registryLock;

    public SpringRegistryLock(Dialect dialect, String url, String lock, Duration lease) {
        this.dialect = dialect;
        this.url = url;
        this.lock = lock;
        this.lease = lease;
    }

    @Override
    public void open() throws Exception {
        dataSource = dialect.dataSource(url, Duration.ofSeconds(5));
        // Spring Integration's schema-*.sql for the lock table
        dialect.createSchema(dataSource.getConnection(), List.of("CREATE TABLE IF NOT EXISTS INT_LOCK (LOCK_KEY CHAR(36) NOT NULL,"
                + " REGION VARCHAR(100) NOT NULL, CLIENT_ID CHAR(36), CREATED_DATE " + dialect.timestampType() + " NOT NULL,"
                + " CONSTRAINT INT_LOCK_PK PRIMARY KEY (LOCK_KEY, REGION))"));
        DefaultLockRepository repository = new DefaultLockRepository(dataSource);
        repository.setTransactionManager(new DataSourceTransactionManager(dataSource));
        repository.setTimeToLive((int) lease.toMillis());
        repository.setCheckDatabaseOnStart(false);
        // what a Spring context would call on this bean
        repository.afterPropertiesSet();
        repository.afterSingletonsInstantiated();
        registryLock = new JdbcLockRegistry(repository).obtain(lock);
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        return TimeToLive.tryLock(registryLock, timeout, lease, "JdbcLockRegistry");
    }

    @Override
    public void release(Lease lease) throws Exception {
        TimeToLive.unlock(registryLock, "JdbcLockRegistry");
    }

    /** The time to live has not run out since the attempt that won the lock began, by this client's monotonic clock. */
    @Override
    public boolean stillHeld(Lease lease) {
        return TimeToLive.running(lease);
    }

    @Override
    public void close() {
        if (dataSource != null) dataSource.destroy();
    }
}
