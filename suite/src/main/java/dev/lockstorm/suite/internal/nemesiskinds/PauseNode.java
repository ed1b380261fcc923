package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Pause;
import dev.lockstorm.nemesis.Schedule;

import java.util.List;
import java.util.Optional;

/** {@code pause-node}: the leader (or a random server) frozen with SIGSTOP, then resumed. */
public record PauseNode() implements NemesisKind {
    @Override
    public String name() {
        return "pause-node";
    }

    @Override
    public String description() {
        return "freeze the leader (SIGSTOP), then resume it";
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Rhythm r = t.rhythm();
        // a freeze a little shorter or longer than the lease (a session expires, a TTL runs out on a frozen
        // clock) or than a waiter's wait (a timed-out command retried against a server that comes back)
        return Optional.of(Schedule.random(List.of(fault(t)), r.interval(), r.interval(), t.random())
                .around(List.of(r.lease(), r.lease().plusSeconds(1)))::run);
    }

    static Fault fault(Targets t) {
        List<? extends ProcessNode> nodes = t.servers().nodes();
        return t.fault("pause-leader", () -> {
            ProcessNode n = t.servers().leader().map(ProcessNode.class::cast).orElse(nodes.get(t.random().nextInt(nodes.size())));
            return n.process() == null ? List.of() : List.of(new Pause(n.host().name()));
        });
    }
}
