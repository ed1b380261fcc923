package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Schedule;

import java.util.List;
import java.util.Optional;

/**
 * {@code pause-client}: the lock holder frozen, as a long GC pause freezes it. As a generic nemesis
 * each freeze lasts around the lease or twice it (0.8, 0.95, 1.05, 1.25 or 2 times): a little
 * shorter (a renewal at the edge of the lease), a little longer (the holder wakes as the lease has
 * just run out) or well past. A named scenario's freezes are all past the lease
 * ({@link #pastTheLease()}): its claim is what happens then.
 *
 * @param pastLeaseOnly every freeze past the lease (a scenario's), rather than drawn around it
 */
public record PauseClient(boolean pastLeaseOnly) implements NemesisKind {
    /** The generic nemesis: freezes drawn around the lease. */
    public PauseClient() {
        this(false);
    }

    /** A scenario's: every freeze past the lease, so that the lease expires. */
    public static PauseClient pastTheLease() {
        return new PauseClient(true);
    }

    /** {@code pause-client}, or {@code pause-client-past-lease} for a scenario's: a kind's name is its identity, which spec.json records. */
    @Override
    public String name() {
        return pastLeaseOnly ? "pause-client-past-lease" : "pause-client";
    }

    @Override
    public String description() {
        return pastLeaseOnly ? "right after a grant, freeze the lock holder (SIGSTOP) past its lease, a long GC pause"
                : "right after a grant, freeze the lock holder (SIGSTOP) for a little less or more than its lease, or well past it: a long GC pause";
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Rhythm r = t.rhythm();
        // right after a grant, the holder frozen: past its lease, or around it
        Schedule s = Schedule.random(List.of(fault(t)), r.interval(), r.clientPause(), t.random()).when(t::justAcquired);
        if (!pastLeaseOnly) s = s.around(List.of(r.lease(), r.lease().multipliedBy(2)));
        return Optional.of(s::run);
    }

    /** The holder frozen: chosen and frozen while the driver's view of holds stands still, or a miss recorded. */
    static Fault fault(Targets t) {
        return new Fault.PauseHolder("pause-client", t.holder());
    }
}
