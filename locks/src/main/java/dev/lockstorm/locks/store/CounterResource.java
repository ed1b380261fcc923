package dev.lockstorm.locks.store;

import dev.lockstorm.api.ProtectedResource;
import dev.lockstorm.api.ResourceContext;
import dev.lockstorm.api.ResourceType;

/** {@code counter}: the default protected resource, a {@link FencedStore} checking tokens as {@code --fencing} says. */
public final class CounterResource implements ResourceType {
    public static final String NAME = "counter";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "a counter in the driver; rejects stale tokens on writes (--fencing writes) or reads and writes (all)";
    }

    @Override
    public ProtectedResource open(ResourceContext context) {
        return new FencedStore(context.fencing());
    }
}
