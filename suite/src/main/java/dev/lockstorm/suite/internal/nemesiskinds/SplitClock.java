package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.api.LockSystem;
import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.nemesis.ClockJump;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Schedule;
import dev.lockstorm.suite.internal.cluster.Cluster;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/** {@code split-clock}: the split, then the middle server's clock jumps past the lease while a lock is held there. */
public record SplitClock() implements Split {
    @Override
    public String name() {
        return "split-clock";
    }

    @Override
    public String description() {
        return "c1 cut off the last server and c2 off the first; the middle server's clock jumps past the lease while a lock is held";
    }

    @Override
    public Set<Trait> traits() {
        return Set.of(Trait.SERVER_CLOCKS);
    }

    @Override
    public Optional<String> unfitFor(LockSystem system, int clients) {
        if (!Cluster.hasServerClocks(system.topology())) {
            return Optional.of("--nemesis split-clock moves server clocks (Redis masters, databases); " + system.name() + " runs on " + system.topology().describe());
        }
        return Split.super.unfitFor(system, clients);
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        ProcessNode middle = Split.middle(t);
        t.servers().clock(middle).orElseThrow();
        Rhythm r = t.rhythm();
        String host = middle.host().name();
        Fault jump = t.fault("jump-" + host, () -> List.of(new ClockJump(host, r.lease().multipliedBy(2).toMillis())));
        return Optional.of(Schedule.sequence(List.of(jump), r.interval(), r.lease()).when(t::justAcquired)::run);
    }
}
