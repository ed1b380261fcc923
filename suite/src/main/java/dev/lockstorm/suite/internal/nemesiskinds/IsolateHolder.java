package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Schedule;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code isolate-holder}: the client that just took the lock cut off from every server past its
 * lease, while it goes on running. A lease-based lock (etcd's, Redis's) lets the lease expire
 * behind its back and grants the lock to another; the holder learns of it only when it next
 * reaches a server or its own keep-alive deadline passes. {@code isolate-holder-briefly}: the same
 * for half the lease, shorter than the lease but long enough that a renewal due every third of it
 * is sent into the cut and times out: a lock whose renewals give up after a failure (Redisson
 * #3194) lets its key expire later, with no fault in force. {@code isolate-holder-two-leases}: cut
 * off for exactly twice the lease, so that the lease's end, the servers' expiry and the client's
 * own deadline all fall inside every cut (a jittered length may end before the servers act).
 *
 * @param ofLease how long the cut lasts, as a share of the lease; 0 for past the lease (the run's client pause, jittered)
 */
public record IsolateHolder(double ofLease) implements NemesisKind {
    public IsolateHolder() {
        this(0);
    }

    /** Half the lease. */
    public static IsolateHolder briefly() {
        return new IsolateHolder(0.5);
    }

    /** Twice the lease, never shorter. */
    public static IsolateHolder twoLeases() {
        return new IsolateHolder(2);
    }

    @Override
    public String name() {
        return ofLease == 0 ? "isolate-holder" : ofLease < 1 ? "isolate-holder-briefly" : "isolate-holder-two-leases";
    }

    @Override
    public String description() {
        return ofLease == 0 ? "cut the client that just took the lock off every server, past its lease (it keeps running)"
                : ofLease < 1 ? "cut the client that just took the lock off every server for half its lease (it keeps running; a renewal times out)"
                : "cut the client that just took the lock off every server for exactly twice its lease (it keeps running)";
    }

    @Override
    public Set<Trait> traits() {
        return Set.of(Trait.CHOREOGRAPHY, Trait.CUTS_CLIENTS);
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Rhythm r = t.rhythm();
        Fault cut = t.cut("isolate-holder", () -> Grudge.cutOff(holder(t), t.servers().hosts()));
        if (ofLease == 0) return Optional.of(Schedule.random(List.of(cut), r.interval(), r.clientPause(), t.random()).when(t::justAcquired)::run);
        // a fixed length, not jittered: briefly, it stays inside the lease and outlasts a renewal's timeout; two leases, it outlasts the lease's end
        Duration length = Duration.ofMillis((long) (r.lease().toMillis() * ofLease));
        return Optional.of(Schedule.sequence(List.of(cut), r.interval(), length).when(t::justAcquired)::run);
    }

    /**
     * The client holding the lock now. A fault aimed at the holder when none holds (the grant it waited
     * for was already released) is a miss, recorded as such, never a fault on some other client that
     * the history would then show as aimed at a holder.
     */
    static Host holder(Targets t) {
        return holding(t).orElseThrow(() -> new Fault.Missed("no client held the lock"));
    }

    /** The client holding the lock now, or the first client when none does (a split with clients on both sides either way). */
    static Host holderOrFirst(Targets t) {
        return holding(t).orElseGet(() -> t.clients().get(0).host());
    }

    private static Optional<Host> holding(Targets t) {
        return t.clients().stream().filter(Client::holds).map(Client::host).findFirst();
    }
}
