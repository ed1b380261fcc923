package dev.lockstorm.checker;

import dev.lockstorm.checker.history.Prose;

import java.util.List;
import java.util.Locale;

/**
 * One analysis of a check and its verdict, decided once by the checker; the summary, results.json,
 * junit.xml and report.html only show it, each reading its {@link Kind}.
 *
 * <pre>{@code
 * Analysis a = new Analysis(Analysis.Kind.RESOURCE, Analysis.Status.INVALID, "3 updates lost");
 * a.kind().key();   // "resource", as results.json names it
 * }</pre>
 *
 * @param kind   which analysis this is: its identity
 * @param name   its title for a person: "linearizability (fenced-mutex)", "double holders", …
 * @param status what it found
 * @param about  one line: the first problem, why it could not decide, or what it counted; in its parts
 */
public record Analysis(Kind kind, String name, Status status, Prose about) {

    public Analysis(Kind kind, String name, Status status, String detail) {
        this(kind, name, status, Prose.text(detail));
    }

    public Analysis(Kind kind, Status status, Prose about) {
        this(kind, kind.title(), status, about);
    }

    public Analysis(Kind kind, Status status, String detail) {
        this(kind, kind.title(), status, Prose.text(detail));
    }

    /** {@link #about()} in plain words. */
    public String detail() {
        return about.plain();
    }

    /** The analyses there are, each with the key results.json gives it and its title. */
    public enum Kind {
        LINEARIZABILITY("linearizability", "linearizability"),
        DOUBLE_HOLDERS("double_holders", "double holders"),
        FENCING("fencing", "fencing"),
        RESOURCE("resource", "resource (lost updates)"),
        /** Every client acquired the lock again after the final heal: known only for a run lockstorm drove. */
        LIVENESS("liveness", "liveness after heal");

        private final String key;
        private final String title;

        Kind(String key, String title) {
            this.key = key;
            this.title = title;
        }

        /** The key in results.json and junit.xml: "double_holders". */
        public String key() {
            return key;
        }

        /** The title for a person: "double holders". */
        public String title() {
            return title;
        }
    }

    /** An analysis's outcome: a verdict, or that it could not be checked at all (the history lacks what it needs). */
    public enum Status {
        VALID, INVALID, UNKNOWN, NOT_CHECKED, NOT_APPLICABLE;

        /** {@code valid}, {@code invalid}, {@code unknown}, {@code not checked} or {@code not applicable}. */
        public String wire() {
            return name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }

        static Status of(Verdict v) {
            return switch (v) {
                case VALID -> VALID;
                case INVALID -> INVALID;
                case UNKNOWN -> UNKNOWN;
            };
        }
    }

    /**
     * The one rule for the overall verdict: invalid when any analysis is (safety or liveness), else
     * unknown when any could not decide (a search that ran out of time or memory), else valid. An
     * analysis that was not checked or does not apply decides nothing.
     */
    public static Verdict overall(List<Analysis> analyses) {
        Verdict v = Verdict.VALID;
        for (Analysis a : analyses) {
            if (a.status() == Status.INVALID) return Verdict.INVALID;
            if (a.status() == Status.UNKNOWN) v = Verdict.UNKNOWN;
        }
        return v;
    }
}
