package dev.lockstorm.suite.internal.nemesis;

import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Schedule;

import java.util.ArrayList;
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
        return "freeze the lock holder (SIGSTOP) past its lease, a long GC pause";
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Rhythm r = t.rhythm();
        // frozen past its lease, or the lease never expires
        return Optional.of(Schedule.random(List.of(fault(t)), r.interval(), r.clientPause(), t.random())::run);
    }

    static Fault fault(Targets t) {
        return new Fault.Pause("pause-client", () -> List.of(target(t)));
    }

    /** The client holding the lock now (a GC pause hurts most there), else any client. */
    private static HostProcess target(Targets t) {
        List<Client> holding = new ArrayList<>();
        List<Client> running = new ArrayList<>();
        for (Client c : t.clients()) {
            if (c.worker() == null) continue;
            running.add(c);
            if (c.holds()) holding.add(c);
        }
        List<Client> pool = holding.isEmpty() ? running : holding;
        return pool.get(t.random().nextInt(pool.size())).worker();
    }
}
