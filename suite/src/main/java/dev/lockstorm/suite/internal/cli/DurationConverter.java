package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.suite.internal.run.Durations;
import picocli.CommandLine;

import java.time.Duration;

/** Durations on the command line ({@link Durations}). */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String s) {
        try {
            return Durations.parse(s);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
