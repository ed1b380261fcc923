package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.faults.CutStyle;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Loss;
import dev.lockstorm.nemesis.Schedule;
import dev.lockstorm.nemesis.Slow;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * {@code flaky-net}: right after a grant, the holder's links to every server fail, in turn, the
 * three ways real links fail, each for around the lease: silently (a black hole: the holder learns
 * nothing until its own timeouts run out, and a renewal sent into it just vanishes), with resets
 * (it learns at once that its connections are gone), and one way (its requests arrive and are
 * applied, their replies are lost: a renewal or a release that took effect while its caller was
 * told it failed), lossy (40% of the packets lost each way: TCP gets through after
 * retransmissions whose backoff grows, a renewal of milliseconds takes seconds), and slow (1 kbit/s
 * each way: nothing is lost, but every packet waits its turn, a renewal behind the keep-alives before
 * it). What the holder
 * does in the meantime is what tells the locks apart.
 *
 * {@code flaky-net-to-resource}: the same five, in the order that lets a write land late first (black hole, lossy, slow,
 * one way, resets), on the holder's links to the protected resource's service (r1) alone, each for one to two leases, its
 * links to the lock's servers untouched: a write sent into the cut is sent again by TCP when it heals, past the holder's
 * lease and after the next holder's own write, even once its caller has given up on it. Needs a resource kept as a
 * service of its own.
 *
 * @param toResource the holder's links to the resource service, not those to the lock's servers
 */
public record FlakyNet(boolean toResource) implements NemesisKind {
    /** The share of packets a lossy link loses each way: enough that TCP's retransmissions back off for seconds. */
    static final int LOSS_PERCENT = 40;
    /** A slow link's rate each way: a lock's small packets leave about one a second. */
    static final int SLOW_KBIT = 1;
    public static final String TO_RESOURCE = "flaky-net-to-resource";

    public FlakyNet() {
        this(false);
    }

    @Override
    public String name() {
        return toResource ? TO_RESOURCE : "flaky-net";
    }

    @Override
    public String description() {
        return toResource ? "right after an acquire, in turn: the holder's links to the resource service (r1) black-holed, losing 40% of"
                + " the packets, slowed to 1 kbit/s, one way (requests applied, replies lost) or answered with resets, each for one to"
                + " two leases; its links to the lock's servers untouched"
                : "right after an acquire, in turn: the holder's links to every server black-holed, answered with resets, one way"
                + " (requests applied, replies lost), losing 40% of the packets or slowed to 1 kbit/s, each for around the lease";
    }

    @Override
    public Set<Trait> traits() {
        return toResource ? Set.of(Trait.CUTS_CLIENTS, Trait.RESOURCE_SERVICE) : Set.of(Trait.CUTS_CLIENTS);
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Rhythm r = t.rhythm();
        List<Fault> faults = toResource ? toResource(t) : faults(t);
        List<Duration> lengths = toResource ? List.of(r.lease(), r.lease().multipliedBy(3).dividedBy(2), r.lease().multipliedBy(2))
                : List.of(r.lease(), r.lease().plusSeconds(1));
        return Optional.of(Schedule.alternating(faults.stream().map(List::of).toList(), r.interval(), r.interval(), t.random())
                .around(lengths).when(t::justAcquired)::run);
    }

    /** The holder's links to the resource service black-holed, lossy, slow, one way and reset: one fault each. */
    private static List<Fault> toResource(Targets t) {
        Supplier<List<Host>> r1 = () -> List.of(t.resourceHost().orElseThrow(() -> new Fault.Missed("the run's resource is no service of its own")));
        return List.of(
                t.cut("blackhole-to-resource", () -> Grudge.cutOff(IsolateHolder.holder(t), r1.get())),
                t.fault("lossy-to-resource", () -> List.of(Loss.between(IsolateHolder.holder(t), r1.get(), LOSS_PERCENT))),
                t.fault("slow-to-resource", () -> List.of(Slow.between(IsolateHolder.holder(t), r1.get(), SLOW_KBIT))),
                t.cut("replies-lost-to-resource", () -> Grudge.repliesLost(IsolateHolder.holder(t), r1.get())),
                t.cut("reset-to-resource", () -> Grudge.cutOff(IsolateHolder.holder(t), r1.get()).withStyle(CutStyle.RESET)));
    }

    /** The holder's links to every server black-holed, answered with resets, one way, lossy and slow: one fault each. */
    static List<Fault> faults(Targets t) {
        List<Host> servers = t.servers().hosts();
        return List.of(
                t.cut("blackhole-holder", () -> Grudge.cutOff(IsolateHolder.holder(t), servers)),
                t.cut("reset-holder", () -> Grudge.cutOff(IsolateHolder.holder(t), servers).withStyle(CutStyle.RESET)),
                t.cut("replies-lost-holder", () -> Grudge.repliesLost(IsolateHolder.holder(t), servers)),
                t.fault("lossy-holder", () -> List.of(Loss.between(IsolateHolder.holder(t), servers, LOSS_PERCENT))),
                t.fault("slow-holder", () -> List.of(Slow.between(IsolateHolder.holder(t), servers, SLOW_KBIT))));
    }
}
