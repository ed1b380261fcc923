package dev.lockstorm.zoo;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Lease;
import io.lettuce.core.ScriptOutputType;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A control: the correct lock with a correct watchdog. It renews every third of the TTL only while
 * the key still holds our value (compare-and-pexpire), stops at the first failed renewal, and believes
 * it holds while the last renewal's TTL, counted from when it was sent, has not run out.
 */
final class RenewingLock extends RedisZooLock {
    private static final String EXTEND = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
    private final ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "zoo-watchdog");
        t.setDaemon(true);
        return t;
    });
    private volatile ScheduledFuture<?> renewing;
    private volatile long renewedUntil;

    RenewingLock(ClientContext context) {
        super(context);
    }

    @Override
    Lease tryOnce() {
        long asked = System.nanoTime();
        Lease l = setNx();
        if (l == null) return null;
        renewedUntil = asked + context.lease().toNanos();
        long every = Math.max(100, ttlMillis() / 3);
        renewing = watchdog.scheduleAtFixedRate(this::renew, every, every, TimeUnit.MILLISECONDS);
        return l;
    }

    private void renew() {
        long asked = System.nanoTime();
        try {
            Long n = redis.eval(EXTEND, ScriptOutputType.INTEGER, new String[]{KEY}, me, Long.toString(ttlMillis()));
            if (n != null && n == 1) {
                renewedUntil = asked + context.lease().toNanos();
                return;
            }
        } catch (RuntimeException e) {
            // unknown: the lease runs out by our clock unless a later renewal succeeds
            return;
        }
        renewedUntil = 0; // the key is not ours any more
        renewing.cancel(false);
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
