package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.api.Checkpoints;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.locks.PausePoint;
import dev.lockstorm.nemesis.Nemesis;
import dev.lockstorm.nemesis.Pace;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * {@code pause-at:NAME} and {@code kill-at:NAME}: a client that reaches the checkpoint NAME (one of
 * {@link Checkpoints}' around every call, or one the lock marks in its own code with
 * {@code ClientContext.checkpoint}) is frozen there past its lease, or ends there as kill -9 ends
 * it: a fault aimed at a phase of the lock (right after a grant, inside a release, between two
 * commands of an acquire). Every client's point is armed while the main phase runs; the process
 * freezes or ends itself at the very instant, and the nemesis records it and, for a pause, resumes
 * it after the client pause. A lock that never reaches the point is never faulted, and the run's
 * coverage says so. A protected resource's own checkpoint is the calling client's too, wherever the
 * resource is kept: the client's process freezes or ends there while the call waits.
 *
 * @param point the checkpoint's name
 * @param kill  end the process there rather than freeze it
 */
public record AtCheckpoint(String point, boolean kill) implements NemesisKind {
    /** What {@code --nemesis} takes for these kinds: {@code pause-at:} or {@code kill-at:} and a checkpoint's name. */
    public static final String PAUSE = dev.lockstorm.faults.FaultName.PAUSE_AT;
    public static final String KILL = dev.lockstorm.faults.FaultName.KILL_AT;

    public AtCheckpoint {
        if (point == null || !point.matches(Checkpoints.NAME)) {
            throw new IllegalArgumentException("--nemesis " + (kill ? KILL : PAUSE) + point + ": a checkpoint's name is letters, digits, '.', '_' and '-'"
                    + " (lockstorm's own: " + String.join(", ", Checkpoints.OWN) + ")");
        }
    }

    /** The kind {@code word} names ({@code pause-at:after-grant}), or empty when it names none of these. */
    static Optional<NemesisKind> parse(String word) {
        if (word.startsWith(PAUSE)) return Optional.of(new AtCheckpoint(word.substring(PAUSE.length()), false));
        if (word.startsWith(KILL)) return Optional.of(new AtCheckpoint(word.substring(KILL.length()), true));
        return Optional.empty();
    }

    @Override
    public String name() {
        return (kill ? KILL : PAUSE) + point;
    }

    @Override
    public String description() {
        return (kill ? "kill -9 a client" : "freeze a client past its lease") + " when it reaches the checkpoint " + point;
    }

    @Override
    public Map<String, String> clientEnv(int index, Rhythm rhythm, Path clientDir) {
        return Map.of(PausePoint.ENV, point, PausePoint.ARMED_ENV, PausePoints.armFile(clientDir).toString(),
                PausePoint.MIN_MS_ENV, Long.toString(rhythm.lease().toMillis() + 500), PausePoint.ACTION_ENV, kill ? "kill" : "pause");
    }

    @Override
    public void setUp(Targets t, Nemesis nemesis) {
        // a client that ended itself at the point is recorded as killed there, before its driver records the crash
        if (kill) t.onWorkerDeath(dead -> nemesis.asFault(name(), () -> nemesis.killClient(dead)));
        PausePoints.arm(t);
    }

    @Override
    public void tearDown(Targets t) {
        PausePoints.disarm(t);
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        if (kill) return Optional.of((nemesis, total) -> kills(t, nemesis, total));
        return Optional.of((nemesis, total) -> freezes(t, nemesis, total));
    }

    /**
     * Records each client the moment it froze itself at the point (polled every 5 ms, several at once
     * if they come together), and resumes each after the client pause, past its lease. At the end of
     * the main phase the point is disarmed, and clients that froze while it was being disarmed are
     * still recorded (a grace of half a second): no client is frozen without a start in the history.
     */
    private int freezes(Targets t, Nemesis nemesis, Duration total) {
        Pace pace = nemesis.pace();
        long end = pace.now() + total.toNanos();
        long hold = t.rhythm().clientPause().toNanos();
        Map<HostProcess, Long> frozen = new HashMap<>();
        int n = 0;
        boolean armed = true;
        long graceEnd = Long.MAX_VALUE;
        try {
            while (true) {
                long now = pace.now();
                if (armed && now - end >= 0) {
                    PausePoints.disarm(t);
                    armed = false;
                    graceEnd = now + 500_000_000L;
                }
                for (Client c : t.clients()) {
                    HostProcess w = c.worker();
                    if (w != null && w.isPaused() && !frozen.containsKey(w)) {
                        nemesis.asFault(name(), () -> nemesis.pause(w));
                        frozen.put(w, now + hold);
                        n++;
                    }
                }
                for (var it = frozen.entrySet().iterator(); it.hasNext(); ) {
                    var e = it.next();
                    if (e.getValue() - pace.now() <= 0) {
                        nemesis.asFault(name(), () -> nemesis.resume(e.getKey()));
                        it.remove();
                    }
                }
                if (!armed && pace.now() - graceEnd >= 0 && frozen.isEmpty()) break;
                if (!pace.sleep(5_000_000L)) break;
            }
        } finally {
            nemesis.healAll();
        }
        return n;
    }

    /** Waits out the main phase while clients end themselves at the point (recorded in {@link #setUp}); how many did. */
    private static int kills(Targets t, Nemesis nemesis, Duration total) {
        java.util.concurrent.atomic.AtomicInteger n = new java.util.concurrent.atomic.AtomicInteger();
        t.onWorkerDeath(dead -> n.incrementAndGet());
        nemesis.pace().sleep(total.toNanos());
        return n.get();
    }
}
