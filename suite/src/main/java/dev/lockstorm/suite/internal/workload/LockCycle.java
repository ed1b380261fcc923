package dev.lockstorm.suite.internal.workload;

import java.time.Duration;
import java.util.Random;

/**
 * The workload's rhythm, written once: acquire → read the resource → hold → write value + 1 with
 * the token → release, as a state machine that a {@link Holder} drives one {@link Step} at a time.
 * The driver, the bench's direct loop and the lock simulation all run it, so the cycle a benchmark
 * measures and the one a simulated history shows are the run's own.
 *
 * <p>A reentrant lock is taken again inside the hold, 0…{@link Policy#nesting()} deep, around the
 * read; those nested releases come before the hold and the write, so a nested release that let the
 * lock go leaves the rest of the hold open to another client, where the checker sees it. A careful
 * holder ({@link OnDoubt#STOP}) asks before the read and during the hold, leaves the rest undone at
 * the first doubt and releases. A {@link Outcome.Crashed crash} ends the cycle: the client goes on
 * as a new process, and the old one's lease expires on its own.
 *
 * <p>A read-write lock's clients have a {@link Role}. A reader reads under the read lock, holds and
 * reads again. A writer reads, writes value + 1 (the write half done: what a reader admitted beside
 * it sees), holds and writes value + 2; in the cycles it draws, it then downgrades: takes the read
 * lock, gives the write lock back, reads once more and gives the read lock back.
 *
 * <pre>{@code
 * LockCycle cycle = new LockCycle(new LockCycle.Policy(0, Duration.ZERO, Duration.ofMillis(100), OnDoubt.CONTINUE), new Random(7));
 * for (Step s = cycle.begin(timeout, true); s != null; s = cycle.next(holder.perform(s))) { }
 * }</pre>
 */
public final class LockCycle {

    /**
     * What a holder does in every cycle.
     *
     * @param nesting how deep a reentrant lock is taken again at most (each cycle draws 0…nesting); 0 for other locks
     * @param holdMin the shortest hold between read and write (a hold is uniform between holdMin and holdMax)
     * @param holdMax the longest hold
     * @param onDoubt what the holder does when its client says the lease may be gone
     */
    public record Policy(int nesting, Duration holdMin, Duration holdMax, OnDoubt onDoubt) {
        /** Acquire, read, write at once and release: the benches' and the simulation's cycle. */
        public static final Policy NO_HOLD = new Policy(0, Duration.ZERO, Duration.ZERO, OnDoubt.CONTINUE);
    }

    private enum At { ACQUIRING, NESTING, CHECKING, READING, BEGINNING, UNNESTING, HOLDING, REREADING, WRITING, DOWNGRADING,
        RELEASING_WRITE, DOWNGRADED_READ, RELEASING, ENDED }

    private final Policy policy;
    private final Role role;
    private final Random random;
    private At at = At.ENDED;
    private Duration timeout;
    private boolean holding;
    private int depth;
    private int nested;
    private boolean acquired;
    private Long token;
    private Boolean stillHeldAtGrant;
    private Long read;
    private boolean sure;
    private boolean downgrade;
    private boolean downgraded;
    private Long readToken;

    /** @param random the source of this client's draws (depth, hold), from the run's seed */
    public LockCycle(Policy policy, Random random) {
        this(policy, Role.EXCLUSIVE, random);
    }

    /** A read-write lock's reader or writer (or {@link Role#EXCLUSIVE}: a plain lock's holder). */
    public LockCycle(Policy policy, Role role, Random random) {
        this.policy = policy;
        this.role = role;
        this.random = random;
    }

    /**
     * Runs one whole cycle through {@code holder}; returns whether its acquire was granted.
     *
     * @param holding false for a cycle that writes at once (the hold is still drawn, so that a seed's later draws stay the same)
     */
    public boolean run(Holder holder, Duration acquireTimeout, boolean holding) {
        for (Step s = begin(acquireTimeout, holding); s != null; s = next(holder.perform(s))) {
            // every step's outcome chooses the next
        }
        return acquired;
    }

    /** Starts a cycle; returns its first step, an {@link Step.Acquire}. */
    public Step begin(Duration acquireTimeout, boolean holding) {
        this.timeout = acquireTimeout;
        this.holding = holding;
        depth = policy.nesting() == 0 ? 0 : random.nextInt(policy.nesting() + 1);
        nested = 0;
        acquired = false;
        token = null;
        stillHeldAtGrant = null;
        read = null;
        sure = true;
        // a writer's draw whether it downgrades in this cycle (only writers draw: a role never changes)
        downgrade = role == Role.WRITER && random.nextBoolean();
        downgraded = false;
        readToken = null;
        at = At.ACQUIRING;
        // a holder that reads at once has its client say whether it still holds with the grant: one round trip less
        return new Step.Acquire(acquireTimeout, depth == 0 && policy.onDoubt() == OnDoubt.CONTINUE, role == Role.READER);
    }

    /** The step after the last one went as {@code outcome}; null when the cycle has ended. */
    public Step next(Outcome outcome) {
        if (outcome instanceof Outcome.Crashed) return end();
        switch (at) {
            case ACQUIRING -> {
                if (!(outcome instanceof Outcome.Granted g)) return end();
                acquired = true;
                token = g.token();
                stillHeldAtGrant = g.stillHeld();
                return nestOrRead();
            }
            case NESTING -> {
                if (outcome instanceof Outcome.Granted) nested++;
                else depth = nested; // not granted again: the hold goes on at the depth it has
                return nestOrRead();
            }
            case CHECKING -> {
                sure = outcome instanceof Outcome.StillHeld s && s.held();
                return sure ? reading() : unnestOrHold();
            }
            case READING -> {
                // a careful holder told "no" right before the read leaves it undone, and the rest of the cycle with it
                if (outcome instanceof Outcome.StillHeld s && !s.held()) sure = false;
                read = outcome instanceof Outcome.Read r ? r.value() : null;
                if (role == Role.WRITER && read != null) {
                    at = At.BEGINNING;
                    return new Step.Write(token, read + 1);
                }
                return unnestOrHold();
            }
            case BEGINNING -> {
                // the first half of a writer's write refused (a stale token) or not made (told "no"): the rest is undone
                if (!(outcome instanceof Outcome.Done)) {
                    if (outcome instanceof Outcome.StillHeld) sure = false;
                    return releasing();
                }
                return unnestOrHold();
            }
            case UNNESTING -> {
                nested--;
                return unnestOrHold();
            }
            case HOLDING -> {
                sure = outcome instanceof Outcome.StillHeld s && s.held();
                if (!sure) return releasing();
                at = role == Role.READER ? At.REREADING : At.WRITING;
                return afterHold();
            }
            case REREADING -> {
                if (outcome instanceof Outcome.StillHeld s && !s.held()) sure = false;
                return releasing();
            }
            case WRITING -> {
                // told "no" right before the write: the write was not made, and the release says the holder gave up
                if (outcome instanceof Outcome.StillHeld s && !s.held()) sure = false;
                if (downgrade && sure && outcome instanceof Outcome.Done) {
                    at = At.DOWNGRADING;
                    return new Step.Acquire(timeout, false, true);
                }
                return releasing();
            }
            case DOWNGRADING -> {
                if (!(outcome instanceof Outcome.Granted g)) return releasing();
                readToken = g.token();
                at = At.RELEASING_WRITE;
                return new Step.Release(false, false);
            }
            case RELEASING_WRITE -> {
                downgraded = true;
                at = At.DOWNGRADED_READ;
                return new Step.Read(readToken, null, true);
            }
            case DOWNGRADED_READ -> {
                if (outcome instanceof Outcome.StillHeld s && !s.held()) sure = false;
                return releasing();
            }
            default -> {
                return end();
            }
        }
    }

    /** What this client does with the lock. */
    public Role role() {
        return role;
    }

    /** Whether the cycle's acquire was granted (so far). */
    public boolean acquired() {
        return acquired;
    }

    private Step nestOrRead() {
        if (nested < depth) {
            at = At.NESTING;
            return new Step.AcquireAgain(timeout);
        }
        if (policy.onDoubt() == OnDoubt.STOP) {
            at = At.CHECKING;
            return new Step.Check(new Step.Read(token, null));
        }
        return reading();
    }

    private Step reading() {
        at = At.READING;
        return new Step.Read(token, stillHeldAtGrant, role == Role.READER);
    }

    /** What the hold guards: a reader's second read, a writer's second half, a plain holder's write. */
    private Step afterHold() {
        return switch (role) {
            case READER -> new Step.Read(token, null, true);
            case WRITER -> new Step.Write(token, read + 2);
            case EXCLUSIVE -> new Step.Write(token, read + 1);
        };
    }

    private Step unnestOrHold() {
        if (nested > 0) {
            at = At.UNNESTING;
            return new Step.ReleaseAgain();
        }
        if (read == null) return releasing();
        long min = policy.holdMin().toMillis();
        long spread = policy.holdMax().toMillis() - min;
        // drawn even without the hold, so that a seed's later draws stay the same
        long ms = min + (spread <= 0 ? 0 : random.nextInt((int) spread + 1));
        at = At.HOLDING;
        return new Step.Hold(holding ? ms : 0, policy.onDoubt() == OnDoubt.STOP, afterHold());
    }

    private Step releasing() {
        at = At.RELEASING;
        return new Step.Release(!sure, role == Role.READER || downgraded);
    }

    private Step end() {
        at = At.ENDED;
        return null;
    }
}
