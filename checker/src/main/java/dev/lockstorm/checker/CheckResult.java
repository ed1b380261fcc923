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
 * @param verdict          the overall verdict: invalid when any analysis is, else unknown when the
 *                         search gave up, else valid
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
 */
public record CheckResult(Verdict verdict, String source, List<Analysis> analyses, LinearizabilityResult linearizability,
                          List<DoubleHolder> doubleHolders, List<Incident> incidents, FencingAnalysis.Result fencing,
                          ResourceCounter.Result resource, List<FaultSpan> faults, Coverage coverage, Stats stats) {

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

    public int doubleHolderCount() {
        return doubleHolders == null ? 0 : doubleHolders.size();
    }

    public int staleWritesAccepted() {
        return fencing == null ? 0 : fencing.staleWrites().size();
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

    public long lostUpdates() {
        return resource == null ? 0 : resource.lostUpdates();
    }
}
