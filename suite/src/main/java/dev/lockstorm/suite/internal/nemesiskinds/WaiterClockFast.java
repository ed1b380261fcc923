package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.api.LockSystem;
import dev.lockstorm.nemesis.Action;
import dev.lockstorm.nemesis.ClockRate;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Schedule;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code waiter-clock-fast}: right after a client took the lock, the monotonic clocks of the clients
 * waiting for it run {@value #RATE} times fast for a lease and a half, their timed waits with them
 * (a host whose clock source drifts: the whole process lives in fast time). A lock whose waiter
 * judges the holder's lease on its own clock (Amazon's DynamoDB lock client watches the lock
 * item's version for the lease duration) sees the lease run out early and takes the lock over; a
 * lock whose server keeps time does not care.
 */
public record WaiterClockFast() implements NemesisKind {
    /** How much faster than real time: enough that a waiter's lease runs out between two of the holder's heartbeats. */
    static final int RATE = 5;

    @Override
    public String name() {
        return "waiter-clock-fast";
    }

    @Override
    public String description() {
        return "right after an acquire, the waiting clients' monotonic clocks (and timed waits) run " + RATE + "× fast for 1.5 leases";
    }

    @Override
    public Set<Trait> traits() {
        return Set.of(Trait.CHOREOGRAPHY, Trait.CLIENT_CLOCKS, Trait.MONOTONIC_CLOCKS);
    }

    @Override
    public Optional<String> unfitFor(LockSystem system, int clients) {
        return WaiterClockAhead.needsAWaiter(this, clients);
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Rhythm r = t.rhythm();
        Fault fast = t.fault("waiter-clock-fast", () -> waiters(t));
        Duration length = r.lease().plus(r.lease().dividedBy(2));
        return Optional.of(Schedule.random(List.of(fast), r.interval(), length, t.random()).when(t::justAcquired)::run);
    }

    /** The clocks of the clients that do not hold the lock now (the schedule fires while one does). */
    private static List<Action> waiters(Targets t) {
        List<Action> fast = t.waiting().stream().filter(c -> c.clock() != null).map(c -> (Action) new ClockRate(c.host().name(), RATE, true)).toList();
        if (fast.isEmpty()) throw new Fault.Missed("no clock to move");
        return fast;
    }
}
