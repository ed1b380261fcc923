package dev.lockstorm.zoo;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Lease;
import io.lettuce.core.SetArgs;

/** Bug: check, then act. GET says the key is free, then a plain SET takes it: two waiters that looked at once both take it. */
final class CheckThenSetLock extends RedisZooLock {
    /** Its checkpoint between the GET and the SET ({@code --nemesis pause-at:after-get}). */
    static final String AFTER_GET = "after-get";

    CheckThenSetLock(ClientContext context) {
        super(context);
    }

    @Override
    Lease tryOnce() {
        if (redis.get(KEY) != null) return null;
        context.checkpoint(AFTER_GET);
        redis.set(KEY, me, SetArgs.Builder.px(ttlMillis()));
        return new Lease(null, me);
    }
}
