package dev.lockstorm.locks.store;

import dev.lockstorm.api.ProtectedResource;
import dev.lockstorm.api.ResourceContext;
import dev.lockstorm.api.ResourceType;

/**
 * {@code counter-service}: the {@link CounterResource counter} as a service of its own on the lab's
 * host r1, which the clients reach over the network; it keeps its value and bar in a file there
 * ({@link ResourceContext#dir()}), so that it comes back from a crash ({@code restart-resource}) with both.
 */
public final class CounterService implements ResourceType {
    public static final String NAME = "counter-service";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "the counter as a service of its own on host r1, reached by the clients over the network, its value and bar kept in a file"
                + " there; rejects stale tokens as --fencing says";
    }

    @Override
    public ProtectedResource open(ResourceContext context) {
        return new FencedStore(context.fencing(), context.dir().resolve("counter"));
    }

    @Override
    public Where where() {
        return Where.SERVICE;
    }
}
