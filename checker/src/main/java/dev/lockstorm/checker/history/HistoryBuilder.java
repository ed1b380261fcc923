package dev.lockstorm.checker.history;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Validates events as they are read and assembles a {@link History}. Every problem is an error
 * that names the source, the line and what was expected; nothing is skipped silently.
 *
 * <p>Rules (docs/architecture.md, "History format"): a client invocation is followed by exactly one
 * completion of the same process and function; a process whose operation ended in {@code info} is
 * crashed and invokes nothing more; the token of an {@code ok} acquire, and the {@code token} of a
 * resource read or write, is an integer or null; a completion belongs to its invocation's lock (the
 * {@code lock} field: a completion without one inherits it, one naming another lock is an error).
 * Events of the nemesis are kept but not paired.
 */
public final class HistoryBuilder {
    private final String source;
    private final List<Op> ops = new ArrayList<>();
    private final List<Integer> partner = new ArrayList<>();
    /** process → index of its open invocation. */
    private final Map<Integer, Integer> open = new HashMap<>();
    /** process → index of the info completion that crashed it. */
    private final Map<Integer, Integer> crashed = new HashMap<>();
    /** named processes ("c1") → their numbers, from {@link Op#NAMED_BASE} */
    private final Map<String, Integer> named = new HashMap<>();

    public HistoryBuilder(String source) {
        this.source = source;
    }

    /** The number of the client process a history calls {@code name}: the same for every event of this history. */
    public int processNumber(String name) {
        return named.computeIfAbsent(name, k -> Op.NAMED_BASE + named.size());
    }

    /** Adds the next event; its index is set to its position. */
    public HistoryBuilder add(Op event) {
        int index = ops.size();
        Op op = event.index() == index ? event : event.withIndex(index);
        if (op.type() == null) throw error(op, "unknown type; expected invoke, ok, fail or info");
        if (op.f() == null) throw error(op, "no f (the operation's function)");
        partner.add(-1);
        ops.add(op);
        if (!op.isClient()) return this;
        if (op.process() < 0) throw error(op, "negative process " + op.process() + "; expected a number ≥ 0, a name or \"nemesis\"");

        Integer crash = crashed.get(op.process());
        if (crash != null) {
            throw error(op, op.type().wire() + " by process " + op.processLabel() + " after its info at line "
                    + lineOf(crash) + "; a crashed process invokes nothing more (continue as a new process id)");
        }
        Integer pending = open.get(op.process());
        if (op.type() == OpType.INVOKE) {
            if (pending != null) {
                throw error(op, "second invocation by process " + op.processLabel() + " while its "
                        + ops.get(pending).f() + " invoked at line " + lineOf(pending) + " has no completion");
            }
            checkTokens(op);
            open.put(op.process(), index);
            return this;
        }
        if (pending == null) {
            throw error(op, op.type().wire() + " by process " + op.processLabel() + " without an invocation; expected an invoke first");
        }
        Op inv = ops.get(pending);
        if (!inv.f().equals(op.f())) {
            throw error(op, "completion " + op.f() + " by process " + op.processLabel() + " does not match its invocation "
                    + inv.f() + " at line " + lineOf(pending));
        }
        op = inheritLock(inv, op, index);
        checkTokens(op);
        open.remove(op.process());
        partner.set(pending, index);
        partner.set(index, pending);
        if (op.type() == OpType.INFO) crashed.put(op.process(), index);
        return this;
    }

    /** The completion with its invocation's lock; an error when it names another. */
    private Op inheritLock(Op inv, Op done, int index) {
        Object lock = inv.extra("lock");
        Object said = done.extra("lock");
        if (said == null && lock == null) return done;
        if (said != null && !said.equals(lock)) {
            throw error(done, "completion of " + done.f() + " by process " + done.processLabel() + " names lock " + Op.show(said)
                    + " but its invocation at line " + lineOf(inv.index()) + (lock == null ? " names none" : " names lock " + Op.show(lock))
                    + "; a completion belongs to its invocation's lock");
        }
        if (said != null) return done;
        Map<String, Object> extra = new java.util.LinkedHashMap<>(done.extra());
        extra.put("lock", lock);
        Op inherited = new Op(done.index(), done.time(), done.type(), done.process(), done.f(), done.value(), extra, done.line());
        ops.set(index, inherited);
        return inherited;
    }

    /** Ends the history. Open invocations stay open and count as {@code info}. */
    public History build() {
        int[] p = new int[partner.size()];
        for (int i = 0; i < p.length; i++) p[i] = partner.get(i);
        return new History(source, new ArrayList<>(ops), p, open.size());
    }

    private void checkTokens(Op op) {
        switch (op.f()) {
            case "acquire" -> {
                if (op.type() == OpType.OK && !isToken(op.value())) {
                    throw error(op, "token " + Op.show(op.value()) + " of an ok acquire is not an integer; expected an integer or null");
                }
            }
            case "read", "write" -> {
                if (op.type() == OpType.INVOKE && op.value() instanceof Map<?, ?> m && !isToken(m.get("token"))) {
                    throw error(op, "token " + Op.show(m.get("token")) + " of a " + op.f() + " is not an integer; expected an integer or null");
                }
            }
            default -> { }
        }
    }

    private static boolean isToken(Object v) {
        return v == null || v instanceof Long || v instanceof Integer;
    }

    private int lineOf(int index) {
        int line = ops.get(index).line();
        return line > 0 ? line : index + 1;
    }

    private HistoryFormatException error(Op op, String problem) {
        return new HistoryFormatException(source, op.line() > 0 ? op.line() : op.index() + 1, problem);
    }
}
