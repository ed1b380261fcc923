package dev.lockstorm.nemesis.replay;

/**
 * When a step of a recorded schedule comes. A replay keeps the order and the spacing of the steps
 * ({@code atMs}, counted from the start of the main phase, is the first step's offset and the others'
 * distance from the step before), and a step that came on a lock event waits for that event in the
 * replay rather than for the wall time: right after a given client's grant, or while it holds the
 * lock. That is what lets a replay hit the same moment when its timings differ.
 *
 * @param atMs         when it came in the recorded run, from the start of its main phase
 * @param afterGrantTo the client granted the lock just before it came (within 300 ms, still holding), or null
 * @param holder       the client it hit when it was aimed at the lock's holder, or null: the holder is a role, and a
 *                     replay hits whoever the next grant goes to
 * @param intoHoldMs   for a fault aimed at the holder, how long the holder had held the lock when it came (a replay
 *                     hits the next holder as far into its hold), or null when not known
 */
public record Trigger(long atMs, String afterGrantTo, String holder, Long intoHoldMs) {
    public Trigger {
        if (atMs < 0) throw new IllegalArgumentException("a step's at_ms is at least 0, not " + atMs);
        if (intoHoldMs != null && intoHoldMs < 0) throw new IllegalArgumentException("a step's into_hold_ms is at least 0, not " + intoHoldMs);
    }

    /** A trigger that says nothing about how far into a hold it came. */
    public Trigger(long atMs, String afterGrantTo, String holder) {
        this(atMs, afterGrantTo, holder, null);
    }

    /** The same, at another time. */
    public Trigger at(long ms) {
        return new Trigger(ms, afterGrantTo, holder, intoHoldMs);
    }

    /** "at 12.3 s, right after c3's grant". */
    public String describe() {
        String at = String.format(java.util.Locale.ROOT, "at %.1f s", atMs / 1000.0);
        if (holder != null) {
            String into = intoHoldMs == null ? "" : afterGrantTo != null ? " right after its grant" : String.format(java.util.Locale.ROOT, " %.1f s into its hold", intoHoldMs / 1000.0);
            return at + ", on the holder" + into + " (" + holder + " then)";
        }
        if (afterGrantTo != null) return at + ", right after " + afterGrantTo + "'s grant";
        return at;
    }
}
