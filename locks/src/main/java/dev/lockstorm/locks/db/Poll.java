package dev.lockstorm.locks.db;

import java.time.Duration;

/**
 * Asking again until the lock is granted or the time is up: a lock row is either inserted or
 * taken, ShedLock skips rather than waits, and a blocking advisory lock call could not be timed out
 * cleanly, so these clients poll.
 */
final class Poll {
    private Poll() {
    }

    /** One try: what was granted, or null when the lock is taken. */
    interface Attempt<T> {
        T once() throws Exception;
    }

    /** Tries every {@code every} until a try returns something or {@code timeout} would pass before the next; null then. */
    static <T> T until(Duration timeout, Duration every, Attempt<T> attempt) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            T granted = attempt.once();
            if (granted != null) return granted;
            if (System.nanoTime() + every.toNanos() > deadline) return null;
            Thread.sleep(every.toMillis());
        }
    }
}
