package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.nemesis.Delay;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Schedule;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * {@code delay}: right after a grant, the holder's links to every server delayed, each way, by half
 * the lease (± a quarter) for around the lease: nothing is lost and no connection breaks, but a
 * round trip takes about a lease. A renewal lands late, a release arrives when another client may
 * hold the lock, the holder's "still held?" answers come from the past. The clients connect through
 * delay proxies from the start ({@link dev.lockstorm.nemesis.delay.DelayLinks}), with no delay
 * until the fault.
 *
 * @param ms       the delay each way; 0 for half the run's lease
 * @param jitterMs its jitter; with {@code ms} 0, a quarter of the lease
 * @param name     what {@code --nemesis} takes
 */
public record DelayHolder(String name, int ms, int jitterMs) implements NemesisKind {
    public DelayHolder() {
        this("delay", 0, 0);
    }

    @Override
    public String description() {
        return ms == 0 ? "right after an acquire, the holder's links to every server delayed by half the lease (± a quarter) each way,"
                + " for around the lease (the clients connect through delay proxies)"
                : "right after an acquire, the holder's links to every server delayed by " + ms + " ± " + jitterMs + " ms each way";
    }

    @Override
    public boolean choreography() {
        return ms != 0;
    }

    @Override
    public boolean cutsClients(dev.lockstorm.api.Topology topology) {
        return true;
    }

    @Override
    public boolean delaysClients() {
        return true;
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Rhythm r = t.rhythm();
        int each = ms != 0 ? ms : (int) Math.max(1, r.lease().toMillis() / 2);
        int jitter = ms != 0 ? jitterMs : each / 2;
        Fault delay = new Fault.Delayed("delay-holder", () -> Delay.between(IsolateHolder.holder(t), t.cluster().hosts(), each, jitter));
        List<Duration> lengths = List.of(r.lease(), r.lease().plusSeconds(1));
        return Optional.of(Schedule.random(List.of(delay), r.interval(), r.interval(), t.random()).around(lengths).when(t::justAcquired)::run);
    }
}
