package dev.lockstorm.checker.lock;

/**
 * The time a check may take, shared by its analyses: each long loop asks it now and then, and once
 * it has passed the analysis stops with {@link Passed}, which the checker turns into {@code unknown}
 * with the reason (never {@code valid}).
 *
 * <pre>{@code
 * Deadline d = Deadline.in(Duration.ofSeconds(60));
 * for (...) { d.check("grouping incidents"); ... }
 * }</pre>
 */
public final class Deadline {
    /** No deadline at all. */
    public static final Deadline NONE = new Deadline(Long.MAX_VALUE);

    private final long at;
    private int calls;

    private Deadline(long at) {
        this.at = at;
    }

    /** A deadline at {@code System.nanoTime()} value {@code nanoTime}. */
    public static Deadline at(long nanoTime) {
        return new Deadline(nanoTime);
    }

    public static Deadline in(java.time.Duration d) {
        return new Deadline(System.nanoTime() + d.toNanos());
    }

    /** Nanoseconds left (0 when passed). */
    public long remainingNanos() {
        return at == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(0, at - System.nanoTime());
    }

    /** Throws {@link Passed} once the deadline has passed; cheap enough for an inner loop (reads the clock every 4096 calls). */
    public void check(String during) {
        if (at == Long.MAX_VALUE || (++calls & 4095) != 0) return;
        if (System.nanoTime() > at) throw new Passed(during);
    }

    /** The check ran out of its time limit while doing {@code during}. */
    public static final class Passed extends RuntimeException {
        public Passed(String during) {
            super("the check's time limit ran out while " + during, null, false, false);
        }
    }
}
