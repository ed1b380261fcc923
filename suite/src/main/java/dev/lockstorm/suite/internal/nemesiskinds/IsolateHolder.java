package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Schedule;

import java.util.List;
import java.util.Optional;

/**
 * {@code isolate-holder}: the client that just took the lock cut off from every server past its
 * lease, while it goes on running. A lease-based lock (etcd's, Redis's) lets the lease expire
 * behind its back and grants the lock to another; the holder learns of it only when it next
 * reaches a server or its own keep-alive deadline passes.
 */
public record IsolateHolder() implements NemesisKind {
    @Override
    public boolean cutsClients(dev.lockstorm.api.Topology topology) {
        return true;
    }

    @Override
    public String name() {
        return "isolate-holder";
    }

    @Override
    public String description() {
        return "cut the client that just took the lock off every server, past its lease (it keeps running)";
    }

    @Override
    public boolean choreography() {
        return true;
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Rhythm r = t.rhythm();
        Fault cut = new Fault.Partition("isolate-holder", () -> Grudge.cutOff(holder(t), t.cluster().hosts()));
        return Optional.of(Schedule.random(List.of(cut), r.interval(), r.clientPause(), t.random()).when(t::justAcquired)::run);
    }

    /** The client holding the lock now (the schedule fires only when one does). */
    private static Host holder(Targets t) {
        List<? extends Client> clients = t.clients();
        return clients.stream().filter(Client::holds).map(Client::host).findFirst().orElse(clients.get(0).host());
    }
}
