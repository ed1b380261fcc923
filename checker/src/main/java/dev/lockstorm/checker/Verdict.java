package dev.lockstorm.checker;

import java.util.Locale;

/** The answer of a check. {@code UNKNOWN} when a search gave up; never {@code VALID} then. */
public enum Verdict {
    VALID, INVALID, UNKNOWN;

    /** {@code valid}, {@code invalid} or {@code unknown}. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The verdict of two checks together: invalid wins, then unknown. */
    public Verdict and(Verdict other) {
        if (this == INVALID || other == INVALID) return INVALID;
        if (this == UNKNOWN || other == UNKNOWN) return UNKNOWN;
        return VALID;
    }

    /** The CLI's exit code: 0 valid, 1 invalid, 2 unknown (3 is bad input, not a verdict). */
    public int exitCode() {
        return ordinal();
    }
}
