package dev.lockstorm.api;

/**
 * A kind of protected resource a run can use ({@code --resource NAME}), found with
 * {@link java.util.ServiceLoader} like {@link LockSystem}: list the class in
 * {@code META-INF/services/dev.lockstorm.api.ResourceType}. lockstorm's own is {@code counter}, an
 * in-memory counter that checks tokens as {@code --fencing} says, and {@code counter-service}, the same
 * counter as a service of its own.
 *
 * <pre>{@code
 * public final class AcmeLedgerType implements ResourceType {
 *     public String name() { return "acme-ledger"; }
 *     public String description() { return "Acme's ledger: rejects reads and writes with a token older than the newest seen"; }
 *     public ProtectedResource open(ResourceContext context) { return new AcmeLedger(context.fencing()); }
 * }
 * }</pre>
 */
public interface ResourceType {

    /** The name runs select it by: lower-case words joined by dashes, unique among all resources. */
    String name();

    /** One line for listings. */
    String description();

    /** A fresh resource for one run. */
    ProtectedResource open(ResourceContext context) throws Exception;

    /**
     * The checkpoints its resources mark in their own code ({@link ResourceContext#checkpoint}), such
     * as between a token check and a write: {@code hunt --resource} with {@code --fencing} freezes a
     * caller at each of them ({@code pause-at:NAME}) before its other nemeses. None by default.
     */
    default java.util.List<String> checkpoints() {
        return java.util.List.of();
    }

    /**
     * Where a run keeps this type's resource: in the driver, every client's call a method call
     * ({@link Where#DRIVER}, the default, for a quick start), or as a service of its own
     * ({@link Where#SERVICE}).
     */
    default Where where() {
        return Where.DRIVER;
    }

    /**
     * The servers this type's resources keep their data in, when they have their own: lockstorm starts them for each run
     * beside the lock's, on hosts of their own (d1 …, wherever the run's hosts are: namespaces, containers, SSH hosts
     * after the lock's in {@code --hosts}), and hands their connect string to {@link ResourceContext#storage()}. A
     * PostgreSQL for a conditional {@code UPDATE}, a Redis for a Lua script, whatever the lock is. Empty (the default)
     * for a resource that keeps its data itself, in memory or in files under {@link ResourceContext#dir()}.
     *
     * <pre>{@code
     * public Optional<Topology> servers() { return Optional.of(Topology.POSTGRESQL); }
     * }</pre>
     */
    default java.util.Optional<Topology> servers() {
        return java.util.Optional.empty();
    }

    /** Where a run keeps a resource. */
    enum Where {
        /** In the driver's JVM: a call reaches it without a network, and a checkpoint freezes the calling client's process. */
        DRIVER,
        /**
         * In a JVM of its own on the lab's host {@code r1} (on every backend), opened there with this
         * type and reached by each client's process over the network: the nemesis can delay a stale
         * write on its way to it ({@code --nemesis delay-to-resource}). A call that reaches a checkpoint
         * the run aims at waits there while its client is frozen (or killed) at that point, as a client
         * whose check and write are two round trips to the service would be, and other calls are served.
         */
        SERVICE
    }
}
