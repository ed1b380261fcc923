package dev.lockstorm.zoo;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Lease;

/**
 * Bug: the fencing token is the client's own wall-clock time, not a number the lock service hands
 * out: two clients' clocks disagree (or one jumps), and tokens go backwards against the grants.
 */
final class LocalTokenLock extends RedisZooLock {
    LocalTokenLock(ClientContext context) {
        super(context);
    }

    @Override
    Lease tryOnce() {
        Lease l = setNxNoToken();
        return l == null ? null : new Lease(System.currentTimeMillis(), me);
    }
}
