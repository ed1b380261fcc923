package dev.lockstorm.suite.internal.run;

import java.time.Duration;
import java.util.Locale;

/**
 * Where a run's wall time went. The main phase is what the run is for; everything else is its
 * fixed cost, which decides how many runs a hunt's budget holds (docs/running.md, "A run's fixed cost").
 *
 * @param setUp    the lab, the servers, the protected resource and every client's worker open
 * @param main     clients cycling and the nemesis acting: the time limit and the last fault's whole length
 * @param windDown the final heal, the quiet period, the final read and the teardown of clients, servers and lab
 * @param check    the history checked, the report, results and schedule written
 * @param archives class-data archives built as the lab closed: once per kind of JVM, so no part of the fixed cost
 */
public record RunTimings(Duration setUp, Duration main, Duration windDown, Duration check, Duration archives) {
    /** Zero throughout: a result that was not timed (one read back, or made by a test). */
    public static final RunTimings NONE = new RunTimings(Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO);

    /** Everything but the main phase. */
    public Duration fixed() {
        return setUp.plus(windDown).plus(check);
    }

    /** The whole run, archives built included. */
    public Duration total() {
        return fixed().plus(main).plus(archives);
    }

    /** "fixed cost 7.9 s (set-up 5.2, wind-down 1.3, check 1.4)", and the archives built when that took a tenth of a second or so. */
    public String describe() {
        return String.format(Locale.ROOT, "fixed cost %.1f s (set-up %.1f, wind-down %.1f, check %.1f%s)",
                seconds(fixed()), seconds(setUp), seconds(windDown), seconds(check),
                archives.toMillis() < 50 ? "" : String.format(Locale.ROOT, "; and %.1f s building class-data archives", seconds(archives)));
    }

    static double seconds(Duration d) {
        return d.toNanos() / 1e9;
    }
}
