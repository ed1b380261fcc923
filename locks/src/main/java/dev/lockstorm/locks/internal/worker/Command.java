package dev.lockstorm.locks.internal.worker;

/** What the driver asks a worker to do, one JSON object a line on the worker's stdin ({@link Protocol}). */
public sealed interface Command {

    /**
     * The worker's first command: make and open the client of {@code system} (found by name in the
     * worker's registry, like any plug-in). The worker answers {@link Reply.Ready} or
     * {@link Reply.OpenFailed}.
     *
     * @param connect the servers, in the form of the system's topology
     * @param lock    the lock's name
     * @param leaseMs the run's lease
     * @param options every option the system declares, set or defaulted
     */
    record Open(String system, String connect, String lock, long leaseMs, java.util.Map<String, String> options) implements Command {
        public Open {
            options = java.util.Map.copyOf(options);
        }
    }

    /**
     * Take the lock, waiting at most {@code timeoutMs}; with {@code thenUse}, also answer as
     * {@link Use} would right after the grant, for a holder that touches the resource at once (one
     * round trip less); with {@code read}, the read lock of a read-write lock
     * ({@link dev.lockstorm.api.ReadWriteLockClient}).
     */
    record Acquire(long timeoutMs, boolean thenUse, boolean read) implements Command {
        public Acquire(long timeoutMs, boolean thenUse) {
            this(timeoutMs, thenUse, false);
        }

        public Acquire(long timeoutMs) {
            this(timeoutMs, false);
        }
    }

    /** The holder is about to touch the protected resource: say whether the lock service still lets it believe it holds. */
    record Use() implements Command {
    }

    /** Release the newest lease this client holds; with {@code read}, its newest read lease. */
    record Release(boolean read) implements Command {
        public Release() {
            this(false);
        }
    }

    /**
     * Drop the client instance (a crashed process) and open a new one; with {@code keepOld}, the old
     * instance is left running instead of closed (its connection, the commands its library queued, its
     * renewals), as an application that caught the exception and went on leaves it.
     */
    record Reset(boolean keepOld) implements Command {
        public Reset() {
            this(false);
        }
    }

    /** Close the client and exit. */
    record Close() implements Command {
    }
}
