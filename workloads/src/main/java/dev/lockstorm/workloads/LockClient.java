package dev.lockstorm.workloads;

import java.time.Duration;

/**
 * The lock under test, as one client process uses it. Implement this to check your own lock; each
 * lock implementation lockstorm knows is one class (see {@code dev.lockstorm.workloads.zookeeper}).
 *
 * <p>Outcomes map to the history like this: a returned {@link Lease} is {@code ok} (its token is
 * the fencing token); {@link NotAcquiredException} is {@code fail} (certainly not acquired); any
 * other exception is {@code info} (unknown: maybe acquired), after which the client process is
 * replaced. A release that returns is {@code ok}; one that throws (also {@link NotHeldException}: the lease
 * was already lost) is {@code info}.
 *
 * <pre>{@code
 * public final class MyLock implements LockClient {
 *     public void open() { session = MyLockService.connect(address); }
 *     public Lease acquire(Duration timeout) throws Exception {
 *         Grant g = session.tryLock("orders", timeout);
 *         if (g == null) throw new NotAcquiredException("timed out");
 *         return new Lease(g.fencingToken(), g);
 *     }
 *     public void release(Lease lease) throws Exception { session.unlock((Grant) lease.handle()); }
 *     public boolean stillHeld(Lease lease) { return session.isAlive(); }
 *     public void close() { session.close(); }
 * }
 * }</pre>
 */
public interface LockClient extends AutoCloseable {

    /** Opens the session with the lock service. */
    void open() throws Exception;

    /**
     * Takes the lock, waiting at most {@code timeout}.
     *
     * @throws NotAcquiredException when the lock was certainly not taken
     */
    Lease acquire(Duration timeout) throws Exception;

    /** Releases a lease this client holds. */
    void release(Lease lease) throws Exception;

    /**
     * Whether the lock service has not told this client that it lost the lease (for example
     * Curator's connection state moving to SUSPENDED or LOST, or a ZooKeeper session expiry). A
     * careful holder checks it before touching the protected resource; lockstorm records what it
     * says with every resource operation.
     */
    default boolean stillHeld(Lease lease) {
        return true;
    }

    /** Closes the session; it must not throw. */
    @Override
    void close();
}
