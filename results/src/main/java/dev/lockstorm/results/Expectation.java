package dev.lockstorm.results;

import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.lock.Coverage;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What a run is expected to show: the one pass condition behind {@code run --expect}, {@code matrix
 * --expect}, the JUnit helper's assertions ({@code assertDefect}, {@code assertNoDefect}, …) and
 * where {@code hunt} stops. For example "double holders are expected, but the resource must stay
 * safe" ({@code --expect double-holder,no-lost-update}) or "the holder was frozen past its lease at
 * least once" ({@code --expect exercised:holder-paused-past-lease}).
 *
 * <pre>{@code
 * Expectation e = Expectation.parse("no-defect");
 * e.unmet(results).ifPresent(why -> System.out.println("not met: " + why));
 * }</pre>
 *
 * @param word   what is expected
 * @param moment for {@link Word#EXERCISED}, the moment's key (one of {@link Coverage#KEYS}); else null
 */
public record Expectation(Word word, String moment) {
    /** The expectations there are, each with the word {@code --expect} takes. */
    public enum Word {
        VALID("valid"),
        INVALID("invalid"),
        DOUBLE_HOLDER("double-holder"),
        NO_DOUBLE_HOLDER("no-double-holder"),
        LOST_UPDATE("lost-update"),
        NO_LOST_UPDATE("no-lost-update"),
        STALE_WRITES_REJECTED("stale-writes-rejected"),
        /** Every incident a lease limit, tokens in order, every client able to acquire after the heal. */
        NO_DEFECT("no-defect"),
        /** The opposite of {@link #NO_DEFECT}: see {@link Results#defects()}. */
        DEFECT("defect"),
        /**
         * A double holder that is a lease limit, and no defect: what a lease lock does under a fault
         * that outruns its lease (a shrunk finding's regression test asserts its cause with it).
         */
        LEASE_LIMIT("lease-limit"),
        /** The run fenced, and the resource broke its rule: see {@link Results#resourceDefects()}. */
        RESOURCE_DEFECT("resource-defect"),
        /** The run fenced ({@code --fencing writes|all}), and the resource kept its rule. */
        NO_RESOURCE_DEFECT("no-resource-defect"),
        EXERCISED("exercised:KEY");

        private final String wire;

        Word(String wire) {
            this.wire = wire;
        }

        /** As {@code --expect} takes it: {@code no-lost-update}, {@code exercised:KEY}. */
        public String wire() {
            return wire;
        }

        /**
         * Whether a history that meets it goes on meeting it as it grows, so that a run may end as soon
         * as the history so far shows it ({@code run --until}): a finding (a double holder, a defect, a
         * stale write refused, a moment exercised) stays found. Not so "valid", "no-defect" or
         * "lease-limit" (a later defect undoes them), nor a count of lost updates, which a later read
         * may show otherwise.
         */
        public boolean staysMet() {
            return switch (this) {
                case INVALID, DOUBLE_HOLDER, STALE_WRITES_REJECTED, DEFECT, RESOURCE_DEFECT, EXERCISED -> true;
                case VALID, NO_DOUBLE_HOLDER, LOST_UPDATE, NO_LOST_UPDATE, NO_DEFECT, LEASE_LIMIT, NO_RESOURCE_DEFECT -> false;
            };
        }
    }

    /** A defect of the lock: see {@link Results#defects()}. */
    public static final Expectation DEFECT = new Expectation(Word.DEFECT, null);
    /** No defect of the lock: every double holder a lease limit, tokens in order, live after the heal. */
    public static final Expectation NO_DEFECT = new Expectation(Word.NO_DEFECT, null);

    public Expectation {
        if ((word == Word.EXERCISED) != (moment != null)) throw new IllegalArgumentException("a moment goes with exercised, and only with it");
    }

    /** Every word, as the help texts list them. */
    public static String words() {
        return String.join(", ", Arrays.stream(Word.values()).map(Word::wire).toList());
    }

    /** The expectation {@code text} names; an {@link IllegalArgumentException} saying what is expected otherwise. */
    public static Expectation parse(String text) {
        return parse(text, "--expect");
    }

    /** {@link #parse(String)}, the error naming {@code option} (the word given where). */
    private static Expectation parse(String text, String option) {
        String w = text.trim();
        if (w.startsWith("exercised:")) {
            String key = w.substring("exercised:".length());
            if (!Coverage.KEYS.contains(key)) {
                throw new IllegalArgumentException(option + " " + w + ": no such moment; expected exercised: and one of " + String.join(", ", Coverage.KEYS));
            }
            return new Expectation(Word.EXERCISED, key);
        }
        for (Word x : Word.values()) if (x != Word.EXERCISED && x.wire().equals(w)) return new Expectation(x, null);
        throw new IllegalArgumentException(option + " " + w + ": expected one of " + words());
    }

    /**
     * The expectations a run may end at ({@code --until}), from {@code words}; an {@link IllegalArgumentException}
     * naming {@code option}, the word and what is expected for a word that is none, or one that does not stay met.
     */
    public static List<Expectation> endings(List<String> words, String option) {
        List<Expectation> out = new ArrayList<>();
        for (String w : words) {
            Expectation e = parse(w, option);
            if (!e.word().staysMet()) {
                throw new IllegalArgumentException(option + " " + e.text() + ": a run ends only at what stays shown once shown; expected one of "
                        + String.join(", ", Arrays.stream(Word.values()).filter(Word::staysMet).map(Word::wire).toList()));
            }
            out.add(e);
        }
        return List.copyOf(out);
    }

    /** What a run ending at {@code all} looks for: every one met by the history so far, in words; empty while one is not. */
    public static Optional<String> allMet(List<Expectation> all, Results r) {
        for (Expectation e : all) if (e.unmet(r).isPresent()) return Optional.empty();
        return all.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", all.stream().map(Expectation::text).toList()));
    }

    /** The expectation as {@code --expect} takes it. */
    public String text() {
        return word == Word.EXERCISED ? "exercised:" + moment : word.wire();
    }

    /** Empty when {@code r} meets it; else what was found instead, in words. */
    public Optional<String> unmet(Results r) {
        Results.Lock l = r.lock();
        boolean met = switch (word) {
            case VALID -> r.verdict() == Verdict.VALID;
            case INVALID -> r.verdict() == Verdict.INVALID;
            // double holders not counted prove nothing, either way; nor do they prove "no defect" or "only lease limits"
            case DOUBLE_HOLDER -> l != null && l.holds() != null && l.holds().doubleHolders() > 0;
            case NO_DOUBLE_HOLDER -> l != null && l.holds() != null && l.holds().doubleHolders() == 0;
            // a count that was not computed proves nothing, either way
            case LOST_UPDATE -> l != null && l.lostUpdates().isPresent() && l.lostUpdates().getAsLong() > 0;
            case NO_LOST_UPDATE -> l != null && l.lostUpdates().isPresent() && l.lostUpdates().getAsLong() == 0;
            case STALE_WRITES_REJECTED -> l != null && l.staleWritesRejected() > 0;
            case NO_DEFECT -> l != null && l.holds() != null && r.defects().isEmpty();
            case DEFECT -> l != null && !r.defects().isEmpty();
            case LEASE_LIMIT -> l != null && l.holds() != null && l.holds().leaseLimits() > 0 && r.defects().isEmpty();
            case RESOURCE_DEFECT -> !r.resourceDefects().isEmpty();
            // nothing asked of the resource proves nothing of it
            case NO_RESOURCE_DEFECT -> l != null && fenced(r) && r.resourceDefects().isEmpty();
            case EXERCISED -> r.exercised(moment).orElse(0) > 0;
        };
        if (met) return Optional.empty();
        if (word == Word.VALID || word == Word.INVALID) return Optional.of("the verdict is " + r.verdict().wire());
        if (l == null) return Optional.of("not a lock history (model " + r.model() + ")");
        boolean onHolds = switch (word) {
            case DOUBLE_HOLDER, NO_DOUBLE_HOLDER, NO_DEFECT, DEFECT, LEASE_LIMIT -> true;
            default -> false;
        };
        if (l.holds() == null && onHolds) return Optional.of(Results.NOT_COUNTED);
        if ((word == Word.RESOURCE_DEFECT || word == Word.NO_RESOURCE_DEFECT) && !fenced(r)) {
            return Optional.of("the run did not fence (" + (r.fencing() == null ? "its fencing not recorded" : "--fencing " + r.fencing())
                    + "): nothing was asked of the resource");
        }
        Results.Holds h = l.holds();
        return Optional.of(switch (word) {
            case DOUBLE_HOLDER, NO_DOUBLE_HOLDER -> h.doubleHolders() + " double holders";
            case LOST_UPDATE, NO_LOST_UPDATE -> l.lostUpdates().isPresent() ? l.lostUpdates().getAsLong() + " lost updates"
                    : "lost updates not checked: " + l.resource();
            case STALE_WRITES_REJECTED -> "no stale write was rejected";
            case NO_DEFECT -> String.join("; ", r.defects()) + " (" + h.leaseLimits() + " lease limits)";
            case LEASE_LIMIT -> h.leaseLimits() == 0 ? "no lease limit (" + h.doubleHolders() + " double holders, " + h.lockDefects() + " lock defects)"
                    : "a defect besides: " + String.join("; ", r.defects());
            case RESOURCE_DEFECT -> "no resource defect: " + l.staleWritesAccepted() + " stale writes accepted, " + l.staleWritesRejected()
                    + " rejected, " + (l.lostUpdates().isPresent() ? l.lostUpdates().getAsLong() + " lost updates" : "lost updates not checked");
            case NO_RESOURCE_DEFECT -> String.join("; ", r.resourceDefects());
            case DEFECT -> "no defect: " + h.lockDefects() + " lock defects, " + h.leaseLimits() + " lease limits, " + l.tokenViolations()
                    + " tokens out of order" + (r.notLive() == null ? ", liveness not measured" : ", every client live after the heal");
            default -> r.exercised(moment).isEmpty() ? "no moment " + moment + " in these results"
                    : "not exercised; the run reached: " + l.exercisedSummary();
        });
    }

    private static boolean fenced(Results r) {
        return r.fencing() != null && !r.fencing().equals("none");
    }

    @Override
    public String toString() {
        return text();
    }
}
