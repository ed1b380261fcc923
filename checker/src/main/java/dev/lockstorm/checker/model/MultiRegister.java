package dev.lockstorm.checker.model;

import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.history.Operation;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Knossos's multi-register: named registers, all initially 0, read and written by {@code txn}
 * operations whose value is a list of micro-operations {@code [f key value]} with f {@code read} or
 * {@code write}. An {@code ok} txn's completion carries the values read; a crashed one's reads are
 * unknown and only its writes matter.
 */
public final class MultiRegister implements Model<MultiRegister.State> {

    /** @param values register values by key (keys never written are 0) */
    public record State(Map<String, Object> values) {
        Object get(String k) {
            Object v = values.get(k);
            return v == null && !values.containsKey(k) ? 0L : v;
        }
    }

    @Override
    public String name() {
        return "multi-register";
    }

    /** Its operations' functions, one set for every call (the check asks once per operation). */
    private static final Set<String> FUNCTIONS = Set.of("txn");

    @Override
    public Set<String> functions() {
        return FUNCTIONS;
    }

    @Override
    public State init() {
        return new State(Map.of());
    }

    @Override
    public State step(State s, Operation op) {
        Object txn = op.outcome() == OpType.OK ? op.output() : op.input();
        if (!(txn instanceof List<?> micro)) return null;
        Map<String, Object> next = null;
        for (Object m : micro) {
            if (!(m instanceof List<?> mop) || mop.size() != 3) return null;
            String f = String.valueOf(mop.get(0));
            String k = String.valueOf(mop.get(1));
            Object v = mop.get(2);
            Object cur = next != null && next.containsKey(k) ? next.get(k) : s.get(k);
            if (f.equals("read")) {
                if (op.outcome() == OpType.OK && v != null && !Values.same(cur, v)) return null;
            } else if (f.equals("write")) {
                if (next == null) next = new HashMap<>(s.values);
                next.put(k, v);
            } else {
                return null;
            }
        }
        // nil is a legal value to write: kept as a null entry (Map.copyOf would refuse it)
        return next == null ? s : new State(java.util.Collections.unmodifiableMap(next));
    }

    @Override
    public String malformed(Operation op) {
        for (Object txn : new Object[] {op.input(), op.outcome() == OpType.OK ? op.output() : null}) {
            if (txn == null && op.outcome() == OpType.OK && op.output() == null) continue;
            if (txn == null) continue;
            if (!(txn instanceof List<?> micro)) return "txn value " + dev.lockstorm.checker.history.Op.show(txn) + " is not a list; expected [[f k v] …]";
            for (Object m : micro) {
                if (!(m instanceof List<?> mop) || mop.size() != 3 || !("read".equals(mop.get(0)) || "write".equals(mop.get(0)))) {
                    return "micro-operation " + dev.lockstorm.checker.history.Op.show(m) + " is not [read|write key value]";
                }
            }
        }
        return op.outcome() == OpType.OK && op.output() == null ? "an ok txn without its completed micro-operations" : null;
    }

    /** A transaction whose micro-operations are all reads. */
    @Override
    public boolean readOnly(Operation op) {
        Object txn = op.outcome() == OpType.OK ? op.output() : op.input();
        if (!(txn instanceof List<?> micro)) return false;
        for (Object m : micro) {
            if (!(m instanceof List<?> mop) || mop.size() != 3 || !"read".equals(String.valueOf(mop.get(0)))) return false;
        }
        return true;
    }

    @Override
    public String describe(State s) {
        return "registers " + new TreeMap<>(s.values) + " (others 0)";
    }
}
