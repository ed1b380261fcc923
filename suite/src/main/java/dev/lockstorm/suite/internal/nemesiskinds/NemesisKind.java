package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.api.LockSystem;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Nemesis;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A kind of nemesis a run can have ({@code --nemesis}): what it does to the run's servers and
 * clients, and what it needs set up for that before the clients start. The user's kinds are
 * Jepsen's (partitions, pauses, kills, clocks, a mix); the choreographies are the named scenarios'
 * fixed recipes. {@link NemesisKinds} lists them all: a kind is a value registered there, so adding one is its file and
 * its line (nothing switches over the kinds, so the interface is open rather than sealed).
 */
public interface NemesisKind {

    /** What {@code --nemesis} takes. */
    String name();

    /** One line for help texts and listings. */
    String description();

    /** What a kind is and needs of a run, fixed for the kind: read when a spec is built, before any lab starts. */
    enum Trait {
        /** A named scenario's fixed recipe: accepted by {@code --nemesis}, but not one of the matrix's columns. */
        CHOREOGRAPHY,
        /** Server processes run under the clock shim. */
        SERVER_CLOCKS,
        /** Client processes run under the clock shim. */
        CLIENT_CLOCKS,
        /** Client processes' monotonic clocks are made to run fast or slow (only where the control file is this machine's). */
        MONOTONIC_CLOCKS,
        /** It cuts links between clients and servers: the clients' hosts must be hosts of their own. */
        CUTS_CLIENTS,
        /** It delays links between clients and servers: the clients connect through delay proxies, set up before they open (a redirect catches new connections only). */
        DELAYS_CLIENTS,
        /** It acts on the protected resource's service, and so needs a resource kept as one. */
        RESOURCE_SERVICE
    }

    /** Its traits. A kind whose needs depend on more (a replay's on its steps) answers the questions below itself. */
    default Set<Trait> traits() {
        return Set.of();
    }

    default boolean choreography() {
        return traits().contains(Trait.CHOREOGRAPHY);
    }

    default boolean movesServerClocks() {
        return traits().contains(Trait.SERVER_CLOCKS);
    }

    default boolean movesClientClocks() {
        return traits().contains(Trait.CLIENT_CLOCKS);
    }

    default boolean movesMonotonicClocks() {
        return traits().contains(Trait.MONOTONIC_CLOCKS);
    }

    /** Whether it cuts links between clients and servers on {@code topology} (one server's partition cuts the clients off it). */
    default boolean cutsClients(dev.lockstorm.api.Topology topology) {
        return traits().contains(Trait.CUTS_CLIENTS);
    }

    default boolean delaysClients() {
        return traits().contains(Trait.DELAYS_CLIENTS);
    }

    default boolean needsResourceService() {
        return traits().contains(Trait.RESOURCE_SERVICE);
    }

    /** Why this kind cannot act on {@code system} with {@code clients} clients, or empty when it can. */
    default Optional<String> unfitFor(LockSystem system, int clients) {
        return Optional.empty();
    }

    /**
     * Environment of client {@code index}'s worker processes (a pause point to arm, a renewal switch
     * to watch), whose files live in the run's directory on the client hosts, {@code clientDir}.
     */
    default Map<String, String> clientEnv(int index, Rhythm rhythm, Path clientDir) {
        return Map.of();
    }

    /** Whether the run may draw shorter acquire waits (waiters that give up); not for a kind that keeps waiters queued. */
    default boolean drawsAcquireWaits() {
        return true;
    }

    /** How long a client's acquire waits for the lock: a second past the lease by default. */
    default Duration acquireTimeout(Rhythm rhythm) {
        return rhythm.lease().plusSeconds(1);
    }

    /**
     * How much longer than usual a client's call may take under this kind's faults, so that the run's
     * call timeouts wait it out: an answer held up on purpose must come back as an answer, not as an
     * unknown outcome, or the run cannot show what it was (a stale write refused, say).
     */
    default Duration longerCalls(Rhythm rhythm) {
        return Duration.ZERO;
    }

    /** A partition in place from before the clients start until the final heal. */
    default Optional<Grudge> standing(Targets targets) {
        return Optional.empty();
    }

    /**
     * Prepares the run for this kind before the clients start cycling: by default the standing
     * partition, if the kind has one. A kind that needs more (pause points armed on the client
     * hosts) does it here, and undoes it in {@link #tearDown}.
     */
    default void setUp(Targets targets, Nemesis nemesis) {
        standing(targets).ifPresent(nemesis::partition);
    }

    /**
     * Undoes what {@link #setUp} prepared that the final heal does not, when the main phase ends
     * (before the final heal), so that nothing acts after the nemesis has stopped.
     */
    default void tearDown(Targets targets) {
    }

    /** What the nemesis does while the clients run; empty for nothing. */
    Optional<NemesisPlan> plan(Targets targets);
}
