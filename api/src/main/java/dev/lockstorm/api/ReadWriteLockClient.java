package dev.lockstorm.api;

import java.time.Duration;

/**
 * A lock with a shared mode: many readers or one writer, as Curator's
 * {@code InterProcessReadWriteLock} or Java's {@code ReadWriteLock}. {@link #acquire} and
 * {@link #release} take and give back the write lock; {@link #acquireRead} and {@link #releaseRead}
 * the read lock. Its {@link LockSystem} says {@link LockSystem#readWrite()}: a run then has readers
 * (who read the protected resource under the read lock) and writers (who write it under the write
 * lock, in two steps, so that a reader admitted beside a writer can see the write half done), and
 * the history names each operation's mode ({@code acquire-read}, {@code release-write}, …).
 *
 * <p>A writer may take the read lock while it holds the write lock and then give the write lock
 * back (a downgrade, as {@code ReentrantReadWriteLock} documents it): lockstorm's writers do so in
 * some of their cycles. The outcomes and the time limits are {@link LockClient}'s; {@link #stillHeld}
 * is asked about the newest lease the client holds.
 *
 * <pre>{@code
 * public final class AcmeRwLock implements ReadWriteLockClient {
 *     public Lease acquire(Duration timeout) throws Exception { return grant(rw.writeLock(), timeout); }
 *     public Lease acquireRead(Duration timeout) throws Exception { return grant(rw.readLock(), timeout); }
 *     public void release(Lease lease) throws Exception { rw.writeLock().release(); }
 *     public void releaseRead(Lease lease) throws Exception { rw.readLock().release(); }
 *     …
 * }
 * }</pre>
 */
public interface ReadWriteLockClient extends LockClient {

    /**
     * Takes the read lock, waiting at most {@code timeout}.
     *
     * @throws NotAcquiredException when the read lock was certainly not taken
     */
    Lease acquireRead(Duration timeout) throws Exception;

    /**
     * Gives back a read lease this client holds.
     *
     * @throws NotHeldException when the read lock turned out to be no longer this client's
     */
    void releaseRead(Lease lease) throws Exception;
}
