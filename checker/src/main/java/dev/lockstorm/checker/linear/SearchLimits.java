package dev.lockstorm.checker.linear;

import java.time.Duration;

/**
 * Bounds on a linearizability search. When one is reached the verdict is {@code unknown}, with the
 * reason; never {@code valid}.
 *
 * @param timeLimit  wall-clock time for the whole check
 * @param maxStates  memoized (linearized set, state) pairs kept at once across all partitions,
 *                   the search's memory bound
 * @param threads    partitions checked at once
 */
public record SearchLimits(Duration timeLimit, long maxStates, int threads) {

    /** Bounds fitted to this JVM: 300 s, states for about 60 % of the heap, one thread a core. */
    public static SearchLimits defaults() {
        return withTimeLimit(Duration.ofSeconds(300));
    }

    public static SearchLimits withTimeLimit(Duration timeLimit) {
        long heap = Runtime.getRuntime().maxMemory();
        return new SearchLimits(timeLimit, Math.max(10_000, heap * 6 / 10 / APPROX_BYTES_PER_STATE),
                Runtime.getRuntime().availableProcessors());
    }

    /** These bounds with another time limit (what is left of a check's). */
    public SearchLimits withTime(Duration d) {
        return new SearchLimits(d, maxStates, threads);
    }

    public SearchLimits withMaxStates(long n) {
        return new SearchLimits(timeLimit, n, threads);
    }

    /** A rough size of one memoized state, measured by {@code bench checker}. */
    static final long APPROX_BYTES_PER_STATE = 160;
}
