package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.nemesis.Action;
import dev.lockstorm.nemesis.ClockJump;
import dev.lockstorm.nemesis.ClockRate;
import dev.lockstorm.nemesis.ClockStrobe;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Schedule;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code clock}: right after a client acquired, a server's realtime clock jumps past the lease,
 * runs three times fast or strobes (servers under the clock shim: Redis masters, a database); every
 * client's clock (the new holder's, which it may renew by, and the waiters') jumps a minute back,
 * the next time ahead (or the other way round).
 */
public record Clock() implements NemesisKind {
    @Override
    public String name() {
        return "clock";
    }

    @Override
    public String description() {
        return "right after an acquire, in turn: every client's clock (the holder's and the waiters') jumps 60 s back (the next time ahead),"
                + " held until a moved waiter is granted (recorded as missed when none is), then a Redis or database server's clock jumps past"
                + " the lease, runs fast, strobes, or goes a minute back until it is set right";
    }

    @Override
    public Set<Trait> traits() {
        return Set.of(Trait.SERVER_CLOCKS, Trait.CLIENT_CLOCKS);
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
                .heldUntil(f -> !clients.contains(f) || moved.granted(), r.lease().multipliedBy(3).dividedBy(2),
                        "a waiter whose clock it moved granted the lock")::run);
    }

    /** The clients whose clocks the client clock fault in force moved, and which of them were waiting then. */
    static final class Moved {
        private volatile List<Client> waiting = List.of();

        /** Moves every client under the clock shim: the holder (its renewals timed on its clock) and the waiters; one jump of all their clocks. */
        List<Action> set(List<Client> moved, Duration delta) {
            if (moved.isEmpty()) throw new Fault.Missed("no clock to move");
            waiting = moved.stream().filter(c -> !c.holds()).toList();
            return List.of(new ClockJump(moved.stream().map(c -> c.host().name()).toList(), delta.toMillis()));
        }

        /** Whether one that was waiting holds the lock now: granted while its clock was moved. */
        boolean granted() {
            return waiting.stream().anyMatch(Client::holds);
        }
    }

    /**
     * Client clocks, moved where they matter: right after a grant, the clocks of the new holder and
     * of every client that waits for the lock jump a minute back or ahead, one then the other (a lock
     * may survive one direction and not the other): the holder renews on a wrong clock (a renewal
     * that computes its expiry from it: {@code PEXPIREAT} in the past deletes the key), and whichever
     * waiter is granted next is granted on one. A jump, not a strobe: a strobed clock is right half
     * the time, and the grant may fall in that half. A fault on the clock of a client that never acts
     * while it is moved proves nothing: it is held until a waiter it moved is granted.
     */
    static List<Fault> clientFaults(Targets t, Moved moved) {
        if (t.clients().stream().noneMatch(c -> c.clock() != null)) return List.of();
        Duration minute = Duration.ofSeconds(60);
        return List.of(
                t.fault("clients-clock-back", () -> moved.set(shimmed(t), minute.negated())),
                t.fault("clients-clock-ahead", () -> moved.set(shimmed(t), minute)));
    }

    /** The clients under the clock shim: the holder and the waiters. */
    private static List<Client> shimmed(Targets t) {
        return t.clients().stream().filter(c -> c.clock() != null).map(c -> (Client) c).toList();
    }

    /**
     * For every server with a clock fault: a jump past the lease, running three times fast, strobing by the lease, and a
     * minute back (an NTP step the wrong way, corrected a lease later): a lease stamped meanwhile is a minute old once the
     * clock is set right, so it ends then.
     */
    static List<Fault> serverFaults(Targets t) {
        Duration lease = t.rhythm().lease();
        List<Fault> faults = new ArrayList<>();
        for (ProcessNode n : t.servers().nodes()) {
            if (t.servers().clock(n).isEmpty()) continue;
            String host = n.host().name();
            faults.add(t.fault("jump-" + host, () -> List.of(new ClockJump(host, lease.multipliedBy(2).toMillis()))));
            faults.add(t.fault("fast-" + host, () -> List.of(new ClockRate(host, 3.0))));
            faults.add(t.fault("strobe-" + host, lease.multipliedBy(2), () -> List.of(new ClockStrobe(host, lease.toMillis(), 200))));
            faults.add(t.fault("back-" + host, () -> List.of(new ClockJump(host, -60_000))));
        }
        return faults;
    }
}
