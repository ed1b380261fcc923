package dev.lockstorm.suite.internal.run;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Who believes it holds the lock now, as the driver sees its clients: what the nemesis aims at
 * ("the holder", "right after a grant") and the progress line's "double holders so far". The
 * checker decides from the history; this is only the driver's live view.
 */
final class HoldBoard {
    private final Set<DrivenClient> holding = ConcurrentHashMap.newKeySet();
    private final AtomicInteger doubles = new AtomicInteger();
    private volatile long lastAcquired = Long.MIN_VALUE;

    void acquired(DrivenClient c) {
        // a killed holder whose driver has not noticed yet holds nothing
        if (holding.stream().anyMatch(DrivenClient::workerAlive)) doubles.incrementAndGet();
        holding.add(c);
        lastAcquired = System.nanoTime();
    }

    /** The client let the lock go (a release began), or its process crashed. */
    void released(DrivenClient c) {
        holding.remove(c);
    }

    /** Whether a client acquired within {@code within} and some client still holds the lock. */
    boolean justAcquired(Duration within) {
        long last = lastAcquired;
        return !holding.isEmpty() && last != Long.MIN_VALUE && System.nanoTime() - last < within.toNanos();
    }

    boolean holds(DrivenClient c) {
        return holding.contains(c);
    }

    int doubleHoldersSoFar() {
        return doubles.get();
    }
}
