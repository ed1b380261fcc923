package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.api.LockSystem;
import dev.lockstorm.locks.RenewalHold;
import dev.lockstorm.locks.etcd.EtcdSystems;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.HoldRenewals;
import dev.lockstorm.nemesis.Schedule;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code hold-waiter-renewals}: as soon as a client takes the lock, every other client stops
 * renewing its lease (its keep-alives stall; the client itself runs on, waiting in the lock's
 * queue, as long as the run lasts) until their leases have run out; the holder must keep the lock
 * beyond that (the scenario's shortest hold is longer than the lease and a second and a half). A waiter whose lease
 * expired while it was queued must not be granted the lock when the holder releases — etcd 3.4.3
 * granted it (Jepsen, 2020; etcd issue #11456).
 */
public record HoldWaiterRenewals() implements NemesisKind {
    @Override
    public String name() {
        return "hold-waiter-renewals";
    }

    @Override
    public String description() {
        return "when a client takes the lock, every waiter's lease renewals stall (the waiters run on) until their leases expire";
    }

    @Override
    public Set<Trait> traits() {
        return Set.of(Trait.CHOREOGRAPHY);
    }

    @Override
    public Optional<String> unfitFor(LockSystem system, int clients) {
        // only the etcd adapters watch the switch: elsewhere this nemesis would do nothing
        if (!(system instanceof EtcdSystems.Lock || system instanceof EtcdSystems.TxnLock)) {
            return Optional.of("--nemesis " + name() + " stalls etcd lease renewals; " + system.name() + " has none that lockstorm can hold");
        }
        return clients < 2 ? Optional.of("--nemesis " + name() + " needs a holder and a waiter: --clients 2 or more") : Optional.empty();
    }

    /** Waiters stay queued through the whole hold, their leases' expiry and the holder's release. */
    @Override
    public boolean drawsAcquireWaits() {
        return false; // its waiters must stay queued
    }

    @Override
    public Duration acquireTimeout(Rhythm rhythm) {
        return rhythm.timeLimit();
    }

    @Override
    public Map<String, String> clientEnv(int index, Rhythm rhythm, Path clientDir) {
        return env(index, clientDir);
    }

    /** The environment that lets client {@code index}'s renewals be held by its switch file. */
    static Map<String, String> env(int index, Path clientDir) {
        return Map.of(RenewalHold.ENV, file(clientDir, "c" + (index + 1)).toString());
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Fault hold = t.fault("hold-waiter-renewals", () -> List.of(new HoldRenewals(t.waiting().stream().map(c -> c.host().name()).toList())));
        // held past the lease (a lease granted just before the hold lasts its whole TTL), then let go
        return Optional.of(Schedule.sequence(List.of(hold), t.rhythm().interval(), t.rhythm().lease().plusMillis(1500))
                .when(t::justAcquired)::run);
    }

    /** The switch file of {@code client} in the run's directory on the client hosts. */
    static Path file(Path clientDir, String client) {
        return clientDir.resolve("renewals-held-" + client);
    }
}
