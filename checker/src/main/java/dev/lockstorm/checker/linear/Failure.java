package dev.lockstorm.checker.linear;

import dev.lockstorm.checker.history.Operation;
import dev.lockstorm.checker.history.Prose;

import java.util.List;

/**
 * Why a history is not linearizable: the longest linearizable prefix the search found, the model
 * state it leads to, and the operation that could not be placed after it.
 *
 * @param partition    the independent sub-history (lock name or key; "" when there is one)
 * @param blocked      the first operation that cannot be linearized (the earliest to complete of
 *                     those left after the prefix)
 * @param prefixLength operations in the longest linearizable prefix
 * @param prefixTail   the last operations of that prefix, in linearization order (at most 10)
 * @param state        the model state after the prefix
 * @param prose        one sentence for a person, in its parts
 */
public record Failure(Object partition, Operation blocked, int prefixLength, List<Operation> prefixTail,
                      String state, Prose prose) implements Prose.Explained {
}
