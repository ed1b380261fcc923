package dev.lockstorm.suite.cli;

import picocli.CommandLine;

import java.time.Duration;

/** Durations on the command line: {@code 60} or {@code 60s}, {@code 500ms}, {@code 2m}. */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String s) {
        String t = s.trim().toLowerCase(java.util.Locale.ROOT);
        try {
            if (t.endsWith("ms")) return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
            if (t.endsWith("s")) return Duration.ofMillis((long) (Double.parseDouble(t.substring(0, t.length() - 1)) * 1000));
            if (t.endsWith("m")) return Duration.ofMillis((long) (Double.parseDouble(t.substring(0, t.length() - 1)) * 60_000));
            return Duration.ofMillis((long) (Double.parseDouble(t) * 1000));
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + s + "' is not a duration; expected e.g. 60s, 500ms or 2m");
        }
    }
}
