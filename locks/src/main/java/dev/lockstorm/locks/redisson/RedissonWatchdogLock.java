package dev.lockstorm.locks.redisson;

import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Redisson's {@code RLock} in watchdog mode ({@code tryLock(wait, unit)}, no lease time): the key
 * lives for the watchdog timeout and the holder's client renews it every third of that. A holder
 * frozen or cut off longer than the timeout stops renewing, the key expires, and it does not know.
 * No fencing token.
 */
public final class RedissonWatchdogLock extends RedissonLockClient {

    /** @param watchdog the lockWatchdogTimeout */
    public RedissonWatchdogLock(String connect, Duration watchdog) {
        super(connect, watchdog);
    }

    @Override
    protected RLock lock(List<RedissonClient> clients) {
        return clients.get(0).getLock(RedissonConfigs.LOCK_NAME);
    }

    @Override
    protected Long tryAcquire(long waitMs) throws InterruptedException {
        return taken(lock.tryLock(waitMs, TimeUnit.MILLISECONDS));
    }
}
