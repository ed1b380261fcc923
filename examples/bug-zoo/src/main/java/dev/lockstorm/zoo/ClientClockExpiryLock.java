package dev.lockstorm.zoo;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Lease;
import io.lettuce.core.ScriptOutputType;

/**
 * Bug: expiry judged on the client's wall clock. The key holds the holder's deadline by its own
 * clock, with no TTL in Redis; a waiter whose clock says the deadline has passed swaps its own in
 * (atomically: the check-and-set is right, the clock is not). A waiter whose clock runs ahead takes a
 * live holder's lock.
 */
final class ClientClockExpiryLock extends RedisZooLock {
    /** Take the key when it is absent or its deadline (ARGV[2], the caller's now) has passed; set ours (ARGV[1]). */
    private static final String SWAP = "local v = redis.call('get', KEYS[1]) "
            + "if v and tonumber(string.match(v, '^(%d+)')) > tonumber(ARGV[2]) then return 0 end "
            + "redis.call('set', KEYS[1], ARGV[1]) return 1";

    ClientClockExpiryLock(ClientContext context) {
        super(context);
    }

    @Override
    Lease tryOnce() {
        long now = System.currentTimeMillis();
        String value = (now + ttlMillis()) + ":" + me;
        Long ok = redis.eval(SWAP, ScriptOutputType.INTEGER, new String[]{KEY}, value, Long.toString(now));
        return ok != null && ok == 1 ? new Lease(null, value) : null;
    }

    @Override
    public void release(Lease lease) throws Exception {
        Long n = redis.eval(RELEASE, ScriptOutputType.INTEGER, new String[]{KEY}, (String) lease.handle());
        if (n == null || n == 0) throw new dev.lockstorm.api.NotHeldException("the key is gone or another client's");
    }
}
