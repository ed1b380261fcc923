package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.api.LockSystem;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.nemesis.Delay;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Schedule;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code delay-last-server}: right after a grant, a waiting client's link to the last server alone
 * is delayed by 0.6 of the lease each way (± 0.05), for six leases. A lock that asks its servers in
 * turn (Redlock asks every master, the last one last) gets its first answers at once and the last
 * one more than a lease later: by then the keys the first answers stand for have expired, and
 * another client may have taken them. Redlock's elapsed-time check refuses such a grant; a client
 * that counts the lease from the last reply does not.
 */
public record DelayLastServer() implements NemesisKind {
    /** Each way, as a share of the lease: a round trip takes longer than the lease. */
    static final double OF_LEASE = 0.6;

    @Override
    public String name() {
        return "delay-last-server";
    }

    @Override
    public String description() {
        return "right after an acquire, a waiting client's link to the last server delayed by 0.6 of the lease each way, for six"
                + " leases (the clients connect through delay proxies)";
    }

    @Override
    public Set<Trait> traits() {
        return Set.of(Trait.CHOREOGRAPHY, Trait.CUTS_CLIENTS, Trait.DELAYS_CLIENTS);
    }

    @Override
    public Optional<String> unfitFor(LockSystem system, int clients) {
        return WaiterClockAhead.needsAWaiter(this, clients);
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Rhythm r = t.rhythm();
        long lease = r.lease().toMillis();
        int each = (int) Math.max(1, lease * OF_LEASE);
        int jitter = (int) (lease / 20);
        List<Host> servers = t.servers().hosts();
        Host last = servers.get(servers.size() - 1);
        Fault delay = t.fault("delay-last-server", () -> List.of(Delay.between(waiter(t), List.of(last), each, jitter)));
        return Optional.of(Schedule.sequence(List.of(delay), r.interval(), r.lease().multipliedBy(6)).when(t::justAcquired)::run);
    }

    /** A client that does not hold the lock now (the schedule fires while one does), chosen at random. */
    private static Host waiter(Targets t) {
        List<? extends Client> waiting = t.waiting();
        if (waiting.isEmpty()) waiting = t.clients();
        return waiting.get(t.random().nextInt(waiting.size())).host();
    }
}
