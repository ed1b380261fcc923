package dev.lockstorm.locks.internal.worker;

/** What the driver asks a worker to do, one JSON object a line on the worker's stdin ({@link Protocol}). */
public sealed interface Command {

    /**
     * The worker's first command: make and open the client of {@code system} (found by name in the
     * worker's registry, like any plug-in). The worker answers {@link Reply.Ready} or
     * {@link Reply.OpenFailed}. Sent again after a failed open, and to a worker kept from an earlier
     * run after {@link Drop}: then with the same system, servers, lock, lease and options (a worker
     * serves one client of one lock), and with where its log goes from now on.
     *
     * @param connect       the servers, in the form of the system's topology
     * @param lock          the lock's name
     * @param leaseMs       the run's lease
     * @param options       every option the system declares, set or defaulted
     * @param log           the file the worker writes its log to from now on (a kept worker's next run), or null to keep writing where it does
     * @param runStartNanos the start of the run its log lines are stamped from, on the monotonic clock (with {@code log})
     * @param settings      the run's settings of the worker's own switches, by their environment variables' names (a
     *                      checkpoint armed by {@code pause-at:}, a renewal switch), replacing those it has; null to keep
     *                      those its environment gave it
     */
    record Open(String system, String connect, String lock, long leaseMs, java.util.Map<String, String> options, String log, long runStartNanos,
                java.util.Map<String, String> settings) implements Command {
        public Open {
            options = java.util.Map.copyOf(options);
            if (settings != null) settings = java.util.Map.copyOf(settings);
        }

        public Open(String system, String connect, String lock, long leaseMs, java.util.Map<String, String> options) {
            this(system, connect, lock, leaseMs, options, null, 0, null);
        }

        /** This open with the run's switches set as {@code settings} say. */
        public Open with(java.util.Map<String, String> settings) {
            return new Open(system, connect, lock, leaseMs, options, log, runStartNanos, settings);
        }

        /** This open for a kept worker's next run: its log in {@code log}, stamped from {@code runStartNanos}. */
        public Open loggingTo(String log, long runStartNanos) {
            return new Open(system, connect, lock, leaseMs, options, log, runStartNanos, settings);
        }

        /** Whether {@code other} opens the same client (its log and switches aside). */
        public boolean sameClient(Open other) {
            return system.equals(other.system) && connect.equals(other.connect) && lock.equals(other.lock) && leaseMs == other.leaseMs
                    && options.equals(other.options);
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

    /**
     * The run is over and the worker is kept for the next: close the client instance (and those a
     * {@link Reset} kept running), forget its leases, and wait for the next run's {@link Open}. The
     * worker answers {@link Reply.Ok}.
     */
    record Drop() implements Command {
    }

    /**
     * A call of the protected resource when it runs as a service ({@link ResourceService}): the worker
     * sends it to the service at {@code address} over the network, so that the nemesis's faults on the
     * client's links reach it, and answers with the service's {@link Reply.Ok} (a read's value),
     * {@link Reply.Fail} (refused as stale) or {@link Reply.Info} (unknown, also when the service did
     * not answer within {@code timeoutMs}).
     *
     * @param address   the service's host and port
     * @param op        {@code read}, {@code read-shared} (under a read-write lock's read lock) or {@code write}
     * @param token     the token presented, or null
     * @param value     a write's value
     * @param timeoutMs how long the worker waits for the service's answer
     */
    record Resource(String address, String op, Long token, long value, long timeoutMs) implements Command {
        public Resource {
            if (!java.util.Set.of("read", "read-shared", "write").contains(op)) throw new IllegalArgumentException("not a resource call: " + op);
        }
    }

    /**
     * The worker's word to a resource service that told it the call reached an armed checkpoint ({@link Reply.AtCheckpoint}):
     * the client has passed the point (after its freeze there), and the call goes on. Sent on the service's connection only.
     */
    record GoOn() implements Command {
    }

    /** Close the client and exit. */
    record Close() implements Command {
    }
}
