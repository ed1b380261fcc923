package dev.lockstorm.zoo;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Lease;

/** A control: SET NX PX with an INCR token in one script, compare-and-delete, belief by its own clock. No defect to find. */
final class CorrectLock extends RedisZooLock {
    CorrectLock(ClientContext context) {
        super(context);
    }

    @Override
    Lease tryOnce() {
        return setNx();
    }
}
