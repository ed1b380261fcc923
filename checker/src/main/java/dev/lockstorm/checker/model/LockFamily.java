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

    /**
     * Each grant at its answer, each release and expiry at its call: the order of the certain holds
     * ({@code DoubleHolders}). Where no two of those overlap it is a linearization, so a history whose
     * holds never collide (50,000 readers at once) is decided without a search.
     */
    @Override
    default WitnessPoint witnessPoint(Operation op) {
        return op.f().startsWith("acquire") ? WitnessPoint.RETURN : WitnessPoint.CALL;
    }

    @Override
    default Map<Object, List<Operation>> partition(List<Operation> ops) {
        return LockReduction.byLock(ops);
    }
}
