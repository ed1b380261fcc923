package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Wait;

import java.util.function.BooleanSupplier;

/**
 * The time a nemesis plan keeps: when it is, sleeping until a moment, polling a condition. Plans
 * never read the system's clock themselves, so that a plan can be run in virtual time against a
 * recording {@link Nemesis} and checked for what it would do at which moment.
 */
public interface Pace {
    /** Now, in nanoseconds on a monotonic scale (as {@link System#nanoTime}). */
    long now();

    /** Sleeps until {@code deadline} ({@link #now()}'s scale); false when interrupted first. */
    boolean sleepUntil(long deadline);

    /** Sleeps for {@code nanos}; false when interrupted first. */
    default boolean sleep(long nanos) {
        return sleepUntil(now() + nanos);
    }

    /** Polls {@code condition} every {@code periodMs} until it holds (true) or {@code deadline} passes or an interrupt (false). */
    default boolean polled(BooleanSupplier condition, long deadline, long periodMs) {
        while (!condition.getAsBoolean()) {
            if (now() - deadline >= 0 || !sleepUntil(now() + periodMs * 1_000_000)) return false;
        }
        return true;
    }

    /**
     * This pace with every sleep and poll cut short once {@code ended} holds, answering false as on an
     * interrupt: a plan then stops between its steps, and heals the fault in hand as at its end. Unlike an
     * interrupt it never lands inside a fault's injection.
     */
    default Pace endingWhen(BooleanSupplier ended) {
        Pace base = this;
        return new Pace() {
            @Override
            public long now() {
                return base.now();
            }

            @Override
            public boolean sleepUntil(long deadline) {
                while (true) {
                    if (ended.getAsBoolean()) return false;
                    long now = base.now();
                    if (now - deadline >= 0) return true;
                    if (!base.sleepUntil(Math.min(deadline, now + 50_000_000L))) return false;
                }
            }
        };
    }

    /** The system's monotonic clock and real sleeps. */
    Pace REAL = new Pace() {
        @Override
        public long now() {
            return System.nanoTime();
        }

        @Override
        public boolean sleepUntil(long deadline) {
            return Wait.sleepUntil(deadline);
        }

        @Override
        public boolean polled(BooleanSupplier condition, long deadline, long periodMs) {
            return Wait.polled(condition, deadline, periodMs);
        }
    };
}
