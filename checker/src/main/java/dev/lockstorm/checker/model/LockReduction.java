package dev.lockstorm.checker.model;

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
 *       by a dead process, which no other operation needs: never taking effect allows everything
 *       taking effect allows, and (for fenced locks) it leaves the token lower.</li>
 *   <li>A crashed process's lock is released by an {@code expire} operation placed right after the
 *       crash: after the invocation of a crashed release (which may have taken effect at once), or
 *       after the {@code info} completion of any other crashed operation. Expiry may happen at any
 *       later instant, but the earliest instant is exact, not an approximation: while a dead process
 *       holds the lock, no other process's acquire or release can take effect, so moving the expiry
 *       earlier never makes a linearizable order illegal.</li>
 * </ul>
 * After this, every operation the search sees has a definite outcome, with no optional ones.
 */
final class LockReduction {
    static final String EXPIRE = "expire";
    static final String ACQUIRE = "acquire";
    static final String RELEASE = "release";
    /** Extra field naming the lock, for histories of several locks; absent means one lock. */
    static final String LOCK = "lock";

    private LockReduction() {
    }

    static List<Operation> reduce(List<Operation> clientOps) {
        Map<Integer, Set<Object>> locksOf = new HashMap<>();
        for (Operation op : clientOps) {
            if (isLockOp(op)) locksOf.computeIfAbsent(op.process(), p -> new LinkedHashSet<>()).add(lockOf(op));
        }
        List<Operation> out = new ArrayList<>();
        for (Operation op : clientOps) {
            if (op.outcome() == OpType.OK) {
                if (isLockOp(op)) out.add(op);
                continue;
            }
            if (op.outcome() == OpType.FAIL) continue;
            // crashed: info, or never completed
            if (op.f().equals(RELEASE) || op.completion() != null) {
                long at = op.f().equals(RELEASE) ? op.call() + 1 : Operation.position(op.completion().index()) + 1;
                for (Object lock : locksOf.getOrDefault(op.process(), Set.of())) out.add(expire(op, at, lock));
            }
            // a crash the history ended in: nothing happens after it, so nothing needs to expire
        }
        out.sort(Comparator.comparingLong(Operation::call));
        return out;
    }

    private static Operation expire(Operation crashed, long at, Object lock) {
        Map<String, Object> extra = lock.equals("") ? Map.of() : Map.of(LOCK, lock);
        Op marker = new Op(crashed.invoke().index(), crashed.invoke().time(), OpType.INVOKE, crashed.process(), EXPIRE,
                null, extra, crashed.invoke().line());
        return new Operation(crashed.id(), crashed.process(), EXPIRE, null, null, OpType.OK, at, at + 1,
                marker, crashed.completion() != null ? crashed.completion() : crashed.invoke());
    }

    static boolean isLockOp(Operation op) {
        return op.f().equals(ACQUIRE) || op.f().equals(RELEASE);
    }

    static Object lockOf(Operation op) {
        return op.invoke() == null ? "" : op.invoke().lock();
    }
}
