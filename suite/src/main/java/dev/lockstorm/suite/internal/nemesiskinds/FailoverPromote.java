package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.suite.internal.cluster.ServerKind;
import dev.lockstorm.api.LockSystem;
import dev.lockstorm.suite.internal.cluster.Servers;

import java.util.Optional;
import java.util.Set;

/**
 * {@code failover-promote}: a PostgreSQL failover while a lock is held; see
 * {@link PromoteChoreography}.
 */
public record FailoverPromote() implements NemesisKind {
    @Override
    public String name() {
        return "failover-promote";
    }

    @Override
    public String description() {
        return "PostgreSQL: right after a grant the replica is cut off the primary; after the next grant the primary is killed and the replica promoted";
    }

    @Override
    public Set<Trait> traits() {
        return Set.of(Trait.CHOREOGRAPHY);
    }

    @Override
    public Optional<String> unfitFor(LockSystem system, int clients) {
        return ServerKind.of(system.topology()).can(ServerKind.Capability.PROMOTION) ? Optional.empty()
                : Optional.of("--nemesis " + name() + " needs a PostgreSQL primary with a replica (" + system.name() + " runs on "
                + system.topology().describe() + ")");
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        return Optional.of(new PromoteChoreography(t.servers().as(Servers.Promoting.class), t::justAcquired, t.rhythm().lease()));
    }
}
