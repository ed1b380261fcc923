package dev.lockstorm.zoo;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Lease;

/** Bug: the holder never learns it lost the lock: it believes it holds until it releases, whatever its TTL did. */
final class NeverLearnsLock extends RedisZooLock {
    NeverLearnsLock(ClientContext context) {
        super(context);
    }

    @Override
    Lease tryOnce() {
        return setNxNoToken();
    }

    @Override
    public boolean stillHeld(Lease lease) {
        return true;
    }
}
