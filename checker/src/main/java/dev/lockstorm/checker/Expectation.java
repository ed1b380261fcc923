package dev.lockstorm.checker;

import dev.lockstorm.checker.lock.Coverage;

import java.util.List;
import java.util.Optional;

/**
 * What a CI job expects of a run, as {@code run --expect} takes it: a pass condition other than
 * "valid", such as "double holders are expected, but the resource must stay safe"
 * ({@code --expect double-holder,no-lost-update}) or "the holder was frozen past its lease at least
 * once" ({@code --expect exercised:holder-paused-past-lease}).
 *
 * <pre>{@code
 * Expectation e = Expectation.parse("no-defect");
 * e.unmet(result).ifPresent(why -> System.out.println("not met: " + why));
 * }</pre>
 *
 * @param word what is expected, one of {@link #WORDS} ({@code exercised:KEY} with a key of {@link Coverage#KEYS})
 */
public record Expectation(String word) {
    /** Every expectation there is. */
    public static final List<String> WORDS = List.of("valid", "invalid", "double-holder", "no-double-holder", "lost-update", "no-lost-update",
            "stale-writes-rejected", "no-defect", "defect", "exercised:KEY");

    /** The expectation {@code word} names; an {@link IllegalArgumentException} saying what is expected otherwise. */
    public static Expectation parse(String word) {
        String w = word.trim();
        if (w.startsWith("exercised:")) {
            String key = w.substring("exercised:".length());
            if (!Coverage.KEYS.contains(key)) {
                throw new IllegalArgumentException("--expect " + w + ": no such moment; expected exercised: and one of " + String.join(", ", Coverage.KEYS));
            }
            return new Expectation(w);
        }
        if (!WORDS.contains(w)) throw new IllegalArgumentException("--expect " + w + ": expected one of " + String.join(", ", WORDS));
        return new Expectation(w);
    }

    /** Empty when {@code r} meets it; else what was found instead, in words. */
    public Optional<String> unmet(CheckResult r) {
        boolean lock = r.isLockCheck();
        boolean met = switch (word) {
            case "valid" -> r.verdict() == Verdict.VALID;
            case "invalid" -> r.verdict() == Verdict.INVALID;
            case "double-holder" -> lock && r.doubleHolderCount() > 0;
            case "no-double-holder" -> lock && r.doubleHolderCount() == 0;
            case "lost-update" -> lock && r.lostUpdatesProven();
            // a count that was not computed proves nothing
            case "no-lost-update" -> lock && r.noLostUpdates();
            case "stale-writes-rejected" -> lock && r.staleWritesRejected() > 0;
            case "no-defect" -> lock && r.defectIncidents() == 0 && r.tokenViolations() == 0;
            case "defect" -> lock && (r.defectIncidents() > 0 || r.tokenViolations() > 0);
            default -> lock && r.coverage().count(word.substring("exercised:".length())) > 0;
        };
        if (met) return Optional.empty();
        if (!lock) return Optional.of("not a lock history (model " + r.linearizability().model() + ")");
        return Optional.of(switch (word) {
            case "valid", "invalid" -> "the verdict is " + r.verdict().wire();
            case "double-holder", "no-double-holder" -> r.doubleHolderCount() + " double holders";
            case "lost-update", "no-lost-update" -> r.lostUpdates().isPresent() ? r.lostUpdates().getAsLong() + " lost updates" : "lost updates not checked: " + r.resource().explanation();
            case "stale-writes-rejected" -> "no stale write was rejected";
            case "no-defect", "defect" -> r.defectIncidents() + " lock defects, " + r.leaseLimitIncidents() + " lease limits, " + r.tokenViolations() + " tokens out of order";
            default -> "not exercised; the run reached: " + r.coverage().describe();
        });
    }
}
