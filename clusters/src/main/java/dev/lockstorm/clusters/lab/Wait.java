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

    /**
     * The next line of {@code in} (a process's stdout) within {@code patience}; null when none came in time, the stream
     * ended or failed, or the thread was interrupted (the interrupt kept). A process that says it is ready on its first line
     * is waited for so, without a read that could block for ever.
     */
    public static String line(java.io.BufferedReader in, Duration patience) {
        java.util.concurrent.CompletableFuture<String> next = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return in.readLine();
            } catch (java.io.IOException e) {
                return null;
            }
        });
        try {
            return next.get(patience.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            return null;
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
