package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.suite.internal.cluster.ServerKind;
import dev.lockstorm.api.LockSystem;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.suite.internal.cluster.Servers;

import java.util.Optional;
import java.util.Set;

/**
 * {@code failover-cut} and {@code failover-lagging}: Sentinel failover while a lock is held, the
 * replicas cut off the master beforehand (both, or with {@code lagging} one while the other is
 * frozen at the failover); see {@link FailoverChoreography}.
 */
public record Failover(boolean lagging) implements NemesisKind {
    @Override
    public String name() {
        return lagging ? "failover-lagging" : "failover-cut";
    }

    @Override
    public String description() {
        return lagging ? "one replica cut off the master, the master killed while a lock is held, the up-to-date replica frozen at failover"
                : "both replicas cut off the master, the master killed while a lock is held, a replica promoted";
    }

    @Override
    public Set<Trait> traits() {
        return Set.of(Trait.CHOREOGRAPHY);
    }

    @Override
    public Optional<String> unfitFor(LockSystem system, int clients) {
        return ServerKind.of(system.topology()).can(ServerKind.Capability.SENTINEL_FAILOVER) ? Optional.empty()
                : Optional.of("--nemesis " + name() + " needs a Sentinel system (" + system.name() + " runs on " + system.topology().describe() + ")");
    }

    @Override
    public Optional<Grudge> standing(Targets t) {
        return Optional.of(FailoverChoreography.cut(sentinel(t), lagging));
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        return Optional.of(new FailoverChoreography(sentinel(t), lagging, t::justAcquired, t.rhythm().lease()));
    }

    private static Servers.FailingOver sentinel(Targets t) {
        return t.servers().as(Servers.FailingOver.class);
    }
}
