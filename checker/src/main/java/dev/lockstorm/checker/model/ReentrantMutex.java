package dev.lockstorm.checker.model;

import dev.lockstorm.checker.history.Operation;

/**
 * A reentrant mutex, the way Curator's {@code InterProcessMutex} and Java's {@code ReentrantLock}
 * behave: free, or held by one process with a hold count. An {@code acquire} by p is legal when
 * the lock is free (count 1) or already p's (count + 1); a {@code release} by p when p holds it
 * (count − 1, free again at 0). A nested release that let the lock go while the count was still
 * above zero shows up as another process's acquire that no order allows. Tokens, when the lock
 * gives them: a hold's first acquire needs one above every token granted before (as in
 * {@link FencedMutex}); a nested acquire keeps its hold's token.
 *
 * <pre>{@code
 * Model<ReentrantMutex.State> m = new ReentrantMutex();
 * ReentrantMutex.State s = m.step(m.init(), acquireBy3);   // held by 3, count 1
 * s = m.step(s, acquireBy3);                               // count 2
 * s = m.step(s, releaseBy3);                               // count 1, still 3's
 * m.step(s, acquireBy5);                                   // null: 3 still holds it
 * }</pre>
 */
public final class ReentrantMutex extends LockModel<ReentrantMutex.State> {

    /**
     * @param holder    the holding process or -1
     * @param acquire   id of the acquire that began the hold (for explanations)
     * @param count     how many acquires of the holder its releases have not yet matched
     * @param lastToken the highest token granted so far, or {@link Long#MIN_VALUE}
     */
    public record State(int holder, int acquire, int count, long lastToken) implements LockState {
        State free() {
            return new State(FREE, -1, 0, lastToken);
        }
    }

    @Override
    public String name() {
        return "reentrant-mutex";
    }

    @Override
    public State init() {
        return new State(FREE, -1, 0, Long.MIN_VALUE);
    }

    @Override
    public State step(State s, Operation op) {
        switch (op.f()) {
            case LockReduction.ACQUIRE: {
                Long token = FencedMutex.token(op);
                if (s.holder == op.process()) {
                    boolean sameHold = token == null || token == s.lastToken;
                    return sameHold ? new State(s.holder, s.acquire, s.count + 1, s.lastToken) : null;
                }
                if (s.holder != FREE) return null;
                if (token == null) return new State(op.process(), op.id(), 1, s.lastToken);
                return token > s.lastToken ? new State(op.process(), op.id(), 1, token) : null;
            }
            case LockReduction.RELEASE:
                if (s.holder != op.process()) return null;
                return s.count > 1 ? new State(s.holder, s.acquire, s.count - 1, s.lastToken) : s.free();
            case LockReduction.EXPIRE:
                return s.holder == op.process() ? s.free() : s;
            default:
                return null;
        }
    }

    @Override
    public String describe(State s) {
        String t = s.lastToken == Long.MIN_VALUE ? "" : ", last token " + s.lastToken;
        return s.holder == FREE ? "free" + t : "held by process " + s.holder + " (hold count " + s.count + ")" + t;
    }

    @Override
    protected String tokenProblem(State s, Operation acquire) {
        String stale = FencedMutex.staleToken(acquire, s.lastToken);
        return stale != null ? stale : super.tokenProblem(s, acquire);
    }
}
