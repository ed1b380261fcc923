package dev.lockstorm.checker.model;

import dev.lockstorm.checker.history.Operation;

/**
 * {@link Mutex} plus fencing tokens: the tokens of effective acquires strictly increase in
 * linearization order. The token is the value of an {@code ok} acquire; an acquire without one
 * (null) does not move the token. Crashed acquires are dropped ({@link LockReduction}), which is the
 * most permissive choice: their token would be unknown and only push later ones higher.
 */
public final class FencedMutex extends LockModel<FencedMutex.State> {

    /**
     * @param holder    the holding process or -1
     * @param acquire   id of its acquire (for explanations)
     * @param lastToken the highest token granted so far, or {@link Long#MIN_VALUE}
     */
    public record State(int holder, int acquire, long lastToken) implements LockState {
    }

    @Override
    public String name() {
        return "fenced-mutex";
    }

    @Override
    public State init() {
        return new State(FREE, -1, Long.MIN_VALUE);
    }

    @Override
    public State step(State s, Operation op) {
        switch (op.f()) {
            case LockReduction.ACQUIRE: {
                if (s.holder != FREE) return null;
                Long token = token(op);
                if (token == null) return new State(op.process(), op.id(), s.lastToken);
                return token > s.lastToken ? new State(op.process(), op.id(), token) : null;
            }
            case LockReduction.RELEASE:
                return s.holder == op.process() ? new State(FREE, -1, s.lastToken) : null;
            case LockReduction.EXPIRE:
                return s.holder == op.process() ? new State(FREE, -1, s.lastToken) : s;
            default:
                return null;
        }
    }

    static Long token(Operation op) {
        return op.output() instanceof Number n ? n.longValue() : null;
    }

    @Override
    public String describe(State s) {
        String t = s.lastToken == Long.MIN_VALUE ? "no token granted yet" : "last token " + s.lastToken;
        return super.describe(s) + ", " + t;
    }

    @Override
    protected String tokenProblem(State s, Operation acquire) {
        String stale = staleToken(acquire, s.lastToken);
        return stale != null ? stale : super.tokenProblem(s, acquire);
    }

    /** Why a new hold's token is refused (not above {@code lastToken}, already granted), or null when it is not. */
    static String staleToken(Operation acquire, long lastToken) {
        Long t = token(acquire);
        return t != null && t <= lastToken ? "its token " + t + " is not above token " + lastToken + ", already granted" : null;
    }
}
