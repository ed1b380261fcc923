package dev.lockstorm.clusters.lab;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Polls a condition until it holds, for things that become true on their own (elections, failovers). */
public final class Wait {
    private Wait() {
    }

    /** Returns how long {@code condition} took to hold; throws naming {@code what} after {@code timeout}. */
    public static Duration until(String what, BooleanSupplier condition, Duration timeout) {
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        while (true) {
            if (condition.getAsBoolean()) return Duration.ofNanos(System.nanoTime() - start);
            if (System.nanoTime() > deadline) throw new LabException("timed out after " + timeout + " waiting for " + what);
            sleep(50);
        }
    }

    public static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted");
        }
    }
}
