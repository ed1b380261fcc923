package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Schedule;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code kill}: a random server killed (-9) right after a client acquired, restarted on its data a
 * second later; {@code kill-once}, a scenario's, does it once a run (a server that comes back
 * without its state, as a CP member does, is then judged on one restart, not on a second crash
 * that came before the cluster had taken it back).
 *
 * @param once a single kill a run
 */
public record Kill(boolean once) implements NemesisKind {
    public Kill() {
        this(false);
    }

    @Override
    public String name() {
        return once ? "kill-once" : "kill";
    }

    @Override
    public String description() {
        return "kill -9 a server right after a client acquired, restart it a second later" + (once ? "; once a run" : "");
    }

    @Override
    public Set<Trait> traits() {
        return once ? Set.of(Trait.CHOREOGRAPHY) : Set.of();
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        // back after a second, while the lock taken before the crash is still held
        AtomicBoolean killed = new AtomicBoolean();
        Fault kill = fault(t, () -> killed.set(once));
        return Optional.of(Schedule.random(List.of(kill), t.rhythm().interval(), Duration.ofSeconds(1), t.random())
                .when(() -> !killed.get() && t.justAcquired())::run);
    }

    static Fault fault(Targets t) {
        return fault(t, () -> { });
    }

    /** A random server's kill; {@code picked} runs as the server is chosen, at injection. */
    private static Fault fault(Targets t, Runnable picked) {
        List<? extends ProcessNode> nodes = t.servers().nodes();
        return t.fault("kill-node", () -> {
            picked.run();
            return List.of(new dev.lockstorm.nemesis.Kill(nodes.get(t.random().nextInt(nodes.size())).host().name()));
        });
    }
}
