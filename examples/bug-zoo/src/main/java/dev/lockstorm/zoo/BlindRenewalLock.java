package dev.lockstorm.zoo;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Lease;
import io.lettuce.core.SetArgs;

/**
 * Bug: a watchdog that renews without asking whose the key is. While held, it sets the key to our
 * value again every third of the TTL; a holder frozen past its TTL wakes up, and its watchdog takes
 * the key back from the client that was granted it meanwhile. The holder believes it holds while its
 * renewals succeed, and they do.
 */
final class BlindRenewalLock extends WatchedZooLock {
    BlindRenewalLock(ClientContext context) {
        super(context);
    }

    @Override
    Lease tryOnce() {
        long asked = System.nanoTime();
        Lease l = setNxNoToken();
        if (l != null) watchdog.start(asked, () -> "OK".equals(redis.set(KEY, me, SetArgs.Builder.px(ttlMillis()))));
        return l;
    }
}
