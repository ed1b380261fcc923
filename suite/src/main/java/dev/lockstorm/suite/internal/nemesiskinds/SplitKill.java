package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Kill;
import dev.lockstorm.nemesis.Schedule;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * {@code split-kill} and {@code split-kill-late}: the split, then the middle server crashes while
 * a lock is held there, restarted at once or, late, only after the lease.
 *
 * @param late restart after the lease has run out
 */
public record SplitKill(boolean late) implements Split {
    @Override
    public String name() {
        return late ? "split-kill-late" : "split-kill";
    }

    @Override
    public String description() {
        return "c1 cut off the last server and c2 off the first; the middle server is killed while a lock is held and restarted "
                + (late ? "after the lease" : "at once");
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        ProcessNode middle = Split.middle(t);
        Rhythm r = t.rhythm();
        Duration down = late ? r.lease().plusSeconds(2) : Duration.ofSeconds(1);
        Fault kill = t.fault("kill-" + middle.host().name(), () -> List.of(new Kill(middle.host().name())));
        return Optional.of((nemesis, total) -> {
            // a late restart must stay late: no crash that the end-of-run heal would undo early
            long lastStart = nemesis.pace().now() + total.minus(down).toNanos();
            return Schedule.sequence(List.of(kill), r.interval(), down)
                    .when(() -> t.justAcquired() && nemesis.pace().now() - lastStart < 0).run(nemesis, total);
        });
    }
}
