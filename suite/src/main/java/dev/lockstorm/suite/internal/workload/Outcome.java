package dev.lockstorm.suite.internal.workload;

/** How a {@link Step} went, as the {@link LockCycle} needs to know it to choose the next step. */
public sealed interface Outcome {

    /** The lock was granted ({@code ok}); {@code stillHeld} when the acquire was asked to check at once. */
    record Granted(Long token, Boolean stillHeld) implements Outcome {
    }

    /** Certainly not done ({@code fail}): the lock not granted, or the resource refused the token. */
    record Refused() implements Outcome {
    }

    /** The resource answered a read. */
    record Read(long value) implements Outcome {
    }

    /** Done ({@code ok}): a write accepted, a release. */
    record Done() implements Outcome {
    }

    /** A check's (or a careful hold's) answer: whether the client still believes it holds. */
    record StillHeld(boolean held) implements Outcome {
    }

    /**
     * Unknown ({@code info}): the holder's process crashed, or its client instance is taken as
     * crashed. The cycle ends there; the client goes on as a new process, whose lease the old one's
     * does not carry.
     */
    record Crashed() implements Outcome {
    }

    Outcome REFUSED = new Refused();
    Outcome DONE = new Done();
    Outcome CRASHED = new Crashed();
}
