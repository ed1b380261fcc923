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

    /**
     * Polls {@code condition} every {@code periodMs} until it holds (true) or until
     * {@code deadlineNanos} passes or the thread is interrupted (false, the interrupt kept): for
     * loops that must stop on their own deadline rather than throw.
     */
    public static boolean polled(BooleanSupplier condition, long deadlineNanos, long periodMs) {
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() >= deadlineNanos || !sleepUntil(System.nanoTime() + periodMs * 1_000_000)) return false;
        }
        return true;
    }

    public static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted");
        }
    }

    /**
     * Sleeps until {@code deadlineNanos} (a {@link System#nanoTime()} value); false when
     * interrupted (the interrupt is kept), so that a loop can stop at once.
     */
    public static boolean sleepUntil(long deadlineNanos) {
        long left;
        while ((left = deadlineNanos - System.nanoTime()) > 0) {
            try {
                Thread.sleep(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }
}
