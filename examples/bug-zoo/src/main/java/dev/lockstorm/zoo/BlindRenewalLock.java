package dev.lockstorm.zoo;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Lease;
import io.lettuce.core.SetArgs;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Bug: a watchdog that renews without asking whose the key is. While held, it sets the key to our
 * value again every third of the TTL; a holder frozen past its TTL wakes up, and its watchdog takes
 * the key back from the client that was granted it meanwhile. The holder believes it holds while its
 * renewals succeed, and they do.
 */
final class BlindRenewalLock extends RedisZooLock {
    private final ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "zoo-watchdog");
        t.setDaemon(true);
        return t;
    });
    private volatile ScheduledFuture<?> renewing;
    private volatile long renewedUntil;

    BlindRenewalLock(ClientContext context) {
        super(context);
    }

    @Override
    Lease tryOnce() {
        long asked = System.nanoTime();
        Lease l = setNxNoToken();
        if (l == null) return null;
        renewedUntil = asked + context.lease().toNanos();
        long every = Math.max(100, ttlMillis() / 3);
        renewing = watchdog.scheduleAtFixedRate(this::renew, every, every, TimeUnit.MILLISECONDS);
        return l;
    }

    private void renew() {
        long asked = System.nanoTime();
        try {
            redis.set(KEY, me, SetArgs.Builder.px(ttlMillis()));
            renewedUntil = asked + context.lease().toNanos();
        } catch (RuntimeException e) {
            // the next one may get through
        }
    }

    @Override
    public void release(Lease lease) throws Exception {
        if (renewing != null) renewing.cancel(false);
        super.release(lease);
    }

    @Override
    public boolean stillHeld(Lease lease) {
        return System.nanoTime() < renewedUntil && connection.isOpen();
    }

    @Override
    public void close() {
        watchdog.shutdownNow();
        super.close();
    }
}
