package dev.lockstorm.suite.internal.run;

import java.time.Duration;
import java.util.Locale;

/** Durations as people write them: {@code 60} or {@code 60s}, {@code 500ms}, {@code 2m}. */
public final class Durations {
    private Durations() {
    }

    /** The duration {@code text} names; an {@link IllegalArgumentException} saying what is expected otherwise. */
    public static Duration parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        try {
            if (t.endsWith("ms")) return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
            if (t.endsWith("s")) return Duration.ofMillis((long) (Double.parseDouble(t.substring(0, t.length() - 1)) * 1000));
            if (t.endsWith("m")) return Duration.ofMillis((long) (Double.parseDouble(t.substring(0, t.length() - 1)) * 60_000));
            return Duration.ofMillis((long) (Double.parseDouble(t) * 1000));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a duration; expected e.g. 60s, 500ms or 2m");
        }
    }
}
