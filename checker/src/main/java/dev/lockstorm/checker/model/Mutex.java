package dev.lockstorm.checker.model;

import dev.lockstorm.checker.history.Operation;

/**
 * An owner-aware mutex: free, or held by one process. {@code acquire} by p is legal iff the lock is
 * free; {@code release} by p iff p holds it. A crashed process's lock may expire after the crash
 * (see {@link LockReduction}); a live holder's lock never does, so handing it to another process is
 * a violation. Unlike Knossos's {@code mutex}, "someone else released my lock" is one too.
 */
public final class Mutex extends LockModel<Mutex.State> {

    /** @param holder the holding process or -1; @param acquire id of its acquire (for explanations) */
    public record State(int holder, int acquire) implements LockState {
        static final State FREE_STATE = new State(FREE, -1);
    }

    @Override
    public String name() {
        return "mutex";
    }

    @Override
    public State init() {
        return State.FREE_STATE;
    }

    @Override
    public State step(State s, Operation op) {
        return switch (op.f()) {
            case LockReduction.ACQUIRE -> s.holder == FREE ? new State(op.process(), op.id()) : null;
            case LockReduction.RELEASE -> s.holder == op.process() ? State.FREE_STATE : null;
            case LockReduction.EXPIRE -> s.holder == op.process() ? State.FREE_STATE : s;
            default -> null;
        };
    }
}
