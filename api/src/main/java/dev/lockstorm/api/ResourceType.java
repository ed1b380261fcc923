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

    /**
     * The team's own storage service, when this type's resource is a client of it: a program lockstorm starts on the
     * resource's host r1 ({@link Where#SERVICE} only) before it opens the resource there, waits for until it accepts
     * connections on its port (on every address of the host), and stops after the run. The resource this type opens on
     * r1 calls it at {@code 127.0.0.1:PORT} as the team's own clients would; {@code pause-resource} freezes the program,
     * and {@code restart-resource} kills it and starts it again, so that what it keeps across a crash is what is tested.
     * It gets the run's settings in its environment: {@code LOCKSTORM_FENCING} ({@code none}, {@code writes} or
     * {@code all}), {@code LOCKSTORM_DIR} (a directory of its own, empty at the run's start and kept across a restart),
     * {@code LOCKSTORM_STORAGE} (the connect string of {@link #servers()}, empty for none) and {@code LOCKSTORM_PORT}.
     * Empty (the default) for a resource that is its own service.
     *
     * <pre>{@code
     * public Optional<Program> program() { return Optional.of(Program.command(8080, "/opt/acme/ledger-server", "--port", "8080")); }
     * public Optional<Program> program() { return Optional.of(Program.mainClass(8080, "com.acme.ledger.Server")); }  // on your class path
     * }</pre>
     */
    default java.util.Optional<Program> program() {
        return java.util.Optional.empty();
    }

    /**
     * A program of the team's own that serves on {@code port}: a command run as it is on the host ({@code command}), or a
     * main class run by a Java on the host, on the run's class path with the user's entries ({@code mainClass} with
     * {@code args}).
     */
    record Program(int port, java.util.List<String> command, String mainClass, java.util.List<String> args) {
        public Program {
            if (port < 1 || port > 65535) throw new IllegalArgumentException("a program's port is 1 to 65535, not " + port);
            command = java.util.List.copyOf(command);
            args = java.util.List.copyOf(args);
            if (command.isEmpty() == (mainClass == null)) throw new IllegalArgumentException("a program is a command or a main class, one of them");
        }

        /** A command, run as it is on the resource's host. */
        public static Program command(int port, String... command) {
            return new Program(port, java.util.List.of(command), null, java.util.List.of());
        }

        /** A main class of the user's class path, run by a Java on the resource's host with {@code args}. */
        public static Program mainClass(int port, String mainClass, String... args) {
            return new Program(port, java.util.List.of(), java.util.Objects.requireNonNull(mainClass, "mainClass"), java.util.List.of(args));
        }
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
