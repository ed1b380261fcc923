package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code mix}: partitions, node pauses, the holder paused or killed, kills of servers, server and
 * client clock faults, and the holder's links failing as {@code flaky-net} fails them, at random.
 * Where one client's links cannot be cut alone — the clients on the control node (SSH hosts without
 * client hosts), whose links carry the run, or clients sharing a client host — the run leaves those
 * faults out and its history says so (a {@code missed} event).
 */
public record Mix() implements NemesisKind {
    @Override
    public String name() {
        return "mix";
    }

    @Override
    public String description() {
        return "partitions, pauses, kills of servers and of the holder, server and client clock faults, and the holder's links"
                + " black-holed, reset, one way, lossy or slow, at random";
    }

    @Override
    public Set<Trait> traits() {
        return Set.of(Trait.SERVER_CLOCKS, Trait.CLIENT_CLOCKS);
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
        if (t.clientLinksCut()) faults.addAll(FlakyNet.faults(t));
        Rhythm r = t.rhythm();
        // each fault lasts a little shorter or longer than the lease, or than the time a waiter waits for the lock
        Schedule schedule = Schedule.random(faults, r.interval(), r.interval(), t.random()).around(List.of(r.lease(), r.lease().plusSeconds(1)));
        if (t.clientLinksCut()) return Optional.of(schedule::run);
        return Optional.of((nemesis, total) -> {
            nemesis.missed("mix: the holder's links are left alone: the clients do not each have a host of their own (on this machine,"
                    + " cutting them would cut the run's own connections; on a shared client host, the other clients' too): --client-hosts"
                    + " names a host for each");
            return schedule.run(nemesis, total);
        });
    }
}
