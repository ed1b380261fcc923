package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.api.LockSystem;
import dev.lockstorm.nemesis.ClockJump;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Schedule;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code waiter-clock-ahead}: right after a client took the lock, the clock of a client that is
 * waiting for it jumps a minute ahead, until the fault's end. A lock whose expiry each client
 * judges by its own clock (a lock table with client timestamps, ShedLock or JdbcLockRegistry
 * without the database's time) sees the holder's fresh grant as a minute old and takes it over; a
 * lock judged by the server's clock does not care.
 */
public record WaiterClockAhead() implements NemesisKind {
    private static final Duration AHEAD = Duration.ofSeconds(60);

    @Override
    public String name() {
        return "waiter-clock-ahead";
    }

    @Override
    public String description() {
        return "right after an acquire, a waiting client's clock jumps 60 s ahead";
    }

    @Override
    public Set<Trait> traits() {
        return Set.of(Trait.CHOREOGRAPHY, Trait.CLIENT_CLOCKS);
    }

    @Override
    public Optional<String> unfitFor(LockSystem system, int clients) {
        return needsAWaiter(this, clients);
    }

    /** A kind that moves a waiting client's clock while another holds needs two clients. */
    static Optional<String> needsAWaiter(NemesisKind kind, int clients) {
        return clients < 2 ? Optional.of(kind.name() + " needs a holder and a waiter: at least 2 clients") : Optional.empty();
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Rhythm r = t.rhythm();
        Fault jump = t.fault("waiter-clock-ahead", () -> List.of(new ClockJump(waiter(t), AHEAD.toMillis())));
        return Optional.of(Schedule.random(List.of(jump), r.interval(), r.interval(), t.random()).when(t::justAcquired)::run);
    }

    /** A client that does not hold the lock now (the schedule fires while one does), chosen at random. */
    private static String waiter(Targets t) {
        List<? extends Client> waiting = t.waiting().stream().filter(c -> c.clock() != null).toList();
        if (waiting.isEmpty()) waiting = t.clients().stream().filter(c -> c.clock() != null).toList();
        return waiting.get(t.random().nextInt(waiting.size())).host().name();
    }
}
