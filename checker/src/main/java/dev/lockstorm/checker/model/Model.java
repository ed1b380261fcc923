package dev.lockstorm.checker.model;

import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.history.Operation;
import dev.lockstorm.checker.history.Prose;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A sequential specification that the linearizability search checks a history against.
 *
 * <p>States are immutable values with {@code equals} and {@code hashCode} (records serve well): the
 * search memoizes (set of linearized operations, state) pairs. {@link #step} returns the next
 * state, or {@code null} when the operation cannot happen in that state.
 *
 * <pre>{@code
 * Model<Mutex.State> m = new Mutex();
 * Mutex.State s = m.init();
 * s = m.step(s, acquireBy3);   // held by 3
 * m.step(s, acquireBy5);       // null: the lock is not free
 * }</pre>
 *
 * @param <S> the state type
 */
public interface Model<S> {

    /** The model's name, as given to {@code --model}. */
    String name();

    /** The functions this model gives meaning to. */
    Set<String> functions();

    /** Functions that may appear in the history but are checked by other analyses (not an error). */
    default Set<String> otherFunctions() {
        return Set.of();
    }

    S init();

    /** The state after {@code op}, or null when {@code op} is not legal in {@code state}. */
    S step(S state, Operation op);

    /**
     * Whether {@code op} leaves every state it is legal in unchanged ({@code step} returns an equal
     * state or null), like a read. The search places such an operation as soon as it is legal and
     * tries no other order there, which is sound only if this holds in every state, not just one.
     */
    default boolean readOnly(Operation op) {
        return false;
    }

    /**
     * What is wrong with the shape of {@code op}'s value for this model (a cas that is not a pair, a
     * transaction that is not a list of micro-operations), or null when it is well-formed. A malformed
     * operation is bad input, never a verdict: the checker refuses the history naming its line.
     */
    default String malformed(Operation op) {
        return null;
    }

    /** A short description of a state, for explanations. */
    String describe(S state);

    /** A short description of an operation, for explanations. */
    default Prose describe(Operation op) {
        String out = op.outcome() == OpType.OK && op.output() != null && !op.output().equals(op.input())
                ? " → " + op.output() : "";
        return Prose.of(op.who(), " " + op.f() + (op.input() == null ? "" : " " + op.input()) + out
                + (op.optional() ? " (crashed)" : ""));
    }

    /**
     * Turns the client operations of a history into what the search places: the model's own
     * functions, without operations that certainly did not take effect. Models may apply sound
     * reductions here (the lock models do).
     */
    default List<Operation> prepare(List<Operation> clientOps) {
        List<Operation> out = new ArrayList<>();
        for (Operation op : clientOps) {
            if (op.outcome() != OpType.FAIL && functions().contains(op.f())) out.add(op);
        }
        return out;
    }

    /**
     * Where a witness order places {@code op}: at its call or at its return. Before any search, the
     * prepared operations are tried in the order of those points; when every step is legal that
     * order is a linearization (each operation placed inside its own interval), and the search is not
     * entered. When a step is not, the search decides. {@code null} (the default): no witness is tried.
     */
    default WitnessPoint witnessPoint(Operation op) {
        return null;
    }

    /** The instant of an operation's interval where a witness order places it. */
    enum WitnessPoint {
        CALL, RETURN
    }

    /**
     * Splits prepared operations into independent sub-histories that can be checked separately
     * (P-compositionality), e.g. one per key. The default keeps them together.
     */
    default Map<Object, List<Operation>> partition(List<Operation> ops) {
        Map<Object, List<Operation>> one = new LinkedHashMap<>();
        one.put("", ops);
        return one;
    }

    /**
     * One sentence on why {@code blocked} cannot be placed after the longest linearizable prefix,
     * which left the model in {@code state}.
     */
    default Prose explain(S state, Operation blocked, Explanations ctx) {
        return Prose.of(describe(blocked), " (completed at ", ctx.when(blocked.completion()), ") cannot take effect in state ",
                describe(state), ", nor at any point before it returned");
    }
}
