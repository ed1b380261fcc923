package dev.lockstorm.locks;

import dev.lockstorm.api.Lease;

import java.time.Duration;

/**
 * A lease as its holder judges it when the lock service cannot be asked: the time to live counted
 * from the start of the attempt that won the lock, on this client's monotonic clock (the service
 * began it no earlier). What the careful holder of a Spring lock registry can know.
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

    /** Whether the time to live of a lease made by {@link #lease} has not run out yet. */
    public static boolean running(Lease lease) {
        return System.nanoTime() < ((TimeToLive) lease.handle()).validUntilNanos();
    }
}
