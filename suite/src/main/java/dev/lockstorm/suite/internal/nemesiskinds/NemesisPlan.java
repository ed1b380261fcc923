package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.nemesis.Nemesis;

import java.time.Duration;

/**
 * What the nemesis does during a run: a {@link dev.lockstorm.nemesis.Schedule} of faults, or a
 * scenario's fixed choreography. It ends by healing everything, also on an exception.
 */
@FunctionalInterface
public interface NemesisPlan {
    /** Runs for at most {@code total}; returns how many faults it injected. */
    int run(Nemesis nemesis, Duration total);
}
