package dev.lockstorm.locks.redisson;

import org.redisson.api.RFencedLock;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Redisson's {@code RFencedLock} in watchdog mode: an {@code RLock} whose acquisition also
 * increments a token counter kept in Redis next to the lock, and returns it for fencing. The
 * counter is as durable as the Redis it lives on.
 */
public final class RedissonFencedLockClient extends RedissonLockClient {

    /** @param watchdog the lockWatchdogTimeout */
    public RedissonFencedLockClient(String connect, Duration watchdog) {
        super(connect, watchdog);
    }

    @Override
    protected RLock lock(List<RedissonClient> clients) {
        return clients.get(0).getFencedLock(RedissonConfigs.LOCK_NAME);
    }

    @Override
    protected Long tryAcquire(long waitMs) throws InterruptedException {
        return ((RFencedLock) lock).tryLockAndGetToken(waitMs, TimeUnit.MILLISECONDS);
    }
}
