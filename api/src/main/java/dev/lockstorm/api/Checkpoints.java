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

    /** What a point's name is made of: letters, digits, '.', '_' and '-' (it follows {@code pause-at:} in a nemesis word). */
    public static final String NAME = "[A-Za-z0-9._-]+";

    /** lockstorm's own points, in the order a cycle reaches them: each lies where its name says. */
    public static final java.util.List<String> OWN = java.util.List.of(BEFORE_ACQUIRE, AFTER_GRANT, BEFORE_USE, BEFORE_RELEASE, AFTER_RELEASE);

    /**
     * Where a point of a lock's acquire lies against the moment its servers granted it: what tells a
     * freeze there that delayed a grant from one that outlasted a lease. Its word in a history is
     * {@link #wire()}.
     */
    public enum Place {
        /** Before the servers granted (between a GET and its SET): nothing is held yet, and a freeze here only delays the grant. */
        BEFORE_GRANT,
        /** After the servers granted, before the acquire returned (between a SETNX and its EXPIRE): the lease runs while the client is frozen here. */
        AFTER_GRANT;

        /** {@code before-grant} or {@code after-grant}. */
        public String wire() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }

        /** The place {@code word} names, or empty. */
        public static java.util.Optional<Place> fromWire(String word) {
            for (Place p : values()) if (p.wire().equals(word)) return java.util.Optional.of(p);
            return java.util.Optional.empty();
        }
    }

    /**
     * A point a lock marks inside its acquire ({@link ClientContext#checkpoint}) and its place, as
     * {@link LockSystem#checkpoints()} declares it.
     *
     * @param name  the point's name, as the lock reaches it and {@code pause-at:NAME} aims at it: letters, digits, '.', '_' and '-'
     * @param place before or after the servers granted
     */
    public record Point(String name, Place place) {
        public Point {
            Objects.requireNonNull(place, "place");
            if (name == null || !name.matches(NAME)) {
                throw new IllegalArgumentException("checkpoint " + name + ": a checkpoint's name is letters, digits, '.', '_' and '-'");
            }
        }

        /** A point before the servers granted ({@link Place#BEFORE_GRANT}). */
        public static Point beforeGrant(String name) {
            return new Point(name, Place.BEFORE_GRANT);
        }

        /** A point after the servers granted, inside the acquire still ({@link Place#AFTER_GRANT}). */
        public static Point afterGrant(String name) {
            return new Point(name, Place.AFTER_GRANT);
        }
    }

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
