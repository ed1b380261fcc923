package dev.lockstorm.api;

import java.util.List;

/**
 * A lock implementation lockstorm can test, described once: its name, the servers it needs, whether
 * it hands out fencing tokens, its options, and how to make a client. lockstorm finds systems with
 * {@link java.util.ServiceLoader}: list the class in
 * {@code META-INF/services/dev.lockstorm.api.LockSystem} of your jar (or test resources) and put the
 * jar on the run's class path ({@code --classpath}, or the test class path with the JUnit
 * extension). The systems lockstorm ships are registered the same way.
 *
 * <pre>{@code
 * public final class AcmeLockSystem implements LockSystem {
 *     public String name() { return "acme-lock"; }
 *     public String description() { return "Acme's ZooKeeper lock: an ephemeral node, czxid as the token"; }
 *     public Topology topology() { return Topology.ZOOKEEPER; }
 *     public boolean fencingToken() { return true; }
 *     public LockClient newClient(ClientContext context) { return new AcmeLock(context); }
 * }
 * }</pre>
 *
 * A class that implements it needs a public constructor without arguments. One instance serves a
 * whole run: {@link #newClient} is called again for every client process and for every
 * replacement after an unknown outcome.
 */
public interface LockSystem {

    /** The name runs select it by ({@code --system}): lower-case words joined by dashes, unique among all systems. */
    String name();

    /** One line for listings. */
    String description();

    /** The servers its clients lock against. */
    Topology topology();

    /** Whether its leases carry a fencing token ({@link Lease#token()} not null). */
    boolean fencingToken();

    /**
     * Whether a holder may take the lock again while it holds it, counting its holds (Curator's
     * {@code InterProcessMutex}, Java's {@code ReentrantLock}). lockstorm's workload then takes the
     * lock again inside each hold, to a random depth ({@code --nesting}), and records each nested
     * acquire and release as its own operation; the checker counts them, so a nested release that
     * let the lock go shows up as a double holder. Not reentrant by default.
     */
    default boolean reentrant() {
        return false;
    }

    /**
     * Whether the lock has a read (shared) and a write (exclusive) mode: its clients are then
     * {@link ReadWriteLockClient}s, and a run's clients are readers and writers
     * ({@code --readers}). False by default.
     */
    default boolean readWrite() {
        return false;
    }

    /** The options it takes beyond every run's; none by default. */
    default List<LockOption> options() {
        return List.of();
    }

    /**
     * How its lease lives under {@code context}'s lease and options: a fixed TTL, renewed, bound to a
     * session, or none ({@link LeaseModel}). The checker judges a second grant beside a holder by it:
     * a lease limit only when a fault could have ended the holder's lease as the model says. The
     * default declares nothing: a fixed TTL of the run's lease is assumed, and every verdict says so.
     */
    default LeaseModel leaseModel(ClientContext context) {
        return new LeaseModel.Undeclared(context.lease());
    }

    /**
     * The points its clients mark inside their acquire ({@link ClientContext#checkpoint}), each
     * with its place against the servers' grant; none by default. A client frozen at one
     * ({@code --nemesis pause-at:NAME}) while another was granted is judged by it: frozen before
     * its grant, its lease had not begun, and the grant beside it is the lock's defect; frozen
     * after, its lease ran on, and a freeze past it is a lease limit. A point not declared here
     * is placed nowhere, and a freeze there is judged as one that may have come after the grant,
     * as a GC pause at an unknown moment is. Listed by {@code lockstorm systems}.
     *
     * <pre>{@code
     * public List<Checkpoints.Point> checkpoints() {
     *     return List.of(Checkpoints.Point.beforeGrant("after-get"));   // between the GET and the SET
     * }
     * }</pre>
     */
    default List<Checkpoints.Point> checkpoints() {
        return List.of();
    }

    /** A new, unopened client. Called in the client's own process. */
    LockClient newClient(ClientContext context);
}
