package dev.lockstorm.locks;

import dev.lockstorm.api.LeaseModel;
import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.LockOption;
import dev.lockstorm.api.LockSystem;
import dev.lockstorm.api.Topology;

import java.util.List;
import java.util.function.Function;

/**
 * A lock system lockstorm ships, described by its fields. Each built-in is a small subclass with a
 * public no-argument constructor, listed in {@code META-INF/services/dev.lockstorm.api.LockSystem}
 * like a user's plug-in (see {@code dev.lockstorm.locks.zookeeper.ZooKeeperSystems}).
 */
public abstract class BuiltInSystem implements LockSystem {
    private final String name;
    private final String description;
    private final Topology topology;
    private final boolean fencingToken;
    private final List<LockOption> options;
    private final Function<ClientContext, LockClient> client;

    protected BuiltInSystem(String name, String description, Topology topology, boolean fencingToken, List<LockOption> options,
                            Function<ClientContext, LockClient> client) {
        this.name = name;
        this.description = description;
        this.topology = topology;
        this.fencingToken = fencingToken;
        this.options = List.copyOf(options);
        this.client = client;
    }

    protected BuiltInSystem(String name, String description, Topology topology, boolean fencingToken,
                            Function<ClientContext, LockClient> client) {
        this(name, description, topology, fencingToken, List.of(), client);
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final Topology topology() {
        return topology;
    }

    @Override
    public final boolean fencingToken() {
        return fencingToken;
    }

    @Override
    public final List<LockOption> options() {
        return options;
    }

    /** Every built-in declares how its lease lives: the checker's judgement of its incidents stands on it. */
    @Override
    public abstract LeaseModel leaseModel(ClientContext context);

    @Override
    public final LockClient newClient(ClientContext context) {
        return client.apply(context);
    }

    /** A true/false option, declared with {@link #flag(String, String, String)}; anything else is refused with the option's name. */
    protected static boolean flag(ClientContext c, LockOption option) {
        return option.valueIn(c).equals("true");
    }

    /** A true/false option with its default. */
    public static LockOption flag(String name, String description, String defaultValue) {
        return LockOption.choice(name, description, defaultValue, "true", "false");
    }
}
