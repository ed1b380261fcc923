package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.nemesis.ClockFault;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Schedule;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code clock}: right after a client acquired, a server's realtime clock jumps past the lease,
 * runs three times fast or strobes (servers under the clock shim: Redis masters, a database); the
 * waiting clients' clocks jump a minute back, the next time ahead (or the other way round).
 */
public record Clock() implements NemesisKind {
    @Override
    public String name() {
        return "clock";
    }

    @Override
    public String description() {
        return "right after an acquire, in turn: the waiting clients' clocks jump 60 s back (the next time ahead), then a Redis or database server's clock jumps past the lease, runs fast or strobes";
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
        Moved moved = new Moved();
        List<Fault> clients = clientFaults(t, moved);
        List<Fault> servers = serverFaults(t);
        if (clients.isEmpty() && servers.isEmpty()) throw new IllegalStateException("the clock nemesis has no clock to move");
        Rhythm r = t.rhythm();
        // clients' clocks and servers' in turn, clients first: a short run moves both kinds. Each fault lasts
        // around a lease; a client clock fault is held until one of the clients it moved has been granted the
        // lock on its wrong clock (up to one and a half leases more: holds run to one and a half leases)
        return Optional.of(Schedule.alternating(List.of(clients, servers), r.interval(), r.interval(), t.random())
                .around(List.of(r.lease())).when(t::justAcquired)
                .heldUntil(f -> !clients.contains(f) || moved.granted(), r.lease().multipliedBy(3).dividedBy(2))::run);
    }

    /** The clients whose clocks the client clock fault in force moved. */
    static final class Moved {
        private volatile List<Client> clients = List.of();

        List<ClockFault> set(List<Client> moved) {
            clients = List.copyOf(moved);
            return moved.stream().map(Client::clock).toList();
        }

        /** Whether one of them holds the lock now: granted while its clock was moved. */
        boolean granted() {
            return clients.stream().anyMatch(Client::holds);
        }
    }

    /**
     * Client clocks, moved where they matter: right after a grant, the clocks of every client that
     * waits for the lock now jump a minute back or ahead, one then the other (a lock may survive one
     * direction and not the other) (whichever of them is granted next is granted
     * on a wrong clock, and the holder's clock disagrees with theirs). A jump, not a strobe: a strobed
     * clock is right half the time, and the grant may fall in that half.
     * A fault on the clock of a client that never acts while it is moved proves nothing.
     */
    static List<Fault> clientFaults(Targets t, Moved moved) {
        if (t.clients().stream().noneMatch(c -> c.clock() != null)) return List.of();
        Duration minute = Duration.ofSeconds(60);
        return List.of(
                new Fault.ClockJump("waiters-clock-back", () -> moved.set(waiters(t)), minute.negated()),
                new Fault.ClockJump("waiters-clock-ahead", () -> moved.set(waiters(t)), minute));
    }

    /** The clients under the clock shim that do not hold the lock now. */
    private static List<Client> waiters(Targets t) {
        return t.clients().stream().filter(c -> !c.holds() && c.clock() != null).map(c -> (Client) c).toList();
    }

    /** For every server with a clock fault: a jump past the lease, running three times fast, strobing by the lease. */
    static List<Fault> serverFaults(Targets t) {
        Duration lease = t.rhythm().lease();
        List<Fault> faults = new ArrayList<>();
        for (ProcessNode n : t.cluster().nodes()) {
            t.cluster().clock(n).ifPresent(c -> {
                faults.add(new Fault.ClockJump("jump-" + n.host().name(), c, lease.multipliedBy(2)));
                faults.add(new Fault.ClockRate("fast-" + n.host().name(), c, 3.0));
                faults.add(new Fault.ClockStrobe("strobe-" + n.host().name(), c, lease, Duration.ofMillis(200), lease.multipliedBy(2)));
            });
        }
        return faults;
    }
}
