package dev.lockstorm.checker;

import java.util.Locale;

/**
 * One analysis of a check and its verdict, decided once by the checker; the summary, results.json,
 * junit.xml and report.html only show it.
 *
 * @param name   "linearizability (fenced-mutex)", "double holders", "fencing", "resource (lost updates)"
 * @param status what it found
 * @param detail one line: the first problem, why it could not decide, or what it counted
 */
public record Analysis(String name, Status status, String detail) {

    /** An analysis's outcome: a verdict, or that it could not be checked at all (the history lacks what it needs). */
    public enum Status {
        VALID, INVALID, UNKNOWN, NOT_CHECKED;

        /** {@code valid}, {@code invalid}, {@code unknown} or {@code not checked}. */
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
}
