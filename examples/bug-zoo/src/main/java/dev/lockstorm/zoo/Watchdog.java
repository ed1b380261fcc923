package dev.lockstorm.zoo;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A holder's renewals: every third of the TTL, {@code renew} (true: renewed; false: the key is not
 * ours, stop; an exception: unknown, try again). The holder believes it holds while the last
 * renewal's TTL, counted from when it was sent, has not run out.
 */
final class Watchdog {
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "zoo-watchdog");
        t.setDaemon(true);
        return t;
    });
    private final Duration ttl;
    private volatile ScheduledFuture<?> renewing;
    private volatile long renewedUntil;

    Watchdog(Duration ttl) {
        this.ttl = ttl;
    }

    /** The lock was granted by a request sent at {@code asked} (monotonic ns): renew from now on with {@code renew}. */
    void start(long asked, BooleanSupplier renew) {
        renewedUntil = asked + ttl.toNanos();
        long every = Math.max(100, ttl.toMillis() / 3);
        renewing = thread.scheduleAtFixedRate(() -> {
            long sent = System.nanoTime();
            try {
                if (renew.getAsBoolean()) {
                    renewedUntil = sent + ttl.toNanos();
                    return;
                }
            } catch (RuntimeException e) {
                return; // unknown: the lease runs out by our clock unless a later renewal gets through
            }
            stop(); // the key is not ours any more
        }, every, every, TimeUnit.MILLISECONDS);
    }

    void stop() {
        renewedUntil = 0;
        if (renewing != null) renewing.cancel(false);
    }

    boolean valid() {
        return System.nanoTime() < renewedUntil;
    }

    void close() {
        thread.shutdownNow();
    }
}
