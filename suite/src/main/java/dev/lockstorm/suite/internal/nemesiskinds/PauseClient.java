package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Schedule;

import java.util.List;
import java.util.Optional;

/** {@code pause-client}: the lock holder frozen past its lease, as a long GC pause freezes it. */
public record PauseClient() implements NemesisKind {
    @Override
    public String name() {
        return "pause-client";
    }

    @Override
    public String description() {
        return "right after a grant, freeze the lock holder (SIGSTOP) past its lease, a long GC pause";
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Rhythm r = t.rhythm();
        // right after a grant, the holder frozen past its lease, or the lease never expires
        return Optional.of(Schedule.random(List.of(fault(t)), r.interval(), r.clientPause(), t.random()).when(t::justAcquired)::run);
    }

    /** The holder frozen: chosen and frozen while the driver's view of holds stands still, or a miss recorded. */
    static Fault fault(Targets t) {
        return new Fault.PauseHolder("pause-client", t.holder());
    }
}
