package dev.lockstorm.checker.linear;

import dev.lockstorm.checker.Verdict;

/**
 * The outcome of a linearizability check.
 *
 * @param verdict        valid, invalid or unknown
 * @param reason         why unknown (time or memory bound), or null
 * @param model          the model's name
 * @param operations     operations searched (after the model's reductions)
 * @param partitions     independent sub-histories checked
 * @param statesExplored memoized (linearized set, state) pairs visited, summed over partitions
 * @param peakStates     the most memoized pairs held at once by one partition
 * @param failure        the witness when invalid, else null
 */
public record LinearizabilityResult(Verdict verdict, String reason, String model, int operations, int partitions,
                                    long statesExplored, long peakStates, Failure failure) {
}
