package dev.lockstorm.checker.model;

import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.history.Operation;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A single register with {@code read}, {@code write} and {@code cas} (value {@code [expected new]}).
 * Two flavours, matching the public corpora:
 * <ul>
 *   <li>{@code register}: initially nil; an {@code ok} read of nil means the register held nil
 *       (Porcupine's etcd model).</li>
 *   <li>{@code cas-register}: initially 0; an {@code ok} read of nil matches any value
 *       (Knossos's {@code cas-register}).</li>
 * </ul>
 * A cas whose completion value is {@code false} is a definite failed compare: it happened at an
 * instant where the register did not hold the expected value, and changed nothing.
 */
public final class Register implements Model<Register.State> {

    /** @param value the register's value (may be null) */
    public record State(Object value) {
        // written out: a record's generated equals and hashCode are bound at their first call through
        // method handles, ~30 ms of a cold check's start, and the search calls them for every state
        @Override
        public boolean equals(Object o) {
            return o instanceof State s && java.util.Objects.equals(s.value, value);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hashCode(value);
        }
    }

    private final String name;
    private final State initial;
    private final boolean nilReadMatchesAny;

    private Register(String name, Object initial, boolean nilReadMatchesAny) {
        this.name = name;
        this.initial = new State(initial);
        this.nilReadMatchesAny = nilReadMatchesAny;
    }

    /** Porcupine's etcd register: initially nil, reads exact. */
    public static Register register() {
        return new Register("register", null, false);
    }

    /** Knossos's cas-register: initially 0, a nil read matches anything. */
    public static Register casRegister() {
        return new Register("cas-register", 0L, true);
    }

    @Override
    public String name() {
        return name;
    }

    /** Its operations' functions, one set for every call (the check asks once per operation). */
    private static final Set<String> FUNCTIONS = Set.of("read", "write", "cas");

    @Override
    public Set<String> functions() {
        return FUNCTIONS;
    }

    @Override
    public State init() {
        return initial;
    }

    @Override
    public State step(State s, Operation op) {
        switch (op.f()) {
            case "read": {
                if (op.outcome() != OpType.OK) return s;
                Object v = op.output();
                if (v == null && nilReadMatchesAny) return s;
                return Values.same(s.value, v) ? s : null;
            }
            case "write":
                return new State(op.input());
            case "cas": {
                if (!(op.input() instanceof List<?> l) || l.size() != 2) return null;
                boolean matches = Values.same(s.value, l.get(0));
                if (Boolean.FALSE.equals(op.output())) return matches ? null : s;
                return matches ? new State(l.get(1)) : null;
            }
            default:
                return null;
        }
    }

    @Override
    public String malformed(Operation op) {
        if (op.f().equals("cas") && !(op.input() instanceof List<?> l && l.size() == 2)) {
            return "cas value " + dev.lockstorm.checker.history.Op.show(op.input()) + " is not a pair; expected [expected new]";
        }
        return null;
    }

    /** A read, and a cas that failed (legal only when the register does not match, and changes nothing). */
    @Override
    public boolean readOnly(Operation op) {
        return op.f().equals("read") || (op.f().equals("cas") && Boolean.FALSE.equals(op.output()));
    }

    @Override
    public String describe(State s) {
        return "register = " + Objects.toString(s.value, "nil");
    }
}
