package dev.lockstorm.zoo;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Lease;

/**
 * Bug: the release deletes the key without asking whose it is. A holder that outlived its TTL deletes
 * the next holder's key, and a third client takes the lock while the second holds it.
 */
final class BlindReleaseLock extends RedisZooLock {
    BlindReleaseLock(ClientContext context) {
        super(context);
    }

    @Override
    Lease tryOnce() {
        return setNxNoToken();
    }

    @Override
    public void release(Lease lease) {
        redis.del(KEY);
    }
}
