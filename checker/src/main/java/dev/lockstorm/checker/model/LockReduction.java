package dev.lockstorm.checker.model;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.history.Operation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Exact reductions of crashed lock operations, so that histories with many crashed clients stay
 * cheap to search (docs/architecture.md, "Lock models and analyses").
 *
 * <ul>
 *   <li>A crashed ({@code info}) acquire is dropped. Taking effect would only leave the lock held
 *       by a process that dies at its crash, which no other operation needs: never taking effect
 *       allows everything taking effect allows, and (for fenced locks) it leaves the token lower.</li>
 *   <li>A crashed process is alive until its crash: the {@code info} completion, or the nemesis's
 *       kill when that came first ({@link History#operations()}). From then on each of its locks is
 *       released by an {@code expire} operation placed right there. Expiry may happen at any later
 *       instant, but the earliest is exact, not an approximation: while a dead process holds the
 *       lock, no other process's acquire or release can take effect, so moving the expiry earlier
 *       never makes a linearizable order illegal.</li>
 *   <li>A crashed release of a process's only hold of its lock may have freed it at once: its lock
 *       expires right after the invocation. A crashed release of a nested hold (the count was 2 or
 *       more, counted from the process's own acquires and releases that took effect) leaves the lock
 *       held while its process lives; and it never frees the process's other locks before its crash.</li>
 * </ul>
 * After this, every operation the search sees has a definite outcome, with no optional ones.
 */
final class LockReduction {
    static final String EXPIRE = "expire";
    static final String ACQUIRE = "acquire";
    static final String RELEASE = "release";
    /** Extra field naming the lock, for histories of several locks; absent means one lock. */
    static final String LOCK = "lock";
    /** An expiry's extra field: the one mode of a read-write lock it frees (absent: all of them). */
    static final String MODE = "mode";

    private LockReduction() {
    }

    static List<Operation> reduce(List<Operation> clientOps) {
        Map<Integer, Set<Object>> locksOf = new HashMap<>();
        for (Operation op : clientOps) {
            if (isLockOp(op)) locksOf.computeIfAbsent(op.process(), p -> new LinkedHashSet<>()).add(lockOf(op));
        }
        // process → (lock, mode) → its hold count from its own operations that took effect (a process's operations are sequential)
        Map<Integer, Map<List<Object>, Integer>> held = new HashMap<>();
        List<Operation> out = new ArrayList<>();
        for (Operation op : clientOps) {
            Set<Object> locks = locksOf.getOrDefault(op.process(), Set.of());
            if (op.f().equals(History.KILLED)) {
                for (Object lock : locks) out.add(expire(op, op.call() + 1, lock, null));
                continue;
            }
            if (op.outcome() == OpType.OK) {
                if (isLockOp(op)) {
                    out.add(op);
                    held.computeIfAbsent(op.process(), p -> new HashMap<>()).merge(holdKey(op), acquires(op.f()) ? 1 : -1,
                            (a, b) -> Math.max(0, a + b));
                }
                continue;
            }
            if (op.outcome() == OpType.FAIL) continue;
            // crashed: info, or never completed
            if (isLockOp(op) && !acquires(op.f()) && held.getOrDefault(op.process(), Map.of()).getOrDefault(holdKey(op), 0) <= 1) {
                // a read-write lock's release frees only its own mode's hold
                out.add(expire(op, op.call() + 1, lockOf(op), RwLock.mode(op.f())));
            }
            if (op.completion() != null) {
                long at = Operation.position(op.completion().index()) + 1;
                for (Object lock : locks) out.add(expire(op, at, lock, null));
            }
            // a crash the history ended in: nothing happens after it, so nothing else needs to expire
        }
        out.sort(Comparator.comparingLong(Operation::call));
        return out;
    }

    /**
     * An expiry of {@code crashed}'s hold of {@code lock}: of every hold its process has there
     * ({@code mode} null), or of its read or write hold alone ({@code "read"}, {@code "write"}, in
     * the {@code mode} field of the expiry's marker).
     */
    private static Operation expire(Operation crashed, long at, Object lock, String mode) {
        Map<String, Object> extra = new HashMap<>();
        if (!lock.equals("")) extra.put(LOCK, lock);
        if (mode != null) extra.put(MODE, mode);
        Op from = crashed.invoke() != null ? crashed.invoke() : crashed.completion();
        Op marker = new Op(from.index(), from.time(), OpType.INVOKE, crashed.process(), EXPIRE, null, Map.copyOf(extra), from.line());
        return new Operation(crashed.id(), crashed.process(), EXPIRE, null, null, OpType.OK, at, at + 1,
                marker, crashed.completion() != null ? crashed.completion() : crashed.invoke());
    }

    /** The hold an operation counts in: its lock, and its mode for a read-write lock's. */
    private static List<Object> holdKey(Operation op) {
        String mode = RwLock.mode(op.f());
        return mode == null ? List.of(lockOf(op)) : List.of(lockOf(op), mode);
    }

    /** Whether {@code f} takes a hold ({@code acquire}, {@code acquire-read}, {@code acquire-write}). */
    static boolean acquires(String f) {
        return f.equals(ACQUIRE) || f.equals(RwLock.ACQUIRE_READ) || f.equals(RwLock.ACQUIRE_WRITE);
    }

    /** The mode an expiry frees ({@code "read"} or {@code "write"}), or null for every hold of its lock. */
    static String expiredMode(Operation expire) {
        Object m = expire.invoke() == null ? null : expire.invoke().extra(MODE);
        return m == null ? null : m.toString();
    }

    /** The operations split by the lock they name, one independent sub-history each (all in one when there are none). */
    static Map<Object, List<Operation>> byLock(List<Operation> ops) {
        Map<Object, List<Operation>> out = new java.util.LinkedHashMap<>();
        for (Operation op : ops) out.computeIfAbsent(lockOf(op), k -> new ArrayList<>()).add(op);
        if (out.isEmpty()) out.put("", ops);
        return out;
    }

    static boolean isLockOp(Operation op) {
        return op.f().equals(ACQUIRE) || op.f().equals(RELEASE) || RwLock.mode(op.f()) != null;
    }

    static Object lockOf(Operation op) {
        return op.invoke() == null ? "" : op.invoke().lock();
    }
}
