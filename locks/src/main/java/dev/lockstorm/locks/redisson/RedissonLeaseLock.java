package dev.lockstorm.locks.redisson;

import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Redisson's {@code RLock} with a fixed lease ({@code tryLock(wait, lease, unit)}): no watchdog,
 * the key expires after the lease whatever the holder is doing. No fencing token.
 */
public final class RedissonLeaseLock extends RedissonLockClient {

    public RedissonLeaseLock(String connect, Duration lease) {
        super(connect, lease);
    }

    @Override
    protected RLock lock(List<RedissonClient> clients) {
        return clients.get(0).getLock(RedissonConfigs.LOCK_NAME);
    }

    @Override
    protected Long tryAcquire(long waitMs) throws InterruptedException {
        return taken(lock.tryLock(waitMs, lease.toMillis(), TimeUnit.MILLISECONDS));
    }
}
