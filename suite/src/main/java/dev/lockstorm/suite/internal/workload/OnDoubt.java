package dev.lockstorm.suite.internal.workload;

import java.util.Locale;

/**
 * What a holder does when its lock client says the lease may be gone ({@code LockClient.stillHeld}
 * false: a suspended or expired session, a lapsed renewal).
 */
public enum OnDoubt {
    /** Records what the client says and works on: shows what a holder that never checks would do. */
    CONTINUE,
    /**
     * Asks before each step and every 100 ms while it holds, and at the first doubt leaves the rest
     * of the hold's work undone and releases: what the libraries advise (Curator: treat SUSPENDED
     * as a lost lock).
     */
    STOP;

    /** "continue" or "stop"; anything else is refused with the option's name. */
    public static OnDoubt fromName(String name) {
        for (OnDoubt d : values()) if (d.name().toLowerCase(Locale.ROOT).equals(name)) return d;
        throw new IllegalArgumentException("--on-doubt takes continue or stop, not '" + name + "'");
    }
}
