package dev.lockstorm.locks;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A scenario's switch that stops a client's lease renewals without freezing the client: while the
 * file named by {@code LOCKSTORM_HOLD_RENEWALS} exists, a lease-based adapter sends no keep-alives,
 * as if its keep-alive thread alone had stalled, and resumes when the file is gone. The rest of
 * the client (a lock call waiting in a queue, say) runs on. A client without the variable renews
 * as usual.
 *
 * <pre>{@code
 * if (RenewalHold.held()) stopKeepAlives(); else resumeKeepAlives();
 * }</pre>
 */
public final class RenewalHold {
    public static final String ENV = "LOCKSTORM_HOLD_RENEWALS";
    private static volatile Path file = System.getenv(ENV) == null ? null : Path.of(System.getenv(ENV));

    private RenewalHold() {
    }

    /** Sets the switch as a run's settings say, by the environment variable's name (absent: no switch). */
    public static void configure(java.util.Map<String, String> settings) {
        String f = settings.get(ENV);
        file = f == null ? null : Path.of(f);
    }

    /** Whether this process has a switch at all (no need to watch it otherwise). */
    public static boolean configured() {
        return file != null;
    }

    /** Whether renewals are held now. */
    public static boolean held() {
        Path f = file;
        return f != null && Files.exists(f);
    }
}
