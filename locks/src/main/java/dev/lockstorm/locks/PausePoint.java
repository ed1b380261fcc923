package dev.lockstorm.locks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A named place in a lock client's code where a scenario can freeze the client process, as a GC
 * pause would at exactly that moment, or end it, as kill -9 would ({@link #ACTION_ENV}). The worker
 * makes every {@link dev.lockstorm.api.Checkpoints checkpoint} a pause point. The client process names the point in the environment
 * variable {@code LOCKSTORM_PAUSE_POINT} and an arming file in {@code LOCKSTORM_PAUSE_ARMED}; while
 * that file exists, reaching the point makes the process send itself SIGSTOP, and it goes on only
 * when the nemesis, which watches for it, sends SIGCONT; woken before {@code LOCKSTORM_PAUSE_MIN_MS},
 * it freezes again, so that the pause lasts what the scenario needs whoever sent the SIGCONT. The run removes the file before its final
 * heal, so that no client freezes itself after the nemesis has stopped. Unarmed points cost one
 * string comparison.
 *
 * <pre>{@code
 * sendSetToEveryNode();
 * PausePoint.reach("redlock-after-majority");   // frozen here while armed
 * long elapsed = System.nanoTime() - start;
 * }</pre>
 */
public final class PausePoint {
    public static final String ENV = "LOCKSTORM_PAUSE_POINT";
    public static final String ARMED_ENV = "LOCKSTORM_PAUSE_ARMED";
    /** The shortest freeze, in milliseconds: a process woken earlier (a stray SIGCONT) freezes again. */
    public static final String MIN_MS_ENV = "LOCKSTORM_PAUSE_MIN_MS";
    /** What reaching the armed point does: {@code pause} (the default) or {@code kill} (the process ends at once, as kill -9 ends it). */
    public static final String ACTION_ENV = "LOCKSTORM_PAUSE_ACTION";
    /**
     * The point, its arming file, its shortest freeze and its action, as one value: a run's settings replace it whole. The
     * driver reads the same settings for a protected resource's checkpoints, which it reaches on a client's behalf.
     */
    public record Setting(String name, Path armed, long minMs, boolean kill) {
        /** The setting those environment variables give ({@code get} answers null for one not set). */
        public static Setting of(java.util.function.Function<String, String> get) {
            String min = get.apply(MIN_MS_ENV);
            String armed = get.apply(ARMED_ENV);
            return new Setting(get.apply(ENV), armed == null ? null : Path.of(armed), min == null ? 0 : Long.parseLong(min),
                    "kill".equals(get.apply(ACTION_ENV)));
        }

        /** Whether reaching {@code point} is aimed at (armed or not). */
        public boolean aimsAt(String point) {
            return point.equals(name) && armed != null;
        }
    }

    private static volatile Setting setting = Setting.of(System::getenv);

    private PausePoint() {
    }

    /**
     * Sets the point as a run's settings say, by the environment variables' names (a worker kept
     * from one run to the next gets each run's in its open command): absent names unset it.
     */
    public static void configure(java.util.Map<String, String> settings) {
        setting = Setting.of(settings::get);
    }

    /** Freezes this process when {@code name} is its point and the point is armed; returns after it is resumed. */
    public static void reach(String name) {
        Setting now = setting;
        if (!now.aimsAt(name) || !Files.exists(now.armed())) return;
        if (now.kill()) {
            System.err.println("lockstorm: killed at pause point " + name);
            System.err.flush();
            Runtime.getRuntime().halt(137); // no shutdown hooks, no close: the process is gone, as after kill -9
        }
        long start = System.nanoTime();
        try {
            do {
                // the signal stops every thread of this JVM, as a stop-the-world pause does; the sender runs
                // in a session of its own, so that its exit cannot orphan our process group (whose stopped
                // members the kernel would then continue)
                new ProcessBuilder("setsid", "kill", "-STOP", Long.toString(ProcessHandle.current().pid())).inheritIO().start().waitFor();
                System.err.printf("lockstorm: frozen at pause point %s for %d ms%n", name, (System.nanoTime() - start) / 1_000_000);
            } while ((System.nanoTime() - start) / 1_000_000 < now.minMs() && Files.exists(now.armed()));
        } catch (IOException e) {
            throw new IllegalStateException("cannot freeze at pause point " + name + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
