package dev.lockstorm.api;

import java.util.Objects;

/**
 * What a protected resource is opened with.
 *
 * @param fencing how much of the token the run asks the resource to check ({@code --fencing}); a resource
 *                with a fixed policy of its own says so in its description and may reject a mode it cannot honour
 * @param connect the run's servers, in the form of the lock system's {@link Topology}, for a resource kept there
 * @param run     what the run does at the resource's checkpoints and with its notes (lockstorm supplies it)
 */
public record ResourceContext(Fencing fencing, String connect, Run run) {
    public ResourceContext {
        Objects.requireNonNull(run, "run");
    }

    /** A context outside a run: checkpoints return at once and notes go nowhere. */
    public ResourceContext(Fencing fencing, String connect) {
        this(fencing, connect, Run.NONE);
    }

    /**
     * Marks a named point in the resource's own code, such as between its token check and its
     * write, where the run's nemesis may freeze ({@code --nemesis pause-at:NAME}) or kill
     * ({@code kill-at:NAME}) the client whose call has reached it, as a GC pause or a crash of that
     * client would between two round trips to the storage: a check-then-write race is met on purpose,
     * not by chance. List the names in {@link ResourceType#checkpoints()}, so that {@code hunt --resource}
     * aims there. Returns at once when no nemesis aims there, and for the run's final read.
     *
     * <pre>{@code
     * if (token < highestSeen(key)) return Write.rejected("stale token " + token);
     * context.checkpoint("checked");     // --nemesis pause-at:checked freezes the caller here, past its lease
     * store(key, value);
     * }</pre>
     */
    public void checkpoint(String name) {
        run.checkpoint(Objects.requireNonNull(name, "name"));
    }

    /**
     * Notes something about the call in progress that the history alone cannot show (which replica
     * answered, the bar a token was compared with); the run records it on the operation
     * ({@code "notes"} in the history), as it does a lock client's ({@link ClientContext#note}).
     */
    public void note(String what) {
        run.note(Objects.requireNonNull(what, "what"));
    }

    /** What a run does at a resource's checkpoints and with its notes: lockstorm's side of {@link #checkpoint} and {@link #note}. */
    public interface Run {
        /** Outside a run: nothing. */
        Run NONE = new Run() {
            @Override
            public void checkpoint(String name) {
            }

            @Override
            public void note(String what) {
            }
        };

        /** The call in progress reached the point {@code name}: returns when the run lets it go on; throws when its client was killed there. */
        void checkpoint(String name);

        /** Adds {@code what} to the notes of the call in progress. */
        void note(String what);
    }
}
