package dev.lockstorm.locks;

/**
 * A client's belief about its lease, kept by an adapter: whether it holds the lock, and whether the
 * lock service has since given it a reason to doubt that (a suspended or lost session). Connection
 * events arrive on the client library's event thread while the worker acquires, releases and asks
 * {@link #stillHeld}, so every method is atomic (model-checked with Lincheck).
 *
 * <pre>{@code
 * LeaseState lease = new LeaseState();
 * curator.getConnectionStateListenable().addListener((c, s) -> lease.connection(Connection.of(s.name())));
 * }</pre>
 */
public final class LeaseState {

    /** What the client library says of its session. */
    public enum Connection {
        CONNECTED, SUSPENDED, RECONNECTED, LOST;

        /** Curator's ConnectionState names, ZooKeeper's KeeperState names (Disconnected, Expired, SyncConnected). */
        public static Connection of(String name) {
            return switch (name) {
                case "CONNECTED", "SyncConnected", "READ_ONLY", "ConnectedReadOnly" -> CONNECTED;
                case "SUSPENDED", "Disconnected" -> SUSPENDED;
                case "RECONNECTED" -> RECONNECTED;
                default -> LOST; // LOST, Expired, AuthFailed, Closed
            };
        }
    }

    /**
     * Which session event makes the holder take its lock as gone. Curator's advice is
     * {@link #SUSPENDED}: the connection is down and the server may expire the session at any
     * moment. {@link #LOST} waits until Curator says the session is gone, which it does only after
     * waiting out a session timeout of its own from the suspension: by then the server has expired
     * the session and granted the lock to someone else.
     */
    public enum GoneOn {
        SUSPENDED, LOST;

        /** "suspended" or "lost", as an option gives it. */
        public static GoneOn of(String name) {
            return valueOf(name.toUpperCase(java.util.Locale.ROOT));
        }
    }

    private final GoneOn goneOn;
    private boolean held;
    private boolean doubted;
    /** a doubting session event since the last release, while not holding: an acquire in flight over it gets a doubted grant */
    private boolean doubtBeforeGrant;

    /** A lease taken as gone from the first SUSPENDED. */
    public LeaseState() {
        this(GoneOn.SUSPENDED);
    }

    public LeaseState(GoneOn goneOn) {
        this.goneOn = goneOn;
    }

    /**
     * The lock was just granted: in doubt from the start when the session was suspended (or lost)
     * while the acquire was in flight, since the node or key it was granted by may be gone already.
     */
    public synchronized void acquired() {
        held = true;
        doubted = doubtBeforeGrant;
        doubtBeforeGrant = false;
    }

    /** The client released (or gave up) the lock. */
    public synchronized void released() {
        held = false;
        doubted = false;
        doubtBeforeGrant = false;
    }

    /**
     * A session event. Once the session was suspended (unless only LOST counts) or lost while
     * holding, the lease stays in doubt until released: a reconnection does not bring back a lock whose node may have expired.
     */
    public synchronized void connection(Connection c) {
        boolean doubting = c == Connection.LOST || c == Connection.SUSPENDED && goneOn == GoneOn.SUSPENDED;
        if (!doubting) return;
        if (held) doubted = true;
        else doubtBeforeGrant = true;
    }

    /** Held, and nothing said the session may have lost it since. */
    public synchronized boolean stillHeld() {
        return held && !doubted;
    }
}
