package dev.lockstorm.checker.linear;

import dev.lockstorm.checker.history.Operation;
import dev.lockstorm.checker.model.Model;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * A linearization found without a search: the operations stepped in the order of the points the
 * model names ({@link Model#witnessPoint}), each inside its own interval. Legal at every step, it is
 * a proof; not legal, it proves nothing and the search decides. n log n, whatever the concurrency.
 */
final class Witness {
    private Witness() {
    }

    /** Whether the model's witness order of {@code ops} (a prepared partition) is legal from the initial state. */
    static <S> boolean holds(Model<S> model, List<Operation> ops) {
        long[] points = new long[ops.size()];
        Integer[] order = new Integer[ops.size()];
        for (int i = 0; i < points.length; i++) {
            Operation op = ops.get(i);
            Model.WitnessPoint at = model.witnessPoint(op);
            if (at == null || op.optional()) return false;
            long point = at == Model.WitnessPoint.CALL ? op.call() : op.ret();
            if (point == Operation.NEVER_RETURNED) return false;
            points[i] = point;
            order[i] = i;
        }
        Arrays.sort(order, Comparator.<Integer>comparingLong(i -> points[i]).thenComparingInt(i -> ops.get(i).id()));
        S state = model.init();
        for (int i : order) {
            state = model.step(state, ops.get(i));
            if (state == null) return false;
        }
        return true;
    }
}
