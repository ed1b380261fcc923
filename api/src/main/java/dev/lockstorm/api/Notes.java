package dev.lockstorm.api;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * Notes a lock client adds to the operation in progress (through {@link ClientContext#note}): what
 * the lock itself noticed about a grant that the history alone cannot show, such as a grant by a
 * queue node its session does not own, or a grant whose key had already expired. lockstorm's worker
 * records them on the operation ({@code "notes":[…]} in the history), where scenarios, the report
 * and a user's own checks can find the grant that matters. Outside a run a note does nothing.
 */
public final class Notes {
    private static volatile Consumer<String> sink = note -> { };

    private Notes() {
    }

    /** Adds {@code note} to the operation in progress. */
    public static void add(String note) {
        sink.accept(Objects.requireNonNull(note));
    }

    /** For the process that runs lock clients (lockstorm's worker): where notes go. */
    public static void install(Consumer<String> action) {
        sink = Objects.requireNonNull(action);
    }
}
