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

    /** How an {@linkplain #unbacked unbacked grant}'s note begins, in the history's {@code "notes"}. */
    public static final String UNBACKED = "unbacked grant: ";

    /**
     * Notes that the grant in progress has nothing behind it, as the lock's own client can see at
     * once: a queue node its session does not own, a lock key that no longer exists. The checker
     * takes such a grant as a defect of the lock whatever faults were in force, for a grant on a
     * lease that had already ended is the lock's own wrong step ({@link #unbackedWhy}).
     */
    public static void unbacked(String why) {
        add(UNBACKED + Objects.requireNonNull(why));
    }

    /** Why a recorded note says its grant was unbacked, or empty for any other note. */
    public static java.util.Optional<String> unbackedWhy(String note) {
        return note.startsWith(UNBACKED) ? java.util.Optional.of(note.substring(UNBACKED.length())) : java.util.Optional.empty();
    }

    /** For the process that runs lock clients (lockstorm's worker): where notes go. */
    public static void install(Consumer<String> action) {
        sink = Objects.requireNonNull(action);
    }
}
