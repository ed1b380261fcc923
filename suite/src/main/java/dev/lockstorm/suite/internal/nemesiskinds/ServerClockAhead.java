package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.api.LockSystem;
import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.nemesis.ClockJump;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Schedule;
import dev.lockstorm.suite.internal.cluster.Cluster;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code server-clock-ahead}: right after a client took the lock, a server's clock jumps a minute
 * ahead (an NTP step on the server's host), until the fault's end. A lock whose expiry the server
 * judges by its realtime clock (a lock table on the database's clock) sees the holder's fresh grant
 * as a minute old, and the next waiter takes it over.
 */
public record ServerClockAhead() implements NemesisKind {
    private static final Duration AHEAD = Duration.ofSeconds(60);

    @Override
    public String name() {
        return "server-clock-ahead";
    }

    @Override
    public String description() {
        return "right after an acquire, a server's clock jumps 60 s ahead (Redis masters, databases)";
    }

    @Override
    public Set<Trait> traits() {
        return Set.of(Trait.CHOREOGRAPHY, Trait.SERVER_CLOCKS);
    }

    @Override
    public Optional<String> unfitFor(LockSystem system, int clients) {
        return Cluster.hasServerClocks(system.topology()) ? Optional.empty()
                : Optional.of(name() + " moves server clocks (Redis masters, databases); " + system.name() + " runs on " + system.topology().describe());
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Rhythm r = t.rhythm();
        Fault jump = t.fault("server-clock-ahead", () -> List.of(new ClockJump(server(t), AHEAD.toMillis())));
        return Optional.of(Schedule.random(List.of(jump), r.interval(), r.interval(), t.random()).when(t::justAcquired)::run);
    }

    /** A server whose clock the run moves, chosen at random. */
    private static String server(Targets t) {
        List<String> moved = t.servers().nodes().stream().filter((ProcessNode n) -> t.servers().clock(n).isPresent()).map(n -> n.host().name()).toList();
        return moved.get(t.random().nextInt(moved.size()));
    }
}
