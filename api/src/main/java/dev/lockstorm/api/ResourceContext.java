package dev.lockstorm.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What a protected resource is opened with.
 *
 * @param fencing how much of the token the run asks the resource to check ({@code --fencing}); a resource
 *                with a fixed policy of its own says so in its description and may reject a mode it cannot honour
 * @param connect the lock's servers, in the form of the lock system's {@link Topology}, for a resource kept there
 * @param storage the resource's own servers ({@link ResourceType#servers()}), started for the run on hosts of their own
 *                (d1 …), in the form of their {@link Topology}: {@code "redis://10.77.0.31:6379"},
 *                {@code "jdbc:postgresql://10.77.0.31:5432/lockstorm?user=lockstorm"}; empty when it names none
 * @param dir     a directory of the resource's own on the host it runs on (the driver's, or its service's host), empty at
 *                the run's start and there for the whole run: for a resource that keeps its data in files
 * @param run     what the run does at the resource's checkpoints and with its notes (lockstorm supplies it)
 */
public record ResourceContext(Fencing fencing, String connect, String storage, Path dir, Run run) {
    public ResourceContext {
        Objects.requireNonNull(storage, "storage");
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(run, "run");
    }

    /** A context outside a run, for a resource's own tests: no servers of its own, a fresh temporary directory; checkpoints return at once and notes go nowhere. */
    public ResourceContext(Fencing fencing, String connect) {
        this(fencing, connect, "", freshDir(), Run.NONE);
    }

    private static Path freshDir() {
        try {
            return Files.createTempDirectory("lockstorm-resource");
        } catch (IOException e) {
            throw new UncheckedIOException("could not make a directory for the resource", e);
        }
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
