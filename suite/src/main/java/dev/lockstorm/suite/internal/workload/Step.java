package dev.lockstorm.suite.internal.workload;

import java.time.Duration;

/**
 * One step of a {@link LockCycle}, which a {@link Holder} performs and answers with an
 * {@link Outcome}. The steps are the workload's vocabulary: what a lock holder does, not how (over a
 * worker's pipes, in the same JVM, or against a simulated service).
 */
public sealed interface Step {

    /**
     * Take the lock, waiting at most {@code timeout}.
     *
     * @param checkAtOnce also say, with the grant, whether the client still believes it holds (a
     *                    holder that reads at once saves a round trip)
     * @param read        a read-write lock's read lock (a reader's, or a writer's downgrade)
     */
    record Acquire(Duration timeout, boolean checkAtOnce, boolean read) implements Step {
        public Acquire(Duration timeout, boolean checkAtOnce) {
            this(timeout, checkAtOnce, false);
        }
    }

    /** Take a reentrant lock again while holding it (a nested acquire). */
    record AcquireAgain(Duration timeout) implements Step {
    }

    /** A careful holder asks its client whether it still holds before it goes on to {@code guarded}. */
    record Check(Step guarded) implements Step {
    }

    /**
     * Read the protected resource with the hold's token.
     *
     * @param stillHeld what the client said with the grant, or null: ask it now
     * @param shared    under a read-write lock's read lock, beside other readers
     */
    record Read(Long token, Boolean stillHeld, boolean shared) implements Step {
        public Read(Long token, Boolean stillHeld) {
            this(token, stillHeld, false);
        }
    }

    /** Release one nested hold of a reentrant lock. */
    record ReleaseAgain() implements Step {
    }

    /**
     * Hold the lock for {@code ms} before {@code then}; a careful holder ({@code checking}) asks its
     * client every 100 ms whether it still holds, and stops at the first doubt.
     */
    record Hold(long ms, boolean checking, Step then) implements Step {
    }

    /** Write {@code value} to the protected resource with the hold's token. */
    record Write(Long token, long value) implements Step {
    }

    /**
     * Release the lock; {@code gaveUp}: the holder stops because its client said the lease may be
     * gone; {@code read}: a read-write lock's read lock (a writer's downgrade gives back the write lock first).
     */
    record Release(boolean gaveUp, boolean read) implements Step {
        public Release(boolean gaveUp) {
            this(gaveUp, false);
        }
    }
}
