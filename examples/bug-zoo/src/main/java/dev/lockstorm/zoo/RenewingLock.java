package dev.lockstorm.zoo;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Lease;
import io.lettuce.core.ScriptOutputType;

/**
 * A control: the correct lock with a correct watchdog. It renews every third of the TTL only while
 * the key still holds our value (compare-and-pexpire), stops at the first failed renewal, and believes
 * it holds while the last renewal's TTL, counted from when it was sent, has not run out.
 */
final class RenewingLock extends WatchedZooLock {
    private static final String EXTEND = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
    RenewingLock(ClientContext context) {
        super(context);
    }

    @Override
    Lease tryOnce() {
        long asked = System.nanoTime();
        Lease l = setNx();
        if (l != null) {
            watchdog.start(asked, () -> {
                Long n = redis.eval(EXTEND, ScriptOutputType.INTEGER, new String[]{KEY}, me, Long.toString(ttlMillis()));
                return n != null && n == 1;
            });
        }
        return l;
    }
}
