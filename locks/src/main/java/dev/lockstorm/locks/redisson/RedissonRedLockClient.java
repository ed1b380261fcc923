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
        Long taken = taken(lock.tryLock(waitMs, TimeUnit.MILLISECONDS));
        // on how many masters it holds: the checker asks more servers' clocks to end a lease held on all than on a bare majority
        // (a master that does not answer now fails the count: no note, and the grant stands either way)
        if (taken != null) {
            try {
                long on = heldOn();
                if (on > 0) dev.lockstorm.api.Notes.heldOn(new dev.lockstorm.api.Notes.HeldOn((int) on, clients.size()));
            } catch (RuntimeException e) {
                // unnoted: the checker assumes a bare majority
            }
        }
        return taken;
    }

    /** How many masters say this thread holds its lock. */
    private long heldOn() {
        return clients.stream().filter(c -> c.getLock(RedissonConfigs.LOCK_NAME).isHeldByCurrentThread()).count();
    }

    /** RedLock's own isHeldByCurrentThread is unsupported: held when a majority of the masters say so. */
    @Override
    public boolean stillHeld(dev.lockstorm.api.Lease lease) {
        try {
            return heldOn() >= clients.size() / 2 + 1;
        } catch (RuntimeException e) {
            return false;
        }
    }
}
