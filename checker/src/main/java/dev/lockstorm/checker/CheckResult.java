package dev.lockstorm.checker;

import dev.lockstorm.checker.lock.Coverage;
import dev.lockstorm.checker.lock.DoubleHolder;
import dev.lockstorm.checker.lock.FaultSpan;
import dev.lockstorm.checker.lock.FencingAnalysis;
import dev.lockstorm.checker.lock.Incident;
import dev.lockstorm.checker.lock.ResourceCounter;
import dev.lockstorm.checker.linear.LinearizabilityResult;

import java.util.List;

/**
 * Everything a check found about one history. The lock analyses are null for non-lock models.
 *
 * @param verdict          the overall verdict, by one rule ({@link Analysis#overall}): invalid when any
 *                         analysis is, else unknown when the search gave up, else valid
 * @param source           the history's file or name
 * @param analyses         each analysis with its verdict, decided here once: every renderer shows these
 * @param linearizability  the search's result
 * @param doubleHolders    overlapping certain holds, as pairs (lock models)
 * @param incidents        the pairs grouped by the hold others overlapped, each with its faults and damage (lock models)
 * @param fencing          token order and stale writes (lock models)
 * @param resource         lost updates of the protected counter (lock models)
 * @param faults           the nemesis's faults, start to heal
 * @param coverage         what the run exercised: the dangerous moments it reached (lock models)
 * @param stats            sizes and time taken
 * @param warnings         what the history did that a documented rule decided (times that went back), for a person
 */
public record CheckResult(Verdict verdict, String source, List<Analysis> analyses, LinearizabilityResult linearizability,
                          List<DoubleHolder> doubleHolders, List<Incident> incidents, FencingAnalysis.Result fencing,
                          ResourceCounter.Result resource, List<FaultSpan> faults, Coverage coverage, Stats stats, List<String> warnings) {

    public CheckResult {
        analyses = List.copyOf(analyses);
        warnings = List.copyOf(warnings);
    }

    /** The analysis of this kind, if the check ran it. */
    public java.util.Optional<Analysis> analysis(Analysis.Kind kind) {
        return analyses.stream().filter(a -> a.kind() == kind).findFirst();
    }

    /**
     * This result with the run's liveness as one more analysis ({@link Analysis.Kind#LIVENESS}), and the
     * overall verdict decided again by the one rule ({@link Analysis#overall}): a lock that a client could
     * not take again after the final heal makes the run invalid.
     *
     * @param notLive the clients that could not acquire after the final heal (empty: every one did)
     */
    public CheckResult withLiveness(List<String> notLive) {
        List<Analysis> all = new java.util.ArrayList<>(analyses);
        all.removeIf(a -> a.kind() == Analysis.Kind.LIVENESS);
        all.add(new Analysis(Analysis.Kind.LIVENESS, notLive.isEmpty() ? Analysis.Status.VALID : Analysis.Status.INVALID,
                notLive.isEmpty() ? "every client acquired the lock again after the final heal"
                        : "could not acquire after the final heal: " + String.join(", ", notLive)));
        return new CheckResult(Analysis.overall(all), source, all, linearizability, doubleHolders, incidents, fencing, resource, faults,
                coverage, stats, warnings);
    }

    /**
     * @param events                events in the history
     * @param operations            client operations
     * @param processes             distinct client processes
     * @param crashedOperations     operations that ended in info or never completed
     * @param incompleteInvocations invocations the history ended before completing (counted as info)
     * @param millis                time the check took
     */
    public record Stats(int events, int operations, int processes, int crashedOperations, int incompleteInvocations,
                        long millis) {
    }

    public boolean isLockCheck() {
        return doubleHolders != null;
    }

    /**
     * Whether the double holders were counted and grouped into incidents: a lock check whose sweep
     * and grouping ran to the end. When not (the check's time limit cut them short), the counts below
     * are not the history's and are shown nowhere: absent from results.json, "not counted" in words.
     */
    public boolean holdsCounted() {
        return incidents != null;
    }

    /** Pairs of overlapping holds, all counted (each is one grant of one incident; {@code doubleHolders} keeps the first of them); 0 when not {@link #holdsCounted}. */
    public int doubleHolderCount() {
        if (incidents == null) return 0;
        long n = 0;
        for (Incident i : incidents) n += i.grantCount();
        return (int) Math.min(Integer.MAX_VALUE, n);
    }

    public int staleWritesAccepted() {
        return fencing == null ? 0 : fencing.staleWrites().size();
    }

    /** Reads the resource accepted below a token it had already accepted, where it checks reads ({@code fencing: all}). */
    public int staleReadsAccepted() {
        return fencing == null ? 0 : fencing.staleReads().size();
    }

    public int staleWritesRejected() {
        return fencing == null ? 0 : fencing.rejected();
    }

    public int tokenViolations() {
        return fencing == null ? 0 : fencing.tokenViolations().size();
    }

    /** The grant that made the first double holder (the earliest second holder's acquire ok), or null. */
    public dev.lockstorm.checker.history.Op firstDoubleHolder() {
        if (doubleHolders == null) return null;
        dev.lockstorm.checker.history.Op first = null;
        for (DoubleHolder d : doubleHolders) if (first == null || d.second().start().index() < first.index()) first = d.second().start();
        return first;
    }

    /** Where the first update was lost, or null (see {@link ResourceCounter.Result#firstLoss()}). */
    public dev.lockstorm.checker.history.Op firstLostUpdate() {
        return resource == null ? null : resource.firstLoss();
    }

    /** Incidents that any lease lock shows under the fault that came (the holder frozen, cut off, past its lease; a clock moved). */
    public int leaseLimitIncidents() {
        return incidents == null ? 0 : (int) incidents.stream().filter(i -> i.cause().leaseLimit()).count();
    }

    /** Incidents that nothing of that kind explains: the lock has a defect. */
    public int defectIncidents() {
        return incidents == null ? 0 : incidents.size() - leaseLimitIncidents();
    }

    /**
     * Lost updates of the protected resource, when they were counted: every lock's count was checked,
     * or some lock's count proves a loss (then the sum over the locks that could be checked). Empty when
     * nothing was counted (no resource, no final read): a count never computed is never shown as 0.
     */
    public java.util.OptionalLong lostUpdates() {
        if (resource == null || !(resource.checked() || resource.lossProven())) return java.util.OptionalLong.empty();
        return java.util.OptionalLong.of(resource.lostUpdates());
    }

    /** The count for a person: "3", or "not checked" when nothing was counted. */
    public String lostUpdatesText() {
        return lostUpdates().isPresent() ? Long.toString(lostUpdates().getAsLong()) : "not checked";
    }

    /** Whether lost updates are proven (on any lock). */
    public boolean lostUpdatesProven() {
        return resource != null && resource.lossProven();
    }

    /** Whether the resource was checked on every lock and lost nothing. */
    public boolean noLostUpdates() {
        return resource != null && resource.checked() && resource.lostUpdates() == 0;
    }
}
