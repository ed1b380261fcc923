package dev.lockstorm.locks.redisson;

import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Redisson's {@code RedissonRedLock}: one {@code RLock} on each independent master (a client per
 * master), taken when a majority is; watchdog mode. No fencing token.
 */
public final class RedissonRedLockClient extends RedissonLockClient {

    /** @param connect one redis:// URI per master, comma-separated; @param watchdog the lockWatchdogTimeout */
    public RedissonRedLockClient(String connect, Duration watchdog) {
        super(connect, watchdog);
    }

    @Override
    @SuppressWarnings("deprecation") // Redisson deprecates RedLock in favour of a plain RLock; it is what users run
    protected RLock lock(List<RedissonClient> clients) {
        return new org.redisson.RedissonRedLock(clients.stream().map(c -> c.getLock(RedissonConfigs.LOCK_NAME)).toArray(RLock[]::new));
    }

    @Override
    protected Long tryAcquire(long waitMs) throws InterruptedException {
        return taken(lock.tryLock(waitMs, TimeUnit.MILLISECONDS));
    }

    /** RedLock's own isHeldByCurrentThread is unsupported: held when a majority of the masters say so. */
    @Override
    public boolean stillHeld(dev.lockstorm.api.Lease lease) {
        try {
            long held = clients.stream().filter(c -> c.getLock(RedissonConfigs.LOCK_NAME).isHeldByCurrentThread()).count();
            return held >= clients.size() / 2 + 1;
        } catch (RuntimeException e) {
            return false;
        }
    }
}
