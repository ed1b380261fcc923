package dev.lockstorm.junit;

import com.fasterxml.jackson.core.JsonParser;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.io.Json;
import org.opentest4j.AssertionFailedError;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What one lockstorm run found: the verdict, its counts, and where the report is. The assertions
 * fail with the checker's explanation, the counts and the report's path.
 *
 * <pre>{@code
 * run.assertSafe();                 // valid (no double holder, stale write or lost update) and live after the heal
 * run.assertDoubleHolder();         // a known-unsafe configuration stays unsafe (a regression test)
 * run.assertNoLostUpdates();        // the lock let two in, but fencing saved the resource
 * run.assertNoDefect();             // double holders only where any lease lock has them (a frozen holder, a cut, a clock)
 * run.assertExercised("holder-paused-past-lease");   // the dangerous moment was reached, so the verdict means something
 * }</pre>
 *
 * @param spec                what ran
 * @param dir                 the run's directory (history.jsonl, results.json, report.html, logs/)
 * @param verdict             valid, invalid or unknown (a check that gave up is never valid)
 * @param doubleHolders       pairs of clients that both believed they held the lock at once
 * @param lostUpdates         acknowledged increments missing from the resource's final value
 * @param staleWritesAccepted writes the resource accepted after a newer token had written
 * @param staleWritesRejected writes the resource refused as stale ("fencing saved you N times")
 * @param tokenViolations     fencing tokens that did not increase with the grants
 * @param resourceChecked     whether lost updates could be counted (a final read after every write)
 * @param notLive             clients that could not acquire again after the final heal
 * @param faults              faults the nemesis injected
 * @param operations          client operations recorded
 * @param lockDefects         incidents that nothing explains but the lock (a second grant with no fault on the holder, or a
 *                            holder told it still held the lock after another was granted it)
 * @param leaseLimits         incidents any lease lock shows under the fault that came (the holder frozen, cut off or past its
 *                            lease, a clock moved)
 * @param exercised           how often the run reached each dangerous moment, by key ({@code holder-paused-past-lease}, …)
 * @param summary             the checker's explanation, as {@code lockstorm check} prints it
 */
public record LockStormRun(LockStormSpec spec, Path dir, Verdict verdict, int doubleHolders, long lostUpdates, int staleWritesAccepted,
                           int staleWritesRejected, int tokenViolations, boolean resourceChecked, List<String> notLive, int faults,
                           int operations, int lockDefects, int leaseLimits, Map<String, Integer> exercised, String summary) {

    public LockStormRun {
        notLive = List.copyOf(notLive);
        exercised = Map.copyOf(exercised);
    }

    /** The page that explains the run. */
    public Path report() {
        return dir.resolve("report.html");
    }

    /**
     * Fails unless the run is valid (the lock excluded, the resource lost nothing) and every client
     * could acquire again after the heal: a lock that excludes by never granting is stuck, not safe.
     */
    public LockStormRun assertSafe() {
        if (verdict != Verdict.VALID) fail("expected a valid run");
        return assertLive();
    }

    /** Fails unless lockstorm found at least one double holder: for a configuration known to be unsafe. */
    public LockStormRun assertDoubleHolder() {
        if (doubleHolders == 0) fail("expected a double holder");
        return this;
    }

    /** Fails unless every acknowledged update is in the resource's final value, and that was checked. */
    public LockStormRun assertNoLostUpdates() {
        if (!resourceChecked) fail("expected the resource to be checked for lost updates");
        if (lostUpdates > 0) fail("expected no lost update");
        return this;
    }

    /** Fails unless the resource rejected at least one stale write: its fencing check did its work. */
    public LockStormRun assertStaleWritesRejected() {
        if (staleWritesRejected == 0) fail("expected the resource to reject a stale write");
        return this;
    }

    /** Fails unless every client could acquire the lock again after the faults were healed. */
    public LockStormRun assertLive() {
        if (!notLive.isEmpty()) fail("expected every client to acquire after the heal");
        return this;
    }

    /** Fails unless lockstorm found a lost update: a configuration known to lose updates stays so. */
    public LockStormRun assertLostUpdates() {
        if (!resourceChecked) fail("expected the resource to be checked for lost updates");
        if (lostUpdates == 0) fail("expected a lost update");
        return this;
    }

    /**
     * Fails unless every incident is a lease limit (the holder frozen, cut off or past its lease, or
     * a clock moved: what any lease lock does without fencing) and tokens kept their order: double
     * holders may be expected, a bug of the lock's own is not.
     */
    public LockStormRun assertNoDefect() {
        if (lockDefects > 0 || tokenViolations > 0) fail("expected no lock defect (every incident a lease limit)");
        return this;
    }

    /**
     * Fails unless the run showed a defect of the lock: an incident that no fault explains (or a
     * holder told it still held the lock after another was granted it), tokens out of order, or a
     * lock that was not live after the heal. For a lock known to be broken: a regression test.
     */
    public LockStormRun assertDefect() {
        if (lockDefects == 0 && tokenViolations == 0 && notLive.isEmpty()) fail("expected a lock defect");
        return this;
    }

    /**
     * Fails unless the run reached the moment {@code key} at least once (a VALID means little when the
     * dangerous moments never came): {@code holder-paused-past-lease}, {@code holder-cut-off},
     * {@code holder-killed}, {@code hold-outlived-lease}, {@code grant-during-fault}, {@code grant-on-moved-clock},
     * {@code clock-moved-while-held}, {@code server-fault-while-held}, {@code acquire-refused}.
     *
     * <pre>{@code
     * run.assertSafe().assertExercised("holder-paused-past-lease");
     * }</pre>
     */
    public LockStormRun assertExercised(String key) {
        Integer n = exercised.get(key);
        if (n == null) throw new IllegalArgumentException("no moment '" + key + "'; expected one of " + exercised.keySet());
        if (n == 0) fail("expected the run to reach " + key);
        return this;
    }

    /** Fails unless the nemesis injected at least one fault (a run whose faults never landed proves little). */
    public LockStormRun assertFaultsInjected() {
        if (faults == 0) fail("expected the nemesis to inject a fault");
        return this;
    }

    /** The counts in one line: "invalid: 3 double holders, 1 lost update, 0 stale writes accepted, 2 rejected, 4 faults". */
    public String counts() {
        StringBuilder reached = new StringBuilder();
        exercised.forEach((k, n) -> {
            if (n > 0) reached.append(reached.length() == 0 ? "" : ", ").append(k).append(" ×").append(n);
        });
        return String.format(Locale.ROOT, "%s: %d double holders (%d lock defects, %d lease limits), %d lost updates%s, %d stale writes accepted,"
                        + " %d rejected, %d token violations, %d faults, %d operations, exercised: %s%s", verdict.wire(), doubleHolders, lockDefects,
                leaseLimits, lostUpdates, resourceChecked ? "" : " (not checked)", staleWritesAccepted, staleWritesRejected, tokenViolations,
                faults, operations, reached.length() == 0 ? "nothing dangerous" : reached, notLive.isEmpty() ? "" : ", not live after the heal: " + notLive);
    }

    private void fail(String expected) {
        throw new AssertionFailedError("lockstorm, " + spec.describe() + ": " + expected + ", but found " + counts() + "\n" + summary
                + "report: " + report());
    }

    /** Reads what a finished run wrote into {@code dir}. */
    static LockStormRun read(LockStormSpec spec, Path dir) throws IOException {
        Map<?, ?> r;
        try (JsonParser p = Json.FACTORY.createParser(Files.readString(dir.resolve("results.json"), StandardCharsets.UTF_8))) {
            p.nextToken();
            r = map(Json.readValue(p));
        }
        Map<?, ?> run = map(r.get("run"));
        Map<?, ?> liveness = map(map(r.get("analyses")).get("liveness"));
        Map<?, ?> resource = map(map(r.get("analyses")).get("resource"));
        List<String> notLive = liveness.get("clients_without_acquire") instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
        Map<String, Integer> exercised = new java.util.LinkedHashMap<>();
        map(map(r.get("coverage")).get("moments")).forEach((k, v) -> exercised.put(String.valueOf(k), number(v)));
        Path summary = dir.resolve("summary.txt");
        return new LockStormRun(spec, dir, Verdict.valueOf(String.valueOf(r.get("verdict")).toUpperCase(Locale.ROOT)),
                number(r.get("double_holders")), number(r.get("lost_updates")), number(r.get("stale_writes_accepted")),
                number(r.get("stale_writes_rejected")), number(r.get("token_violations")), r.get("lost_updates") != null,
                notLive, number(run.get("faults_injected")), number(map(r.get("stats")).get("operations")), number(r.get("lock_defects")),
                number(r.get("lease_limits")), exercised, Files.exists(summary) ? Files.readString(summary, StandardCharsets.UTF_8) : "");
    }

    private static Map<?, ?> map(Object o) {
        return o instanceof Map<?, ?> m ? m : Map.of();
    }

    private static int number(Object o) {
        return o instanceof Number n ? n.intValue() : 0;
    }
}
