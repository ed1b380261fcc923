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
     * A key's current string, kept as the chain of the pieces appended to it: an append is one small
     * node that shares everything before it, where a new string per state would copy the whole value
     * (appends make ever longer strings, one per state explored). Its hash is String's own polynomial,
     * carried along ({@code h(s + t) = h(s)·31^|t| + h(t)}), so the memo never walks the chain; two
     * states compare from their ends and stop where they share a node.
     */
    public static final class State {
        private final State before; // the value before this piece; null for a value put whole
        private final String piece;
        private final int length;
        private final int hash;

        private State(State before, String piece, int length, int hash) {
            this.before = before;
            this.piece = piece;
            this.length = length;
            this.hash = hash;
        }

        static State of(String value) {
            return new State(null, value, value.length(), value.hashCode());
        }

        State append(String suffix) {
            if (suffix.isEmpty()) return this;
            int h = hash;
            for (int i = 0; i < suffix.length(); i++) h = 31 * h + suffix.charAt(i);
            return new State(this, suffix, length + suffix.length(), h);
        }

        /** The whole string (for explanations: the search itself never needs it). */
        public String value() {
            if (before == null) return piece;
            char[] out = new char[length];
            int end = length;
            for (State s = this; s != null; s = s.before) {
                end -= s.piece.length();
                s.piece.getChars(0, s.piece.length(), out, end);
            }
            return new String(out);
        }

        /** Whether this string is {@code text}, compared from the end without building the string. */
        boolean is(String text) {
            if (text.length() != length) return false;
            int k = length;
            for (State s = this; s != null; s = s.before) {
                for (int i = s.piece.length() - 1; i >= 0; i--) {
                    if (s.piece.charAt(i) != text.charAt(--k)) return false;
                }
            }
            return true;
        }

        @Override
        public boolean equals(Object o) {
            if (o == this) return true;
            if (!(o instanceof State other) || other.hash != hash || other.length != length) return false;
            // from the ends of both chains; where both are at one place of one node, the rest is the same
            State x = this, y = other;
            int i = x.piece.length(), j = y.piece.length();
            while (x != null) {
                if (x == y && i == j) return true;
                if (i == 0) {
                    x = x.before;
                    if (x != null) i = x.piece.length();
                } else if (j == 0) {
                    y = y.before;
                    j = y.piece.length(); // not null: as many characters are left on each side
                } else if (x.piece.charAt(--i) != y.piece.charAt(--j)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public String toString() {
            return "State[value=" + value() + "]";
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
            case "get" -> op.outcome() != OpType.OK || s.is(text(op.output())) ? s : null;
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
        return "value \"" + s.value() + "\"";
    }
}
