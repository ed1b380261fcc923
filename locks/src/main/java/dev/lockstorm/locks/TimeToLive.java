package dev.lockstorm.locks;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.api.NotHeldException;

import java.time.Duration;
import java.util.ConcurrentModificationException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

/**
 * A lease as its holder judges it when the lock service cannot be asked: the time to live counted
 * from the start of the attempt that won the lock, on this client's monotonic clock (the service
 * began it no earlier). What the careful holder of a Spring Integration lock registry (JDBC, Redis)
 * can know; {@link #tryLock} and {@link #unlock} are how both registries' clients take and give back
 * the lock.
 *
 * <pre>{@code
 * long started = System.nanoTime();
 * if (lock.tryLock(timeout, MILLISECONDS)) return TimeToLive.lease(started, ttl);
 * ...
 * boolean stillHeld = TimeToLive.running(lease);
 * }</pre>
 *
 * @param validUntilNanos when it runs out, by {@link System#nanoTime()}
 */
public record TimeToLive(long validUntilNanos) {
    /** The lease (no token) of an acquire begun at {@code startedNanos}. */
    public static Lease lease(long startedNanos, Duration ttl) {
        return new Lease(null, new TimeToLive(startedNanos + ttl.toNanos()));
    }

    /**
     * Takes a Spring Integration registry's lock ({@code tryLock}): its lease is the time to live from
     * the start of this attempt.
     *
     * @param registry the registry's name, for the message of a lock not taken in time
     */
    public static Lease tryLock(Lock lock, Duration timeout, Duration ttl, String registry) throws InterruptedException, NotAcquiredException {
        long started = System.nanoTime();
        if (!lock.tryLock(timeout.toMillis(), TimeUnit.MILLISECONDS)) throw new NotAcquiredException(registry + " found the lock taken for " + timeout);
        return lease(started, ttl);
    }

    /**
     * Gives a Spring Integration registry's lock back. Its unlock throws when the store no longer
     * holds the lock as this client's ("released in the store due to expiration", a row taken over):
     * the lease ended at some point up to now.
     */
    public static void unlock(Lock lock, String registry) throws NotHeldException {
        try {
            lock.unlock();
        } catch (ConcurrentModificationException | IllegalStateException e) {
            throw new NotHeldException(registry + ": " + e.getMessage());
        }
    }

    /** Whether the time to live of a lease made by {@link #lease} has not run out yet. */
    public static boolean running(Lease lease) {
        return System.nanoTime() < ((TimeToLive) lease.handle()).validUntilNanos();
    }
}
