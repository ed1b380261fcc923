package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Kill;
import dev.lockstorm.nemesis.Pause;
import dev.lockstorm.nemesis.Schedule;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Faults of the protected resource's own service (host r1), right after a grant, the lock's servers untouched:
 * {@code pause-resource} freezes it (SIGSTOP) for around one and a half leases, so that the holder's write waits in the
 * service's queue past its lease, beside the next holder's, and both are served in whatever order its threads wake, as a
 * storage service back from a long GC pause serves them; {@code restart-resource} kills it (-9) and starts it again around
 * a lease later on what it kept in its directory, as a crashed storage service comes back: one that kept its bar only in
 * memory takes a stale write, one that kept nothing has lost the value. Needs a resource kept as a service of its own.
 *
 * @param kill killed and started again, rather than frozen
 */
public record ResourceDown(boolean kill) implements NemesisKind {
    public static final String PAUSE = "pause-resource";
    public static final String RESTART = "restart-resource";

    @Override
    public String name() {
        return kill ? RESTART : PAUSE;
    }

    @Override
    public String description() {
        return kill ? "right after an acquire, kill -9 the resource service (r1), start it again around a lease later on its files"
                : "right after an acquire, freeze the resource service (r1) for around 1.5 leases, then resume it";
    }

    @Override
    public Set<Trait> traits() {
        return Set.of(Trait.RESOURCE_SERVICE);
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        ProcessNode service = t.resourceService().orElseThrow(() -> new IllegalStateException(
                "--nemesis " + name() + " acts on the resource's service, and this run keeps its resource in the driver"));
        Rhythm r = t.rhythm();
        String host = service.host().name();
        Fault fault = t.fault(kill ? "restart-resource" : "pause-resource", () -> List.of(kill ? new Kill(host) : new Pause(host)));
        return Optional.of(Schedule.random(List.of(fault), r.interval(), r.lease(), t.random())
                .around(List.of(kill ? r.lease() : r.lease().multipliedBy(3).dividedBy(2)))
                .when(t::justAcquired)::run);
    }
}
