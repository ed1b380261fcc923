package dev.lockstorm.checker.model;

import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.history.Operation;
import dev.lockstorm.checker.history.Prose;

import java.util.Set;

/**
 * What {@link Mutex} and {@link FencedMutex} share: owner-aware acquire and release, lease expiry of
 * crashed processes ({@link LockReduction}), one independent sub-history per lock name (the
 * {@code lock} field; absent means a single lock) and explanations in a lock's terms.
 *
 * @param <S> the state type
 */
abstract class LockModel<S extends LockModel.LockState> implements LockFamily<S> {

    /** What every lock state tells: who holds the lock, and by which acquire. */
    interface LockState {
        /** The process holding the lock, or {@link #FREE}. */
        int holder();

        /** Id (in the client operation list) of the holder's acquire, for explanations; -1 when free. */
        int acquire();
    }

    protected static final int FREE = -1;

    /** Its operations' functions, one set for every call (the check asks once per operation). */
    private static final Set<String> FUNCTIONS = Set.of(LockReduction.ACQUIRE, LockReduction.RELEASE);

    @Override
    public Set<String> functions() {
        return FUNCTIONS;
    }

    @Override
    public String describe(S state) {
        int h = state.holder();
        return h == FREE ? "free" : "held by process " + h;
    }

    /** The state for a person: "held by process c1" (names as the history wrote them). */
    private Prose describe(S state, Explanations ctx) {
        return state.holder() == FREE ? Prose.text("free") : Prose.of("held by ", ctx.byId(state.acquire()).who());
    }

    @Override
    public Prose explain(S state, Operation blocked, Explanations ctx) {
        int h = state.holder();
        Prose.Who who = blocked.who();
        if (blocked.f().equals(LockReduction.ACQUIRE)) {
            Prose token = blocked.output() == null ? Prose.text("") : Prose.of(" (token ", blocked.output(), ")");
            if (h == FREE) {
                return Prose.of(who, " acquired", named(LockReduction.lockOf(blocked)), " at ", ctx.when(blocked.completion()), token,
                        ", which no order of the operations before it allows: ", tokenProblem(state, blocked));
            }
            Operation held = ctx.byId(state.acquire());
            Object lock = LockReduction.lockOf(held);
            String until = "never released it";
            int count = 1; // a reentrant holder's nested acquires and releases do not end its hold
            boolean nested = false;
            for (Operation o = ctx.next(held); o != null; o = ctx.next(o)) {
                // only this lock's acquires and releases tell about this hold; a crash or kill ends them all
                boolean thisLock = LockReduction.isLockOp(o) && LockReduction.lockOf(o).equals(lock);
                if (!thisLock) {
                    if (o.optional() && o.completion() != null) {
                        until = (o.invoke() == null ? "was alive until it was killed at " : "was alive until it crashed at ")
                                + ctx.when(o.completion()) + " (only then may its lease expire)";
                        break;
                    }
                    continue;
                }
                if (o.f().equals(LockReduction.ACQUIRE) && o.outcome() == OpType.OK) {
                    count++;
                    continue;
                }
                if (o.f().equals(LockReduction.ACQUIRE)) continue;
                if (o.outcome() == OpType.FAIL) {
                    until = "its release at " + ctx.when(o.invoke()) + " failed, so it still held the lock";
                    break;
                }
                if (--count > 0) {
                    nested = true;
                    continue;
                }
                until = "had not invoked release until " + ctx.when(o.invoke())
                        + (!nested ? "" : " (its releases before that ended nested holds: it had taken the lock again while holding it)");
                break;
            }
            Prose heldToken = held.output() == null ? Prose.text("") : Prose.of(" (token ", held.output(), ")");
            return Prose.of(who, " acquired", named(lock), " at ", ctx.when(blocked.completion()), token, " while ", held.who(),
                    " held ", "".equals(lock) ? "the lock" : "it", " since ", ctx.when(held.completion()), heldToken, " and ", until);
        }
        if (blocked.f().equals(LockReduction.RELEASE)) {
            Object lock = LockReduction.lockOf(blocked);
            return Prose.of(who, " released", named(lock), " at ", ctx.when(blocked.completion()), " but did not hold ", "".equals(lock) ? "the lock" : "it",
                    " (it was ", describe(state, ctx), ")");
        }
        return LockFamily.super.explain(state, blocked, ctx);
    }

    /** Nothing for a history of one lock; " lock orders" when it has several (explanations name the lock). */
    static String named(Object lock) {
        return "".equals(lock) ? "" : " lock " + lock;
    }

    /** Why an acquire of a free lock is illegal; only fenced locks have such reasons. */
    protected String tokenProblem(S state, Operation acquire) {
        return "the lock was " + describe(state);
    }
}
