package dev.lockstorm.results;

import dev.lockstorm.checker.Analysis;
import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.lock.Coverage;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What a run's check found, as every reader of it takes it: the typed head of results.json. {@link
 * ResultsJson} writes it and reads it back ({@link ResultsJson#read}), refusing a file it does not
 * understand (a missing or unknown key is an error, never 0); the JUnit helper, {@code serve}, the run
 * commands and every pass condition ({@link Expectation}) read this record, never the file's keys.
 *
 * <pre>{@code
 * Results r = ResultsJson.read(dir.resolve("results.json"));
 * if (Expectation.DEFECT.unmet(r).isEmpty()) System.out.println("a defect of the lock: " + r.defects());
 * }</pre>
 *
 * @param verdict    the overall verdict ({@link Analysis#overall})
 * @param source     the history's file or name
 * @param model      the lock or data model the history was checked against
 * @param lock       the lock analyses' counts; null for a history of another model (a register, a key-value store)
 * @param analyses   each analysis's status and one-line detail, by its kind
 * @param notLive    the clients that could not acquire after the final heal; null when liveness was not measured
 *                   (a history checked on its own, a run killed midway)
 * @param run        what the run was (system, nemesis, seed, …); null for a history checked on its own
 * @param operations client operations in the history
 */
public record Results(Verdict verdict, String source, String model, Lock lock, Map<Analysis.Kind, Decided> analyses, List<String> notLive,
                      Run run, int operations) {
    /** The version of results.json's schema that this record reads and writes; a file of another is refused. */
    public static final int SCHEMA = 1;

    public Results {
        analyses = Map.copyOf(analyses);
        notLive = notLive == null ? null : List.copyOf(notLive);
    }

    /**
     * An analysis as decided.
     *
     * @param status its verdict, or that it was not checked or does not apply
     * @param detail one line: the first problem, why it could not decide, or what it counted
     */
    public record Decided(Analysis.Status status, String detail) {
    }

    /**
     * The lock analyses' counts.
     *
     * @param holds               the double holders and their incidents, or null when they were not counted (the check's
     *                            time limit cut the sweep short): never zeros that were not computed
     * @param staleWritesAccepted writes the resource accepted after a newer token had written
     * @param staleReadsAccepted  reads the resource accepted below a token it had accepted, where it checks reads
     * @param staleWritesRejected writes the resource refused as stale
     * @param currentHoldersRefused operations the resource refused though no token above theirs had been accepted: a fencing
     *                            check that compares wrongly, not fencing at work
     * @param tokenViolations     fencing tokens that did not increase with the grants
     * @param lostUpdates         acknowledged increments missing from the resource's final value; empty when not counted
     * @param forgottenWrites     acknowledged writes the resource lost: a read that began after one returned less, and was
     *                            written back over it (the resource's own loss, whatever the lock did)
     * @param unwrittenReads      reads that returned a value no write could have set (the resource's own fault, whatever the lock did)
     * @param resource            the resource analysis's explanation (why lost updates were not counted, or what was)
     * @param exercised           how often the run reached each dangerous moment, by its key, every key present
     * @param exercisedSummary    the moments reached, in words, or that nothing dangerous was
     */
    public record Lock(Holds holds, int staleWritesAccepted, int staleReadsAccepted, int staleWritesRejected, int currentHoldersRefused,
                       int tokenViolations, OptionalLong lostUpdates, long forgottenWrites, long unwrittenReads, String resource, Map<String, Integer> exercised,
                       String exercisedSummary) {
        public Lock {
            exercised = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(exercised));
        }

        /** The holds' counts; an {@link IllegalStateException} saying why when they were not counted. */
        public Holds counted() {
            if (holds == null) throw new IllegalStateException(NOT_COUNTED);
            return holds;
        }
    }

    /** Why a lock's double holders have no count. */
    public static final String NOT_COUNTED = "double holders not counted: the check's time limit cut the sweep short (its analysis says how far it got)";

    /**
     * The double holders of a lock check that ran to the end.
     *
     * @param doubleHolders pairs of clients that both believed they held the lock at once
     * @param incidents     the pairs grouped by the hold others overlapped
     * @param lockDefects   incidents that nothing but the lock explains
     * @param leaseLimits   incidents any lease lock shows under the fault that came
     */
    public record Holds(int doubleHolders, int incidents, int lockDefects, int leaseLimits) {
    }

    /**
     * What the run was, as the run recorded it: the facts every reader needs typed, and all of them as
     * they were written (for showing).
     *
     * @param system         the lock system
     * @param nemesis        the nemesis kind, or null when not recorded
     * @param seed           the seed, or null when not recorded
     * @param faultsInjected faults the nemesis injected, or null when not recorded (a history checked again by hand)
     * @param facts          every fact of the run as written, in order
     */
    public record Run(String system, String nemesis, Long seed, Integer faultsInjected, Map<String, Object> facts) {
        public Run {
            facts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(facts));
        }

        /** The facts as a run writes them (system first); {@code facts} must name the system. */
        public static Run of(Map<String, Object> facts) {
            if (!(facts.get("system") instanceof String system)) throw new IllegalArgumentException("a run's facts must name its system: " + facts);
            return new Run(system, facts.get("nemesis") instanceof String n ? n : null, facts.get("seed") instanceof Number s ? s.longValue() : null,
                    facts.get("faults_injected") instanceof Number f ? f.intValue() : null, facts);
        }
    }

    /**
     * The record of a check as it stands in memory, the same as {@link ResultsJson#read} gives back
     * for the file {@link ResultsJson#write} writes from it.
     *
     * @param notLive the clients not live after the heal, or null when not measured
     * @param facts   the run's facts, or an empty map for a history checked on its own
     */
    public static Results of(CheckResult r, List<String> notLive, Map<String, Object> facts) {
        Map<Analysis.Kind, Decided> analyses = new EnumMap<>(Analysis.Kind.class);
        for (Analysis a : r.analyses()) analyses.put(a.kind(), new Decided(a.status(), a.detail()));
        Lock lock = null;
        if (r.isLockCheck()) {
            Coverage c = r.coverage();
            Map<String, Integer> moments = new LinkedHashMap<>();
            for (Coverage.Moment m : c.moments()) moments.put(m.key(), m.count());
            Holds holds = r.holdsCounted() ? new Holds(r.doubleHolderCount(), r.incidents().size(), r.defectIncidents(), r.leaseLimitIncidents()) : null;
            lock = new Lock(holds, r.staleWritesAccepted(), r.staleReadsAccepted(),
                    r.staleWritesRejected(), r.fencing().wrongfulRefusals().size(), r.tokenViolations(), r.lostUpdates(), r.resource().forgottenWrites(), r.resource().unwrittenReads().size(),
                    r.resource().explanation(), moments,
                    c.dangerousReached() ? c.describe() : c.nothingDangerous());
        }
        return new Results(r.verdict(), r.source(), r.linearizability().model(), lock, analyses, notLive, facts.isEmpty() ? null : Run.of(facts),
                r.stats().operations());
    }

    /** Whether the history was checked as a lock's (the lock analyses ran). */
    public boolean isLock() {
        return lock != null;
    }

    /**
     * What makes this a defect of the lock rather than what any lease lock does under its faults:
     * incidents that nothing but the lock explains, fencing tokens out of order, clients that could not
     * take the lock again after the heal. Empty when there is none (a non-lock history has none).
     * The one rule behind {@code --expect defect|no-defect}, {@code assertDefect}/{@code assertNoDefect}
     * and where {@code hunt} stops.
     */
    public List<String> defects() {
        List<String> out = new ArrayList<>();
        if (lock == null) return out;
        if (lock.holds() != null && lock.holds().lockDefects() > 0) out.add(plural(lock.holds().lockDefects(), "lock defect"));
        if (lock.tokenViolations() > 0) out.add(plural(lock.tokenViolations(), "token") + " out of order");
        if (notLive != null && !notLive.isEmpty()) out.add("not live after the heal: " + String.join(", ", notLive) + " could not acquire");
        return out;
    }

    /** What the run asked the resource to fence ({@code none}, {@code writes}, {@code all}), or null when the run did not record it. */
    public String fencing() {
        return run == null || !(run.facts().get("fencing") instanceof String f) ? null : f;
    }

    /**
     * What makes this a defect of the protected resource, where the run asked it to fence
     * ({@code --fencing writes} or {@code all}): a stale write or (fencing all) a stale read it
     * accepted, an update lost although every holder fenced its reads and writes (fencing all: under
     * fencing writes a newer holder's unfenced read may come before an older holder's accepted write
     * lands, and the loss is what write-only fencing allows), an acknowledged write it lost (a read that
     * began after the write returned less, whatever the fencing), a read of a value no write set, a
     * current holder it refused. Empty when
     * there is none, and when the run did not fence (nothing was asked of the resource). The one rule
     * behind {@code --expect resource-defect|no-resource-defect}, the JUnit helper's
     * {@code assertResourceDefect}/{@code assertNoResourceDefect}, and where {@code hunt --fencing} stops.
     */
    public List<String> resourceDefects() {
        List<String> out = new ArrayList<>();
        String f = fencing();
        if (lock == null || f == null || f.equals("none")) return out;
        if (lock.staleWritesAccepted() > 0) out.add(plural(lock.staleWritesAccepted(), "stale write") + " accepted");
        if (f.equals("all") && lock.staleReadsAccepted() > 0) out.add(plural(lock.staleReadsAccepted(), "stale read") + " accepted");
        if (f.equals("all") && lock.lostUpdates().isPresent() && lock.lostUpdates().getAsLong() > 0) {
            out.add(plural((int) lock.lostUpdates().getAsLong(), "update") + " lost though every holder fenced its reads and writes");
        }
        if (lock.forgottenWrites() > 0 && !f.equals("all")) {
            // under fencing all these are among the lost updates above; under writes no unfenced read explains them
            out.add(plural((int) lock.forgottenWrites(), "acknowledged write") + " lost by the resource (a read that began after it returned less)");
        }
        if (lock.unwrittenReads() > 0) out.add(plural((int) lock.unwrittenReads(), "read") + " of a value no write set");
        if (lock.currentHoldersRefused() > 0) out.add(plural(lock.currentHoldersRefused(), "current holder") + " refused (no newer token had reached the resource)");
        return out;
    }

    /** How often the run reached moment {@code key}; empty when the key is no moment of this file. */
    public Optional<Integer> exercised(String key) {
        return lock == null ? Optional.empty() : Optional.ofNullable(lock.exercised().get(key));
    }

    /** The counts in one line: "invalid: 3 double holders (1 lock defect, 2 lease limits), 1 lost update, …". */
    public String counts() {
        if (lock == null) return verdict.wire() + ": " + operations + " operations (model " + model + ")";
        Holds h = lock.holds();
        return String.format(Locale.ROOT, "%s: %s, %s, %d stale writes accepted,"
                        + " %d rejected, %d token violations, %s faults, %d operations, exercised: %s%s", verdict.wire(),
                h == null ? "double holders not counted" : h.doubleHolders() + " double holders (" + h.lockDefects() + " lock defects, " + h.leaseLimits()
                        + " lease limits)", lock.lostUpdates().isPresent() ? lock.lostUpdates().getAsLong() + " lost updates" : "lost updates not checked",
                lock.staleWritesAccepted(), lock.staleWritesRejected(), lock.tokenViolations(),
                run == null || run.faultsInjected() == null ? "?" : Integer.toString(run.faultsInjected()), operations,
                reached(lock.exercised()), notLive == null || notLive.isEmpty() ? "" : ", not live after the heal: " + notLive);
    }

    /** The moments reached, by key with their counts ("holder-paused ×2, holder-killed ×1"), or "nothing dangerous". */
    public static String reached(Map<String, Integer> moments) {
        StringBuilder b = new StringBuilder();
        moments.forEach((k, n) -> {
            if (n > 0) b.append(b.length() == 0 ? "" : ", ").append(k).append(" ×").append(n);
        });
        return b.length() == 0 ? "nothing dangerous" : b.toString();
    }

    private static String plural(int n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }
}
