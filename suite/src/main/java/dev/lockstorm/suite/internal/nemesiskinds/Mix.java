package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@code mix}: partitions, node pauses, the holder paused or killed, kills of servers, and server and client clock faults, at random. */
public record Mix() implements NemesisKind {
    @Override
    public String name() {
        return "mix";
    }

    @Override
    public String description() {
        return "partitions, pauses, kills of servers and of the holder, and server and client clock faults at random";
    }

    @Override
    public boolean movesServerClocks() {
        return true;
    }

    @Override
    public boolean movesClientClocks() {
        return true;
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        List<Fault> partitions = Partition.faults(t);
        List<Fault> faults = new ArrayList<>(partitions.subList(0, Math.min(2, partitions.size())));
        faults.add(PauseNode.fault(t));
        faults.add(PauseClient.fault(t));
        faults.add(Kill.fault(t));
        faults.add(KillClient.fault(t));
        faults.addAll(Clock.serverFaults(t));
        faults.addAll(Clock.clientFaults(t, new Clock.Moved()));
        Rhythm r = t.rhythm();
        // each fault lasts a little shorter or longer than the lease, or than the time a waiter waits for the lock
        return Optional.of(Schedule.random(faults, r.interval(), r.interval(), t.random()).around(List.of(r.lease(), r.lease().plusSeconds(1)))::run);
    }
}
