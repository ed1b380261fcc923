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
 * @param summary             the checker's explanation, as {@code lockstorm check} prints it
 */
public record LockStormRun(LockStormSpec spec, Path dir, Verdict verdict, int doubleHolders, long lostUpdates, int staleWritesAccepted,
                           int staleWritesRejected, int tokenViolations, boolean resourceChecked, List<String> notLive, int faults,
                           int operations, String summary) {

    public LockStormRun {
        notLive = List.copyOf(notLive);
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

    /** Fails unless the nemesis injected at least one fault (a run whose faults never landed proves little). */
    public LockStormRun assertFaultsInjected() {
        if (faults == 0) fail("expected the nemesis to inject a fault");
        return this;
    }

    /** The counts in one line: "invalid: 3 double holders, 1 lost update, 0 stale writes accepted, 2 rejected, 4 faults". */
    public String counts() {
        return String.format(Locale.ROOT, "%s: %d double holders, %d lost updates%s, %d stale writes accepted, %d rejected, %d token violations,"
                        + " %d faults, %d operations%s", verdict.wire(), doubleHolders, lostUpdates, resourceChecked ? "" : " (not checked)",
                staleWritesAccepted, staleWritesRejected, tokenViolations, faults, operations,
                notLive.isEmpty() ? "" : ", not live after the heal: " + notLive);
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
        Map<?, ?> liveness = map(r.get("liveness"));
        Map<?, ?> resource = map(map(r.get("analyses")).get("resource"));
        List<String> notLive = liveness.get("clients_without_acquire") instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
        Path summary = dir.resolve("summary.txt");
        return new LockStormRun(spec, dir, Verdict.valueOf(String.valueOf(r.get("verdict")).toUpperCase(Locale.ROOT)),
                number(r.get("double_holders")), number(r.get("lost_updates")), number(r.get("stale_writes_accepted")),
                number(r.get("stale_writes_rejected")), number(r.get("token_violations")), !"not checked".equals(resource.get("verdict")),
                notLive, number(run.get("faults_injected")), number(map(r.get("stats")).get("operations")),
                Files.exists(summary) ? Files.readString(summary, StandardCharsets.UTF_8) : "");
    }

    private static Map<?, ?> map(Object o) {
        return o instanceof Map<?, ?> m ? m : Map.of();
    }

    private static int number(Object o) {
        return o instanceof Number n ? n.intValue() : 0;
    }
}
