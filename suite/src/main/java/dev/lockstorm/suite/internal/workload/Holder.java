package dev.lockstorm.suite.internal.workload;

/**
 * What performs a {@link LockCycle}'s steps: a driven client (its worker's pipes, the recorded
 * history, the run's resource), a client looping in the bench's JVM, or a simulated one.
 *
 * <pre>{@code
 * LockCycle cycle = new LockCycle(policy, random);
 * boolean acquired = cycle.run(holder, Duration.ofSeconds(5), true);
 * }</pre>
 */
@FunctionalInterface
public interface Holder {
    /** Performs {@code step} and says how it went; {@link Outcome.Crashed} ends the cycle. */
    Outcome perform(Step step);
}
