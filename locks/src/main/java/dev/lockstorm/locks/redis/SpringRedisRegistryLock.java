package dev.lockstorm.locks.redis;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.locks.TimeToLive;
import io.lettuce.core.RedisURI;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.integration.redis.util.RedisLockRegistry;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

import java.time.Duration;
import java.util.concurrent.locks.Lock;

/**
 * Spring Integration's {@code RedisLockRegistry} over Lettuce, as its documentation configures it:
 * the lock is the key {@code registryKey:lockKey} holding the registry's client id, set for
 * {@code expireAfter} (the lease) by a Lua script; a waiter polls every 100 ms ({@code SPIN_LOCK})
 * or waits for the holder's unlock message ({@code PUB_SUB_LOCK}). Without renewal the key simply
 * expires under a holder that runs longer, which learns of it only at {@code unlock}
 * ({@code ConcurrentModificationException}: "released in the store due to expiration"); with a renewal task
 * scheduler the registry extends the key every third of {@code expireAfter} while held. No token.
 *
 * <p>The registry gives its holder no way to ask the store whether it still holds the lock: without
 * renewal, {@link #stillHeld} is what a careful holder can know (the time to live has not run out
 * since the attempt that won began); with renewal it cannot say: the registry's own belief stays
 * "held" after a renewal failed (only logged) or never ran (its task frozen with the process), and
 * when the last renewal succeeded is not told.
 */
public final class SpringRedisRegistryLock implements LockClient {
    private final String connect;
    private final String lockKey;
    private final Duration expireAfter;
    private final RedisLockRegistry.RedisLockType type;
    private final boolean renew;
    private LettuceConnectionFactory factory;
    private RedisLockRegistry registry;
    private ThreadPoolTaskScheduler scheduler;
    private Lock lock;

    /**
     * @param connect     the server, {@code redis://host:port}
     * @param lockKey     the lock's key in the registry
     * @param expireAfter the key's time to live: the lease
     * @param type        how waiters wait: polling ({@code SPIN_LOCK}) or woken by the unlock message ({@code PUB_SUB_LOCK})
     * @param renew       whether a renewal task scheduler keeps extending a held lock
     */
    public SpringRedisRegistryLock(String connect, String lockKey, Duration expireAfter, RedisLockRegistry.RedisLockType type, boolean renew) {
        this.connect = connect;
        this.lockKey = lockKey;
        this.expireAfter = expireAfter;
        this.type = type;
        this.renew = renew;
    }

    @Override
    public void open() {
        RedisURI uri = RedisURI.create(connect);
        factory = new LettuceConnectionFactory(new RedisStandaloneConfiguration(uri.getHost(), uri.getPort()));
        // what a Spring context would call on these beans
        factory.afterPropertiesSet();
        factory.start();
        registry = new RedisLockRegistry(factory, "lockstorm", expireAfter.toMillis());
        registry.setRedisLockType(type);
        if (renew) {
            scheduler = new ThreadPoolTaskScheduler();
            scheduler.setThreadNamePrefix("redis-lock-renewal-");
            scheduler.initialize();
            registry.setRenewalTaskScheduler(scheduler);
        }
        lock = registry.obtain(lockKey);
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        return TimeToLive.tryLock(lock, timeout, expireAfter, "RedisLockRegistry");
    }

    @Override
    public void release(Lease lease) throws Exception {
        TimeToLive.unlock(lock, "RedisLockRegistry");
    }

    @Override
    public boolean stillHeld(Lease lease) {
        if (renew) throw new UnsupportedOperationException("RedisLockRegistry does not say when its renewal last succeeded");
        return TimeToLive.running(lease);
    }

    @Override
    public void close() {
        if (registry != null) registry.destroy();
        if (scheduler != null) scheduler.shutdown();
        if (factory != null) factory.destroy();
    }
}
