package dev.lockstorm.locks.internal.worker;

/** What a worker answers, one JSON object a line on its stdout ({@link Protocol}). */
public sealed interface Reply {

    /** The client instance is open. */
    record Ready() implements Reply {
    }

    /** The client instance could not be opened. */
    record OpenFailed(String error) implements Reply {
    }

    /**
     * The operation took effect; an acquire's token (null for a release, or a lock without tokens)
     * and, when the acquire asked for it, what {@link InUse} would have said right after the grant;
     * the notes the lock client added during the call ({@link dev.lockstorm.api.Notes}); with a grant, the remote ends of
     * the worker's connections then ({@link Peers}: the member of a group its session is attached to).
     */
    record Ok(Long token, Boolean stillHeld, java.util.List<String> notes, java.util.List<String> peers) implements Reply {
        public Ok {
            notes = java.util.List.copyOf(notes);
            peers = java.util.List.copyOf(peers);
        }

        public Ok(Long token, Boolean stillHeld, java.util.List<String> notes) {
            this(token, stillHeld, notes, java.util.List.of());
        }

        public Ok(Long token, Boolean stillHeld) {
            this(token, stillHeld, java.util.List.of());
        }

        public Ok(Long token) {
            this(token, null);
        }
    }

    /** The operation certainly did not take effect; the notes the lock client added during the call. */
    record Fail(String error, java.util.List<String> notes) implements Reply {
        public Fail {
            notes = java.util.List.copyOf(notes);
        }

        public Fail(String error) {
            this(error, java.util.List.of());
        }
    }

    /** The outcome is unknown (the client instance is now a crashed process); the notes the lock client added during the call. */
    record Info(String error, java.util.List<String> notes) implements Reply {
        public Info {
            notes = java.util.List.copyOf(notes);
        }

        public Info(String error) {
            this(error, java.util.List.of());
        }
    }

    /**
     * The answer to {@link Command.Use}: null when the lock client cannot say ({@code stillHeld} not implemented); the remote
     * ends of the worker's connections as it answered ({@link Peers}).
     */
    record InUse(Boolean stillHeld, java.util.List<String> peers) implements Reply {
        public InUse {
            peers = java.util.List.copyOf(peers);
        }

        public InUse(Boolean stillHeld) {
            this(stillHeld, java.util.List.of());
        }
    }

    /**
     * A resource service's word, on its connection only, that the call reached its checkpoint {@code point} while the run
     * aims there: the calling client reaches the point as its own (a freeze, or its end) and answers {@link Command.GoOn}.
     */
    record AtCheckpoint(String point) implements Reply {
    }
}
