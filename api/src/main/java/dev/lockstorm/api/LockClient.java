package dev.lockstorm.api;

import java.time.Duration;

/**
 * The lock under test, as one client process uses it. lockstorm runs each client in a JVM of its
 * own on a host of its own, makes one instance through {@link LockSystem#newClient}, opens it, and
 * then drives it: acquire, touch the protected resource, release, again and again, while faults
 * come and go.
 *
 * <p>Outcomes map to the history like this: a returned {@link Lease} is {@code ok} (its token is
 * the fencing token); {@link NotAcquiredException} is {@code fail} (certainly not acquired); any
 * other exception is {@code info} (unknown: maybe acquired), after which the instance is closed
 * and replaced by a new one, which the history counts as a new process. A release that returns is
 * {@code ok}; one that throws (also {@link NotHeldException}: the lease was already lost) is
 * {@code info}. Calls come from one thread.
 *
 * <pre>{@code
 * public final class AcmeLock implements LockClient {
 *     private final ClientContext context;
 *     private AcmeSession session;
 *
 *     public AcmeLock(ClientContext context) { this.context = context; }
 *
 *     public void open() throws Exception { session = AcmeSession.connect(context.connect(), context.lease()); }
 *
 *     public Lease acquire(Duration timeout) throws Exception {
 *         AcmeGrant g = session.tryLock(context.lock(), timeout);
 *         if (g == null) throw new NotAcquiredException("busy for " + timeout);
 *         return new Lease(g.fencingToken(), g);
 *     }
 *
 *     public void release(Lease lease) throws Exception { session.unlock((AcmeGrant) lease.handle()); }
 *
 *     public boolean stillHeld(Lease lease) { return session.isAlive(); }
 *
 *     public void close() { session.close(); }
 * }
 * }</pre>
 */
public interface LockClient extends AutoCloseable {

    /** Opens the session with the lock service. An exception here stops the run at its start (with this client's log). */
    void open() throws Exception;

    /**
     * Takes the lock, waiting at most {@code timeout}.
     *
     * @throws NotAcquiredException when the lock was certainly not taken
     */
    Lease acquire(Duration timeout) throws Exception;

    /**
     * Releases a lease this client holds.
     *
     * @throws NotHeldException when the lock turned out to be no longer this client's
     */
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
