package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Schedule;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** {@code kill}: a random server killed (-9) right after a client acquired, restarted on its data a second later. */
public record Kill() implements NemesisKind {
    @Override
    public String name() {
        return "kill";
    }

    @Override
    public String description() {
        return "kill -9 a server right after a client acquired, restart it a second later";
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        // back after a second, while the lock taken before the crash is still held
        return Optional.of(Schedule.random(List.of(fault(t)), t.rhythm().interval(), Duration.ofSeconds(1), t.random())
                .when(t::justAcquired)::run);
    }

    static Fault fault(Targets t) {
        List<? extends ProcessNode> nodes = t.cluster().nodes();
        return new Fault.Kill("kill-node", () -> List.of(nodes.get(t.random().nextInt(nodes.size()))));
    }
}
