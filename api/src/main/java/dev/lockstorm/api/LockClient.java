package dev.lockstorm.api;

import java.time.Duration;

/**
 * The lock under test, as one client process uses it. lockstorm runs each client in a JVM of its
 * own on a host of its own, makes one instance through {@link LockSystem#newClient}, opens it, and
 * then drives it: acquire, touch the protected resource, release, again and again, while faults
 * come and go. Calls come from one thread.
 *
 * <h2>Outcomes</h2>
 * A returned {@link Lease} is {@code ok} (its token is the fencing token); {@link NotAcquiredException}
 * is {@code fail} (certainly not acquired: throw it only when the lock cannot have been taken); any
 * other exception is {@code info} (unknown: maybe acquired), after which the instance is closed
 * and replaced by a new one, which the history counts as a new process. A release that returns is
 * {@code ok}; one that throws (also {@link NotHeldException}: the lease was already lost) is
 * {@code info}.
 *
 * <h2>Time</h2>
 * <ul>
 * <li>{@link #acquire} is given how long to wait for the lock: the run's lease plus a second by
 *     default (a nemesis that keeps waiters queued gives more). Give up by then with
 *     {@link NotAcquiredException} when the lock was certainly not taken.</li>
 * <li>Every call ({@code acquire}, {@code release}, {@code stillHeld}) has the run's operation
 *     timeout to return: longer than the acquire's timeout and than a frozen client's pause plus
 *     its lease, plus 5 s. A call still running then is recorded {@code info}, and the worker
 *     process is killed (SIGKILL) and started again as a new process: so bound every network call
 *     with a timeout of its own, shorter than the lease.</li>
 * <li>{@link #open} has 60 s. At the start of a run (every server up) a client that cannot open
 *     stops the run, with this client's log; later (a fault in progress) it is started again for
 *     up to a minute.</li>
 * <li>{@link #close} must not throw and should return within a few seconds: the worker is told to
 *     exit and is killed if it has not after 3 s.</li>
 * </ul>
 *
 * <h2>Writing a client for fault tests</h2>
 * <ul>
 * <li>No automatic reconnect and no automatic retry: a command replayed after its reply was lost
 *     (Lettuce's auto-reconnect with its request queue, a JDBC pool's retry, jetcd's retries) is a
 *     second effect the history cannot see. Turn them off and let an unknown outcome be an
 *     exception.</li>
 * <li>Take the token atomically with the grant: in the same script, transaction or create as the
 *     grant itself (Redis: {@code SET NX} and {@code INCR} in one Lua script; ZooKeeper: the lock
 *     node's czxid; SQL: a sequence value in the inserting transaction). A token read after the
 *     grant can belong to somebody else's grant.</li>
 * <li>{@link #stillHeld} must never say yes once the service may have given the lock to another.
 *     For a lock with a TTL, the lease's validity measured on the client's own monotonic clock
 *     ({@link System#nanoTime}, which runs on while the process is frozen) from <em>before</em> the
 *     acquire was sent answers without a round trip: its wall clock may be the one a nemesis moves.
 *     For a session the service keeps alive from the client's heartbeats (ZooKeeper, a database
 *     connection), memory is not enough: a client frozen past its session wakes with its library
 *     still saying "connected", since it hears of the expiry only when it next talks. Ask the
 *     service once, on the session that holds the lock, with a timeout shorter than the lease (no
 *     answer in time is a no). A client that cannot know throws
 *     {@link UnsupportedOperationException}: its belief is recorded as unknown.</li>
 * </ul>
 *
 * <pre>{@code
 * public final class AcmeLock implements LockClient {
 *     private final ClientContext context;
 *     private AcmeSession session;
 *     private long validUntil;
 *
 *     public AcmeLock(ClientContext context) { this.context = context; }
 *
 *     public void open() throws Exception {
 *         session = AcmeSession.connect(context.connect(), Duration.ofSeconds(1));   // no reconnect, no retry
 *     }
 *
 *     public Lease acquire(Duration timeout) throws Exception {
 *         long sent = System.nanoTime();
 *         AcmeGrant g = session.tryLock(context.lock(), context.lease(), timeout);   // grant and token in one step
 *         if (g == null) throw new NotAcquiredException("busy for " + timeout);
 *         validUntil = sent + context.lease().toNanos();
 *         return new Lease(g.fencingToken(), g);
 *     }
 *
 *     public void release(Lease lease) throws Exception { session.unlock((AcmeGrant) lease.handle()); }
 *
 *     public boolean stillHeld(Lease lease) { return System.nanoTime() < validUntil && session.isAlive(); }
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
     * says, and when it said it, with every resource operation: a "yes" given after the service
     * granted the lock to another is a lock defect.
     *
     * <p>Left out, the client cannot be asked: the default throws
     * {@link UnsupportedOperationException}, lockstorm records the belief as unknown and makes no
     * still-held judgement (answering {@code true} always would be exactly a lock that never learns
     * it lost its lease).
     */
    default boolean stillHeld(Lease lease) {
        throw new UnsupportedOperationException(getClass().getName() + " does not say whether it still holds a lease (no stillHeld)");
    }

    /** Closes the session; it must not throw. */
    @Override
    void close();
}
