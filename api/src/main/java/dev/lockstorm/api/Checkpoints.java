package dev.lockstorm.api;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * Named points in a lock client's code where lockstorm's nemesis can pause or kill the client
 * process ({@code --nemesis pause-at:NAME} or {@code kill-at:NAME}), as a GC pause or a crash would
 * at exactly that moment. A lock marks its own points through {@link ClientContext#checkpoint}
 * ("after-setnx", between a SETNX and its EXPIRE); lockstorm's worker marks these around every
 * call, for every lock: {@value #BEFORE_ACQUIRE}, {@value #AFTER_GRANT}, {@value #BEFORE_USE},
 * {@value #BEFORE_RELEASE}, {@value #AFTER_RELEASE}. Outside a run reaching a point does nothing.
 */
public final class Checkpoints {
    /** The client is about to call {@link LockClient#acquire}. */
    public static final String BEFORE_ACQUIRE = "before-acquire";
    /** {@link LockClient#acquire} returned a lease; the driver has not heard of it yet. */
    public static final String AFTER_GRANT = "after-grant";
    /** The holder is about to touch the protected resource (it asks {@link LockClient#stillHeld} first). */
    public static final String BEFORE_USE = "before-use";
    /** The client is about to call {@link LockClient#release}. */
    public static final String BEFORE_RELEASE = "before-release";
    /** {@link LockClient#release} returned; the driver has not heard of it yet. */
    public static final String AFTER_RELEASE = "after-release";

    private static volatile Consumer<String> hook = name -> { };

    private Checkpoints() {
    }

    /** Reaches the point {@code name}: freezes or ends this process when the run's nemesis aims there, else returns at once. */
    public static void reach(String name) {
        hook.accept(name);
    }

    /** For the process that runs lock clients (lockstorm's worker): what reaching a point does. */
    public static void install(Consumer<String> action) {
        hook = Objects.requireNonNull(action);
    }
}
