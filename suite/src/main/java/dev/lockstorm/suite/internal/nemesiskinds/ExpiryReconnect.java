package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.suite.internal.cluster.ServerKind;
import dev.lockstorm.api.LockSystem;
import dev.lockstorm.api.Topology;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * {@code expiry-reconnect}: the waiters' sessions outlived by their own client; see
 * {@link ExpiryReconnectChoreography}.
 */
public record ExpiryReconnect() implements NemesisKind {
    @Override
    public String name() {
        return "expiry-reconnect";
    }

    @Override
    public String description() {
        return "ZooKeeper: right after a grant the waiters are cut off every server (with resets); the leader is frozen before it"
                + " expires their sessions, and the waiters reach the other servers again only after their clients gave the sessions"
                + " up: they come back on new sessions while their old queue nodes still stand";
    }

    @Override
    public Set<Trait> traits() {
        return Set.of(Trait.CHOREOGRAPHY, Trait.CUTS_CLIENTS);
    }

    @Override
    public Optional<String> unfitFor(LockSystem system, int clients) {
        if (!ServerKind.of(system.topology()).can(ServerKind.Capability.SESSIONS)) {
            return Optional.of("--nemesis " + name() + " needs a ZooKeeper system (" + system.name() + " runs on " + system.topology().describe() + ")");
        }
        return clients < 2 ? Optional.of("--nemesis " + name() + " needs a holder and at least one waiter (--clients 2 or more)") : Optional.empty();
    }

    /** A waiter stays in line across the whole cut and its reconnection. */
    @Override
    public boolean drawsAcquireWaits() {
        return false; // its waiters must stay queued
    }

    @Override
    public Duration acquireTimeout(Rhythm rhythm) {
        return rhythm.lease().multipliedBy(3).plusSeconds(1);
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        return Optional.of(new ExpiryReconnectChoreography(t));
    }
}
