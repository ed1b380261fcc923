package dev.lockstorm.zoo;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Lease;

/** A zoo lock that renews its lease with a {@link Watchdog}: its holder believes it holds while the renewals keep up. */
abstract class WatchedZooLock extends RedisZooLock {
    protected final Watchdog watchdog;

    WatchedZooLock(ClientContext context) {
        super(context);
        watchdog = new Watchdog(context.lease());
    }

    @Override
    public void release(Lease lease) throws Exception {
        watchdog.stop();
        super.release(lease);
    }

    @Override
    public boolean stillHeld(Lease lease) {
        return watchdog.valid() && connection.isOpen();
    }

    @Override
    public void close() {
        watchdog.close();
        super.close();
    }
}
