package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Schedule;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code isolate-node}: right after a grant, one server (at random) cut off from the other servers
 * and from every client for one and a half leases: a minority. A replicated lock must stay safe
 * and, on the majority, available; a member that kept serving its old view would grant beside it.
 */
public record IsolateNode() implements NemesisKind {
    @Override
    public String name() {
        return "isolate-node";
    }

    @Override
    public String description() {
        return "cut one server off the other servers and every client for 1.5 leases, right after a grant: a minority";
    }

    @Override
    public Set<Trait> traits() {
        return Set.of(Trait.CHOREOGRAPHY, Trait.CUTS_CLIENTS);
    }

    @Override
    public Optional<String> unfitFor(dev.lockstorm.api.LockSystem system, int clients) {
        return system.topology().nodes() < 3 ? Optional.of("isolate-node cuts a minority off, which needs 3 servers or more") : Optional.empty();
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Rhythm r = t.rhythm();
        Fault cut = t.cut("isolate-node", () -> {
            List<Host> servers = t.servers().hosts();
            Host node = servers.get(t.random().nextInt(servers.size()));
            return Grudge.isolate(node, everyHost(t));
        });
        Duration length = r.lease().plus(r.lease().dividedBy(2));
        return Optional.of(Schedule.random(List.of(cut), r.interval(), length, t.random()).when(t::justAcquired)::run);
    }

    /** The servers, then the clients' hosts. */
    static List<Host> everyHost(Targets t) {
        List<Host> all = new ArrayList<>(t.servers().hosts());
        t.clients().forEach(c -> all.add(c.host()));
        return all;
    }
}
