package dev.lockstorm.checker.linear;

import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.history.Operation;
import dev.lockstorm.checker.model.Model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The truth for small histories: tries every order of the operations that respects real time.
 * For locks it implements docs/architecture.md's semantics literally, without the engine's reductions: a
 * crashed acquire or release may take effect or not (a crashed acquire's token is one above the
 * last), and a crashed process's lock may expire at any instant after its crash, or never.
 */
final class BruteForce {
    private BruteForce() {
    }

    private interface Step {
        Object apply(Object state, Operation op);
    }

    /** Checks with a model's own step function (for registers and such); fails are dropped. */
    static <S> Verdict check(Model<S> model, List<Operation> clientOps) {
        List<Operation> ops = new ArrayList<>();
        for (Operation op : clientOps) if (op.outcome() != OpType.FAIL && model.functions().contains(op.f())) ops.add(op);
        @SuppressWarnings("unchecked") Step step = (s, op) -> model.step((S) s, op);
        return search(ops, model.init(), step);
    }

    /** A lock with tokens (fenced) or without, from the raw semantics. */
    static Verdict checkLock(List<Operation> clientOps, boolean fenced) {
        List<Operation> ops = new ArrayList<>();
        Set<Integer> lockUsers = new HashSet<>();
        for (Operation op : clientOps) if (op.f().equals("acquire") || op.f().equals("release")) lockUsers.add(op.process());
        for (Operation op : clientOps) {
            boolean lockOp = op.f().equals("acquire") || op.f().equals("release");
            if (op.outcome() != OpType.FAIL && lockOp) ops.add(op);
            if (op.outcome() == OpType.INFO && lockUsers.contains(op.process())) {
                long at;
                if (op.f().equals("release")) at = op.call() + 1;
                else if (op.completion() != null) at = Operation.position(op.completion().index()) + 1;
                else continue;
                ops.add(new Operation(-1, op.process(), "expire", null, null, OpType.INFO, at, Operation.NEVER_RETURNED, null, null));
            }
        }
        Step step = (s, op) -> {
            LockState st = (LockState) s;
            boolean crashed = op.optional();
            switch (op.f()) {
                case "acquire": {
                    if (st.holder != -1) return null;
                    if (!fenced) return new LockState(op.process(), st.last);
                    if (crashed) return new LockState(op.process(), st.last + 1);
                    if (!(op.output() instanceof Number n)) return new LockState(op.process(), st.last);
                    return n.longValue() > st.last ? new LockState(op.process(), n.longValue()) : null;
                }
                case "release":
                    return st.holder == op.process() ? new LockState(-1, st.last) : null;
                case "expire":
                    return st.holder == op.process() ? new LockState(-1, st.last) : st;
                default:
                    return null;
            }
        };
        return search(ops, new LockState(-1, Long.MIN_VALUE / 2), step);
    }

    private record LockState(int holder, long last) {
    }

    private static Verdict search(List<Operation> ops, Object init, Step step) {
        int n = ops.size();
        if (n > 20) throw new IllegalArgumentException("too many operations for brute force: " + n);
        return dfs(ops, new boolean[n], init, step) ? Verdict.VALID : Verdict.INVALID;
    }

    private static boolean dfs(List<Operation> ops, boolean[] placed, Object state, Step step) {
        boolean allRequired = true;
        for (int i = 0; i < ops.size(); i++) if (!placed[i] && !ops.get(i).optional()) allRequired = false;
        if (allRequired) return true;
        for (int i = 0; i < ops.size(); i++) {
            if (placed[i] || !ready(ops, placed, i)) continue;
            Object next = step.apply(state, ops.get(i));
            if (next == null) continue;
            placed[i] = true;
            boolean ok = dfs(ops, placed, next, step);
            placed[i] = false;
            if (ok) return true;
        }
        return false;
    }

    /** Every operation that returned before op i was called is already placed. */
    private static boolean ready(List<Operation> ops, boolean[] placed, int i) {
        long call = ops.get(i).call();
        for (int j = 0; j < ops.size(); j++) {
            if (!placed[j] && j != i && ops.get(j).ret() != Operation.NEVER_RETURNED && ops.get(j).ret() < call
                    && !Objects.equals(ops.get(j), ops.get(i))) return false;
        }
        return true;
    }
}
