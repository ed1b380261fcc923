package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.Op;

/**
 * A stretch in which a client certainly believed it held a lock: from its acquire's {@code ok} to
 * its release's invocation, to the {@code info} that ended it as a crashed process (or the
 * nemesis's kill of the process, when that came first), or to the end of the history.
 *
 * @param process the client process
 * @param lock    the lock's name ("" for a single lock)
 * @param start   the acquire's ok event
 * @param token   the acquire's token, or null
 * @param end     the event that ended the belief, or null at the end of the history
 * @param mode    a read-write lock's {@code "read"} or {@code "write"}; "" for a mutex
 */
public record HoldInterval(int process, Object lock, Op start, Long token, Op end, String mode) {

    /** A mutex's hold. */
    public HoldInterval(int process, Object lock, Op start, Long token, Op end) {
        this(process, lock, start, token, end, "");
    }

    /** "the lock", "lock x", "the read lock", "the write lock of x", as a sentence names what was held. */
    public String what() {
        boolean one = "".equals(lock);
        if (mode.isEmpty()) return one ? "the lock" : "lock " + lock;
        return "the " + mode + " lock" + (one ? "" : " of " + lock);
    }

    /** Event index at which the hold ends (exclusive); the history's size when it never ended. */
    int endIndex(int historySize) {
        return end == null ? historySize : end.index();
    }
}
