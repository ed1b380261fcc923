package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.api.LockSystem;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Schedule;

import java.util.List;
import java.util.Optional;

/**
 * {@code replies-lost}: while no client holds the lock, one client hears nothing from the servers
 * for two leases while they still hear it: its requests arrive and are applied, their replies are
 * lost. Its next attempt takes the free lock on the server, and its client, never told, gives up on
 * a grant it got: an acquire whose outcome is unknown, and a lock held for no one until its lease
 * runs out. (Aimed at a free lock: a request that meets a held one takes nothing.)
 */
public record RepliesLost() implements NemesisKind {
    @Override
    public String name() {
        return "replies-lost";
    }

    @Override
    public String description() {
        return "while the lock is free, a client's replies from every server lost for two leases (its requests arrive and are applied)";
    }

    @Override
    public boolean choreography() {
        return true;
    }

    @Override
    public boolean cutsClients(dev.lockstorm.api.Topology topology) {
        return true;
    }

    @Override
    public Optional<String> unfitFor(LockSystem system, int clients) {
        return WaiterClockAhead.needsAWaiter(this, clients);
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Rhythm r = t.rhythm();
        Fault cut = new Fault.Partition("replies-lost", () -> {
            List<? extends Client> all = t.clients();
            return Grudge.repliesLost(all.get(t.random().nextInt(all.size())).host(), t.cluster().hosts());
        });
        return Optional.of(Schedule.sequence(List.of(cut), r.interval(), r.lease().multipliedBy(2))
                .when(() -> t.clients().stream().noneMatch(Client::holds))::run);
    }
}
