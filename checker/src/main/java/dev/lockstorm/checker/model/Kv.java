package dev.lockstorm.checker.model;

import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.history.Operation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Porcupine's key-value store: {@code get}, {@code put} and {@code append} on string values,
 * initially empty; the key is the op's {@code key} field. Keys are independent, so each key is
 * checked as its own sub-history (P-compositionality) and a state is one key's string.
 */
public final class Kv implements Model<Kv.State> {

    /**
     * A key's current string. Its hash is carried along as the string grows ({@code h(s + t) =
     * h(s)·31^|t| + h(t)}, String's own polynomial): appends make a new, ever longer string per
     * state, and hashing each one whole for the search's memo was most of a kv check's time.
     */
    public static final class State {
        private final String value;
        private final int hash;

        private State(String value, int hash) {
            this.value = value;
            this.hash = hash;
        }

        static State of(String value) {
            return new State(value, value.hashCode());
        }

        State append(String suffix) {
            int h = hash;
            for (int i = 0; i < suffix.length(); i++) h = 31 * h + suffix.charAt(i);
            return new State(value.concat(suffix), h); // concat: one exact copy (a StringBuilder would grow and copy again)
        }

        public String value() {
            return value;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof State other && other.hash == hash && other.value.equals(value);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public String toString() {
            return "State[value=" + value + "]";
        }
    }

    private static final State EMPTY = State.of("");

    @Override
    public String name() {
        return "kv";
    }

    /** Its operations' functions, one set for every call (the check asks once per operation). */
    private static final Set<String> FUNCTIONS = Set.of("get", "put", "append");

    @Override
    public Set<String> functions() {
        return FUNCTIONS;
    }

    @Override
    public State init() {
        return EMPTY;
    }

    @Override
    public State step(State s, Operation op) {
        return switch (op.f()) {
            case "get" -> op.outcome() != OpType.OK || s.value.equals(text(op.output())) ? s : null;
            case "put" -> State.of(text(op.input()));
            case "append" -> s.append(text(op.input()));
            default -> null;
        };
    }

    @Override
    public boolean readOnly(Operation op) {
        return op.f().equals("get");
    }

    private static String text(Object v) {
        return v == null ? "" : v.toString();
    }

    @Override
    public Map<Object, List<Operation>> partition(List<Operation> ops) {
        Map<Object, List<Operation>> out = new LinkedHashMap<>();
        for (Operation op : ops) {
            Object key = op.invoke() == null ? null : op.invoke().extra("key");
            out.computeIfAbsent(key == null ? "" : key, k -> new ArrayList<>()).add(op);
        }
        return out;
    }

    @Override
    public String describe(State s) {
        return "value \"" + s.value + "\"";
    }
}
