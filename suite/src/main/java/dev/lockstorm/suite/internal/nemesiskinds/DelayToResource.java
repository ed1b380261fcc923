package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.nemesis.Delay;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Schedule;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * {@code delay-to-resource}: right after a grant, the holder's links to the protected resource's service (its host r1)
 * delayed, each way, by 1.25 leases (± 0.125) for around three leases, its links to the lock's servers untouched. The
 * holder keeps its lock as long as the lock lets it, but a write it sends arrives more than a lease later: past a lease
 * that was not renewed, and after the next holder's own write, which is what a resource's fencing is for. Bytes already
 * on their way when the delay is healed still wait their time. Needs a resource kept as a service of its own
 * ({@code --resource counter-service}, or a type whose {@code where()} is {@code SERVICE}).
 */
public record DelayToResource() implements NemesisKind {
    public static final String NAME = "delay-to-resource";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "right after an acquire, the holder's links to the resource service delayed by 1.25 leases each way for around three leases, so that"
                + " its write lands after the next holder's (needs a resource kept as a service, such as counter-service)";
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
    public boolean needsResourceService() {
        return true;
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Rhythm r = t.rhythm();
        long lease = r.lease().toMillis();
        int each = (int) Math.max(1, lease * 5 / 4);
        int jitter = (int) Math.max(0, lease / 8);
        Fault delay = t.fault(NAME, () -> List.of(Delay.between(IsolateHolder.holder(t),
                List.of(t.resourceService().orElseThrow(() -> new Fault.Missed("the run's resource is no service of its own")).host()), each, jitter)));
        return Optional.of(Schedule.random(List.of(delay), r.interval(), r.interval(), t.random()).around(List.of(Duration.ofMillis(3 * lease)))
                .when(t::justAcquired)::run);
    }
}
