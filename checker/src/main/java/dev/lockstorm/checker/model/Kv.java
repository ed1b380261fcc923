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

    /** @param value the key's current string */
    public record State(String value) {
    }

    private static final State EMPTY = new State("");

    @Override
    public String name() {
        return "kv";
    }

    @Override
    public Set<String> functions() {
        return Set.of("get", "put", "append");
    }

    @Override
    public State init() {
        return EMPTY;
    }

    @Override
    public State step(State s, Operation op) {
        return switch (op.f()) {
            case "get" -> op.outcome() != OpType.OK || s.value.equals(text(op.output())) ? s : null;
            case "put" -> new State(text(op.input()));
            case "append" -> new State(s.value + text(op.input()));
            default -> null;
        };
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
