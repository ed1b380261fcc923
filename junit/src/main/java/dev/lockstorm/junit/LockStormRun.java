package dev.lockstorm.junit;

import dev.lockstorm.checker.Verdict;
import dev.lockstorm.results.Expectation;
import dev.lockstorm.results.Results;
import dev.lockstorm.results.ResultsJson;
import org.opentest4j.AssertionFailedError;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * What one lockstorm run found: the verdict, its counts, and where the report is, read from the
 * run's own results.json ({@link Results}: a file this lockstorm does not understand is an error,
 * never a count of 0). The assertions are the one pass condition {@code --expect} also uses
 * ({@link Expectation}); they fail with the checker's explanation, the counts and the report's path.
 *
 * <pre>{@code
 * run.assertSafe();                 // valid (no double holder, stale write or lost update) and live after the heal
 * run.assertDoubleHolder();         // a known-unsafe configuration stays unsafe (a regression test)
 * run.assertNoLostUpdates();        // the lock let two in, but fencing saved the resource
 * run.assertNoDefect();             // double holders only where any lease lock has them (a frozen holder, a cut, a clock)
 * run.assertExercised("holder-paused-past-lease");   // the dangerous moment was reached, so the verdict means something
 * }</pre>
 *
 * @param spec    what ran
 * @param dir     the run's directory (history.jsonl, results.json, report.html, logs/)
 * @param results what its results.json says
 * @param summary the checker's explanation, as {@code lockstorm check} prints it
 */
public record LockStormRun(LockStormSpec spec, Path dir, Results results, String summary) {

    /** The page that explains the run. */
    public Path report() {
        return dir.resolve("report.html");
    }

    /** Valid, invalid or unknown (a check that gave up is never valid). */
    public Verdict verdict() {
        return results.verdict();
    }

    /** Pairs of clients that both believed they held the lock at once; an {@link IllegalStateException} when the check's time limit left them not counted. */
    public int doubleHolders() {
        return lock().counted().doubleHolders();
    }

    /** Acknowledged increments missing from the resource's final value; empty when they could not be counted. */
    public OptionalLong lostUpdates() {
        return lock().lostUpdates();
    }

    /** Whether lost updates could be counted (a final read after every write). */
    public boolean resourceChecked() {
        return lock().lostUpdates().isPresent();
    }

    /** Writes the resource accepted after a newer token had written. */
    public int staleWritesAccepted() {
        return lock().staleWritesAccepted();
    }

    /** Reads the resource accepted below a token it had accepted, where it checks reads ({@code fencing = "all"}). */
    public int staleReadsAccepted() {
        return lock().staleReadsAccepted();
    }

    /**
     * Acknowledged writes the resource lost: a read that began after one returned less, and was written back over it
     * (a service that restarts without what it was told, a replica behind). The resource's own loss, whatever the lock did.
     */
    public long forgottenWrites() {
        return lock().forgottenWrites();
    }

    /** Reads that returned a value no write could have set: the resource made it up, or applied a write it refused. */
    public long unwrittenReads() {
        return lock().unwrittenReads();
    }

    /** Writes the resource refused as stale ("fencing saved you N times"). */
    public int staleWritesRejected() {
        return lock().staleWritesRejected();
    }

    /** Fencing tokens that did not increase with the grants. */
    public int tokenViolations() {
        return lock().tokenViolations();
    }

    /** Incidents that nothing explains but the lock. */
    public int lockDefects() {
        return lock().counted().lockDefects();
    }

    /** Incidents any lease lock shows under the fault that came. */
    public int leaseLimits() {
        return lock().counted().leaseLimits();
    }

    /** Clients that could not acquire again after the final heal. */
    public List<String> notLive() {
        return results.notLive() == null ? List.of() : results.notLive();
    }

    /** Faults the nemesis injected. */
    public int faults() {
        return results.run().faultsInjected();
    }

    /** Client operations recorded. */
    public int operations() {
        return results.operations();
    }

    /** How often the run reached each dangerous moment, by key ({@code holder-paused-past-lease}, …). */
    public Map<String, Integer> exercised() {
        return lock().exercised();
    }

    /**
     * Fails unless the run is valid (the lock excluded, the resource lost nothing) and every client
     * could acquire again after the heal: a lock that excludes by never granting is stuck, not safe.
     */
    public LockStormRun assertSafe() {
        SeedRule.claimSafety();
        return expect(Expectation.Word.VALID).assertLive();
    }

    /** Fails unless lockstorm found at least one double holder: for a configuration known to be unsafe. */
    public LockStormRun assertDoubleHolder() {
        return expect(Expectation.Word.DOUBLE_HOLDER);
    }

    /** Fails unless every acknowledged update is in the resource's final value, and that was checked. */
    public LockStormRun assertNoLostUpdates() {
        return expect(Expectation.Word.NO_LOST_UPDATE);
    }

    /** Fails unless the resource rejected at least one stale write: its fencing check did its work. */
    public LockStormRun assertStaleWritesRejected() {
        return expect(Expectation.Word.STALE_WRITES_REJECTED);
    }

    /** Fails unless every client could acquire the lock again after the faults were healed. */
    public LockStormRun assertLive() {
        if (!notLive().isEmpty()) fail("expected every client to acquire after the heal", "not live after the heal: " + notLive());
        return this;
    }

    /** Fails unless lockstorm found a lost update: a configuration known to lose updates stays so. */
    public LockStormRun assertLostUpdates() {
        return expect(Expectation.Word.LOST_UPDATE);
    }

    /**
     * Fails unless every incident is a lease limit (a fault that could have ended the holder's lease
     * as the lock's lease model says: what any lease lock does without fencing), tokens kept their
     * order and every client could take the lock again after the heal: double holders may be
     * expected, a bug of the lock's own is not. The same rule as {@code --expect no-defect}. A claim
     * of safety: with {@code seeds = N} every seed must pass it.
     */
    public LockStormRun assertNoDefect() {
        SeedRule.claimSafety();
        return expect(Expectation.Word.NO_DEFECT);
    }

    /**
     * Fails unless the run showed a defect of the lock: an incident that no fault explains (or a
     * holder told it still held the lock after another was granted it), tokens out of order, or a
     * lock that was not live after the heal. For a lock known to be broken: a regression test. The
     * same rule as {@code --expect defect} and as where {@code hunt} stops.
     */
    public LockStormRun assertDefect() {
        return expect(Expectation.Word.DEFECT);
    }

    /**
     * Fails unless the run fenced ({@code fencing = "writes"} or {@code "all"}) and the protected
     * resource kept fencing's rule: no stale write (nor, fencing all, stale read) accepted, no update
     * lost while every holder fenced, no current holder refused. A claim of safety for a resource of
     * your own: with {@code seeds = N} every seed must pass it. The same rule as
     * {@code --expect no-resource-defect}.
     */
    public LockStormRun assertNoResourceDefect() {
        SeedRule.claimSafety();
        return expect(Expectation.Word.NO_RESOURCE_DEFECT);
    }

    /**
     * Fails unless the run fenced and the resource broke fencing's rule (see
     * {@link #assertNoResourceDefect}): for a resource known to be broken, a regression test. The same
     * rule as {@code --expect resource-defect} and as where {@code hunt --fencing} stops.
     */
    public LockStormRun assertResourceDefect() {
        return expect(Expectation.Word.RESOURCE_DEFECT);
    }

    /**
     * Fails unless the run showed a double holder that is a lease limit (a fault that could have
     * ended the holder's lease as the lock's model says) and no defect: for a lease lock known to
     * give the lock twice under this fault. The regression test {@code shrink} writes for a lease
     * limit asserts it, so that a replay whose double holder has another cause does not pass. The
     * same rule as {@code --expect lease-limit}.
     */
    public LockStormRun assertLeaseLimit() {
        return expect(Expectation.Word.LEASE_LIMIT);
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
     *
     * @throws IllegalArgumentException when {@code key} is no moment
     */
    public LockStormRun assertExercised(String key) {
        Expectation e;
        try {
            e = Expectation.parse("exercised:" + key);
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException("no moment '" + key + "'; expected one of " + exercised().keySet());
        }
        return check(e, "expected the run to reach " + key);
    }

    /** Fails unless the nemesis injected at least one fault (a run whose faults never landed proves little). */
    public LockStormRun assertFaultsInjected() {
        if (faults() == 0) fail("expected the nemesis to inject a fault", "no fault injected");
        return this;
    }

    /** The counts in one line: "invalid: 3 double holders (…), 1 lost updates, 0 stale writes accepted, 2 rejected, 4 faults, …". */
    public String counts() {
        return results.counts();
    }

    private Results.Lock lock() {
        return results.lock();
    }

    private LockStormRun expect(Expectation.Word word) {
        return check(new Expectation(word, null), "expected " + word.wire());
    }

    private LockStormRun check(Expectation e, String expected) {
        e.unmet(results).ifPresent(why -> fail(expected, why));
        return this;
    }

    private void fail(String expected, String why) {
        throw new AssertionFailedError("lockstorm, " + spec.describe() + ": " + expected + ", but found " + why + "\n  " + counts() + "\n"
                + summary + "report: " + report());
    }

    /**
     * Reads what the run of {@code spec} wrote into {@code dir}, and nothing else: a results.json this
     * lockstorm does not understand, or one of another run (another system or seed), is an error.
     */
    static LockStormRun read(LockStormSpec spec, Path dir) throws IOException {
        Results r = ResultsJson.read(dir.resolve("results.json"));
        if (r.lock() == null || r.run() == null || r.run().faultsInjected() == null) {
            throw new IllegalArgumentException(dir.resolve("results.json") + ": expected a lock run's results (its counts and the run's facts)");
        }
        if (!r.run().system().equals(spec.system()) || r.run().seed() == null || r.run().seed() != spec.seed()) {
            throw new IllegalStateException(dir + " holds the run of " + r.run().system() + " seed " + r.run().seed() + ", not of " + spec.describe());
        }
        Path summary = dir.resolve("summary.txt");
        return new LockStormRun(spec, dir, r, Files.exists(summary) ? Files.readString(summary, StandardCharsets.UTF_8) : "");
    }
}
