package dev.lockstorm.zoo;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Lease;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.SetArgs;

/**
 * Bug: a retry that is not idempotent. When SET NX times out, the client cannot know whether it took
 * the key, and "fixes" that by setting it again without NX: when the server comes back, every client
 * whose SET timed out overwrites the key and believes it holds the lock.
 */
final class RetryStealsLock extends RedisZooLock {
    RetryStealsLock(ClientContext context) {
        super(context);
    }

    @Override
    Lease tryOnce() throws Exception {
        try {
            return setNxNoToken();
        } catch (RedisCommandTimeoutException e) {
            // "it probably went through": make sure it is ours
            for (int i = 0; i < 50; i++) {
                try {
                    redis.set(KEY, me, SetArgs.Builder.px(ttlMillis()));
                    return new Lease(null, me);
                } catch (RedisCommandTimeoutException again) {
                    Thread.sleep(100);
                }
            }
            throw e;
        }
    }
}
