package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Schedule;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code split-brain}: right after a grant, the network splits in two with clients on both sides: a
 * minority of one server with the holder's client, and a majority of the other servers with the
 * other clients, for six leases: long enough for each side to take the other for dead and go on
 * alone (a Hazelcast minority grants again 10 to 19 s into a split, measured), every split as long. A lock
 * that keeps consensus goes on only on the majority (the holder, cut off it, loses its lease there);
 * one that does not (Hazelcast's CP Subsystem off, "unsafe mode") may go on on both, and must merge
 * two histories of the lock when the split heals.
 */
public record SplitBrain() implements NemesisKind {
    @Override
    public String name() {
        return "split-brain";
    }

    @Override
    public String description() {
        return "right after a grant, split a minority (one server, the holder's client) from a majority (the rest) for 6 leases";
    }

    @Override
    public Set<Trait> traits() {
        return Set.of(Trait.CHOREOGRAPHY, Trait.CUTS_CLIENTS);
    }

    @Override
    public Optional<String> unfitFor(dev.lockstorm.api.LockSystem system, int clients) {
        if (system.topology().nodes() < 3) return Optional.of("split-brain splits the servers into a minority and a majority: 3 servers or more");
        return clients < 2 ? Optional.of("split-brain puts clients on both sides: at least 2 clients") : Optional.empty();
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Rhythm r = t.rhythm();
        Fault split = t.cut("split-brain", () -> {
            List<Host> servers = t.servers().hosts();
            Host lone = servers.get(t.random().nextInt(servers.size()));
            return Grudge.apart(List.of(lone, IsolateHolder.holderOrFirst(t)), IsolateNode.everyHost(t));
        });
        // a fixed length: a drawn one (half to one and a half times the mean) ended some splits before the minority went on
        return Optional.of(Schedule.sequence(List.of(split), r.interval(), r.lease().multipliedBy(6)).when(t::justAcquired)::run);
    }
}
