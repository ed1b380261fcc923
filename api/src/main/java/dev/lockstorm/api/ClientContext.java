package dev.lockstorm.api;

import java.time.Duration;
import java.util.Map;

/**
 * What a lock client is made with: where the servers are, which lock to take, how long a lease
 * lasts, and the system's options.
 *
 * @param connect  the servers, in the form the system's {@link Topology} gives (a ZooKeeper connect string,
 *                 {@code redis://} URIs, …)
 * @param lock     the lock's name, {@code /lockstorm/lock} in a run: a ZooKeeper path, or a key or row name as it is
 * @param lease    the lease the run asks for: a ZooKeeper session timeout, a key's TTL, a watchdog timeout
 * @param options  every option the system declares, set or defaulted
 */
public record ClientContext(String connect, String lock, Duration lease, Map<String, String> options) {
    public ClientContext {
        options = Map.copyOf(options);
    }

    /**
     * Marks a named point in this client's own code where the run's nemesis may pause or kill the
     * client process ({@code --nemesis pause-at:NAME}, {@code kill-at:NAME}): a crash between two
     * commands of an acquire is how a lock ends up held by nobody, or by two. Returns at once when no
     * nemesis aims there ({@link Checkpoints}). Declare each point of an acquire, with whether it
     * comes before or after the servers granted, in {@link LockSystem#checkpoints()}: the checker
     * judges a freeze there by it.
     *
     * <pre>{@code
     * redis.setnx(key, me);
     * context.checkpoint("after-setnx");     // --nemesis kill-at:after-setnx kills the client here
     * redis.pexpire(key, ttl);
     * }</pre>
     */
    public void checkpoint(String name) {
        Checkpoints.reach(name);
    }

    /**
     * Notes something about the operation in progress that the history alone cannot show; the run
     * records it on the operation ({@code "notes"} in the history, {@link Notes}), so that the grant
     * that matters can be found and tied to a finding.
     *
     * <pre>{@code
     * Lease lease = grantedByQueueNode(node);
     * if (!ownedByThisSession(node)) context.note("granted by a node this session does not own");
     * }</pre>
     */
    public void note(String what) {
        Notes.add(what);
    }

    /**
     * Notes that the grant in progress has nothing behind it ({@link Notes#unbacked}): the checker
     * judges the double holder it makes a defect of the lock, naming this grant.
     *
     * <pre>{@code
     * if (!ownedByThisSession(node)) context.unbacked("granted by a node this session does not own");
     * }</pre>
     */
    public void unbacked(String why) {
        Notes.unbacked(why);
    }

    /**
     * Notes on how many of the lock's independent servers the grant in progress holds its key ({@link Notes#heldOn}): a
     * lock that grants on a majority says so, for the checker asks fewer servers' clocks to have ended a lease held on a
     * bare majority than one held on all of them.
     *
     * <pre>{@code
     * if (locked >= quorum) context.heldOn(locked, masters.size());
     * }</pre>
     */
    public void heldOn(int servers, int of) {
        Notes.heldOn(new Notes.HeldOn(servers, of));
    }

    /** The value of an option the system declared in {@link LockSystem#options()}. */
    public String option(String name) {
        String v = options.get(name);
        if (v == null) throw new IllegalArgumentException("no option '" + name + "' (declared: " + options.keySet() + ")");
        return v;
    }
}
