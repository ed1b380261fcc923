package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.nemesis.ClientProcess;
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
        return new Fault.Pause("pause-client", () -> holderOrAny(t).map(c -> List.of(c.worker())).orElse(List.of()));
    }

    /**
     * A client holding the lock now (a GC pause or a crash hurts most there), else any client, with
     * the worker it had then; empty while every worker is being replaced.
     */
    static Optional<ClientProcess> holderOrAny(Targets t) {
        List<ClientProcess> holding = new ArrayList<>();
        List<ClientProcess> running = new ArrayList<>();
        for (Client c : t.clients()) {
            HostProcess w = c.worker(); // read once: a slot replacing its worker sets it to null
            if (w == null) continue;
            ClientProcess r = new ClientProcess(w, c.process());
            running.add(r);
            if (c.holds()) holding.add(r);
        }
        List<ClientProcess> pool = holding.isEmpty() ? running : holding;
        return pool.isEmpty() ? Optional.empty() : Optional.of(pool.get(t.random().nextInt(pool.size())));
    }
}
