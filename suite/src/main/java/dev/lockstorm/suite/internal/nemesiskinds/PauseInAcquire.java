package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.api.LockSystem;
import dev.lockstorm.locks.PausePoint;
import dev.lockstorm.locks.redis.Redlock;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Nemesis;
import dev.lockstorm.nemesis.Pause;
import dev.lockstorm.nemesis.Schedule;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code pause-in-acquire}: client c1 freezes itself at Redlock's pause point, after a majority
 * said OK and before it takes the elapsed time, and stays frozen past the lease.
 */
public record PauseInAcquire() implements NemesisKind {
    @Override
    public String name() {
        return "pause-in-acquire";
    }

    @Override
    public String description() {
        return "c1 freezes itself inside Redlock's acquire, after a majority said OK, past the lease";
    }

    @Override
    public Set<Trait> traits() {
        return Set.of(Trait.CHOREOGRAPHY);
    }

    @Override
    public Optional<String> unfitFor(LockSystem system, int clients) {
        // only a lock that marks the point reaches it (our Redlock): elsewhere this nemesis would do nothing
        return system.checkpoints().stream().anyMatch(p -> p.name().equals(Redlock.PAUSE_AFTER_MAJORITY)) ? Optional.empty()
                : Optional.of("--nemesis pause-in-acquire freezes a client inside Redlock's acquire; " + system.name() + " has no such point");
    }

    @Override
    public Map<String, String> clientEnv(int index, Rhythm rhythm, Path clientDir) {
        return index != 0 ? Map.of() : Map.of(PausePoint.ENV, Redlock.PAUSE_AFTER_MAJORITY, PausePoint.ARMED_ENV, PausePoints.armFile(clientDir).toString(),
                PausePoint.MIN_MS_ENV, Long.toString(rhythm.lease().toMillis() + 500));
    }

    /** Arms the pause point on every client host while the main phase runs. */
    @Override
    public void setUp(Targets t, Nemesis nemesis) {
        PausePoints.arm(t);
    }

    /** Disarms it before the final heal, so that no client freezes itself after the nemesis has stopped. */
    @Override
    public void tearDown(Targets t) {
        PausePoints.disarm(t);
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Client c1 = t.clients().get(0);
        Fault pause = t.fault("pause-c1-in-acquire", () -> List.of(new Pause(c1.host().name())));
        // keep it frozen past the lease, exactly: no jitter
        return Optional.of(Schedule.sequence(List.of(pause), Duration.ofMillis(10), t.rhythm().clientPause())
                .when(() -> c1.worker() != null && c1.worker().isPaused())::run);
    }
}
