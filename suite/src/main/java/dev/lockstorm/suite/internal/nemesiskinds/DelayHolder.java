package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.nemesis.Delay;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Schedule;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code delay}: right after a grant, the holder's links to every server delayed, each way, by half
 * the lease (± a quarter) for around the lease: nothing is lost and no connection breaks, but a
 * round trip takes about a lease. A renewal lands late, a release arrives when another client may
 * hold the lock, the holder's "still held?" answers come from the past. The clients connect through
 * delay proxies from the start ({@link dev.lockstorm.nemesis.delay.DelayLinks}), with no delay
 * until the fault. {@code delay-holder-long}: 0.625 of the lease (± 0.0625) each way for around 2.5 leases
 * (a draw of 0.8, 0.95, 1.05, 1.25 or 2 times it), a choreography: a release sent within the first third of the lease reaches the server before the
 * lease runs out, and a release of two round trips keeps what it locked there for more than a lease.
 *
 * {@code delay-to-resource}: the holder's links to the protected resource's service (its host r1) alone, its links to the
 * lock's servers untouched, each way by 1.25 leases plus the run's hold spread (the longest hold less the shortest;
 * ± 0.125 of a lease), for around three leases and at least until the longest hold has ended: the holder keeps its lock as
 * long as the lock lets it, but a write it sends at any point of its hold arrives after a lease that was not renewed has
 * run out and after the next holder's own write (granted at that lease's end at the earliest, written at most the spread
 * later than ours), which is what a resource's fencing is for. The run's calls wait out the round trip, so that the
 * refusal comes back as an answer. Needs a resource kept as a service of its own.
 *
 * @param name          what {@code --nemesis} takes
 * @param ofLease       the delay each way, as a share of the run's lease
 * @param jitterOfLease its jitter, likewise
 * @param lasts         how long the delay lasts, around so many leases; 0 for around the lease (a lease, or a second more)
 * @param resourceLinks the holder's links to the resource service are delayed, not those to the lock's servers
 */
public record DelayHolder(String name, double ofLease, double jitterOfLease, double lasts, boolean resourceLinks) implements NemesisKind {
    public static final String TO_RESOURCE = "delay-to-resource";

    public DelayHolder() {
        this("delay", 0.5, 0.25, 0, false);
    }

    /** The scenarios' longer delay. */
    public static DelayHolder longer() {
        return new DelayHolder("delay-holder-long", 0.625, 0.0625, 2.5, false);
    }

    /** A write held in flight to the resource service past the lease. */
    public static DelayHolder toResource() {
        return new DelayHolder(TO_RESOURCE, 1.25, 0.125, 3, true);
    }

    @Override
    public String description() {
        return "right after an acquire, the holder's links to " + (resourceLinks ? "the resource service (a resource kept as a service, such as"
                + " counter-service)" : "every server") + " delayed by " + share(ofLease) + " of the lease" + (resourceLinks ? " plus the hold spread" : "")
                + " (± " + share(jitterOfLease) + " of it) each way, for " + (lasts == 0 ? "around the lease" : "around " + lasts + " leases")
                + (resourceLinks ? " and past the longest hold" : "") + " (the clients connect through delay proxies)";
    }

    /** The resource's links need a resource kept as a service; the scenarios' own delays (not the generic kind, nor the resource's) are choreographies. */
    @Override
    public Set<Trait> traits() {
        Set<Trait> t = java.util.EnumSet.of(Trait.CUTS_CLIENTS, Trait.DELAYS_CLIENTS);
        if (resourceLinks) t.add(Trait.RESOURCE_SERVICE);
        else if (!name.equals("delay")) t.add(Trait.CHOREOGRAPHY);
        return t;
    }

    private static String share(double s) {
        return s == 0.5 ? "half" : s == 0.25 ? "a quarter" : Double.toString(s);
    }

    /**
     * The delay each way, in ms: a share of the lease, and for the resource's links the hold spread too, so that a write
     * sent early in a hold still lands after one the next holder sends late in its own.
     */
    int eachWayMs(Rhythm r) {
        long ms = (long) (r.lease().toMillis() * ofLease) + (resourceLinks ? r.holdSpread().toMillis() : 0);
        return (int) Math.max(1, Math.min(Delay.MAX_MS, ms));
    }

    int jitterMs(Rhythm r) {
        return (int) Math.min(eachWayMs(r), r.lease().toMillis() * jitterOfLease);
    }

    @Override
    public Duration longerCalls(Rhythm rhythm) {
        // only a write held in flight on purpose must be answered; the servers' delays stay within the usual timeout
        return resourceLinks ? Duration.ofMillis(2L * (eachWayMs(rhythm) + jitterMs(rhythm))) : Duration.ZERO;
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Rhythm r = t.rhythm();
        long lease = r.lease().toMillis();
        int each = eachWayMs(r);
        int jitter = jitterMs(r);
        Fault delay = t.fault(name, () -> List.of(Delay.between(IsolateHolder.holder(t), resourceLinks ? List.of(t.resourceHost()
                .orElseThrow(() -> new Fault.Missed("the run's resource is no service of its own"))) : t.servers().hosts(), each, jitter)));
        // a write leaves at the hold's end: the delay is still in force then, even at the shortest of the draws around it
        long untilHeld = resourceLinks ? Schedule.markAtLeast(r.holdMax().plusMillis(lease / 4)).toMillis() : 0;
        List<Duration> lengths = lasts == 0 ? List.of(r.lease(), r.lease().plusSeconds(1))
                : List.of(Duration.ofMillis(Math.max((long) (lease * lasts), untilHeld)));
        return Optional.of(Schedule.random(List.of(delay), r.interval(), r.interval(), t.random()).around(lengths).when(t::justAcquired)::run);
    }
}
