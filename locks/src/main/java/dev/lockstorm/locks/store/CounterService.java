package dev.lockstorm.locks.store;

import dev.lockstorm.api.ProtectedResource;
import dev.lockstorm.api.ResourceContext;
import dev.lockstorm.api.ResourceType;

/**
 * {@code counter-service}: the {@link CounterResource counter} as a service of its own on the lab's
 * host r1, which the clients reach over the network; its bar lives in the service's memory.
 */
public final class CounterService implements ResourceType {
    public static final String NAME = "counter-service";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "the counter as a service of its own on host r1, reached by the clients over the network; rejects stale tokens as --fencing says";
    }

    @Override
    public ProtectedResource open(ResourceContext context) {
        return new FencedStore(context.fencing());
    }

    @Override
    public Where where() {
        return Where.SERVICE;
    }
}
