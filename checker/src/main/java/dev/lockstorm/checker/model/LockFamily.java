package dev.lockstorm.checker.model;

import dev.lockstorm.checker.history.Operation;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What every lock model shares, mutexes and the read-write lock alike: crashed operations reduced
 * exactly ({@link LockReduction}), one independent sub-history per lock name, and the protected
 * resource's reads and writes left to the lock analyses.
 *
 * @param <S> the state type
 */
interface LockFamily<S> extends Model<S> {

    @Override
    default Set<String> otherFunctions() {
        return Set.of("read", "write");
    }

    @Override
    default List<Operation> prepare(List<Operation> clientOps) {
        return LockReduction.reduce(clientOps);
    }

    @Override
    default Map<Object, List<Operation>> partition(List<Operation> ops) {
        return LockReduction.byLock(ops);
    }
}
