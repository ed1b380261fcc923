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

    /**
     * On how many of a lock's independent servers a grant holds its key: a lock that grants on a majority (Redlock) may
     * hold on all of them or on only a bare majority, and how many servers' clocks must run its lease out before another
     * client can be granted a majority depends on which ({@link #heldOn(HeldOn)}).
     *
     * @param servers how many servers said yes to the grant
     * @param of      how many servers the lock asks
     */
    public record HeldOn(int servers, int of) {
        public HeldOn {
            if (servers < 1 || of < servers) throw new IllegalArgumentException("held on " + servers + " of " + of + " servers");
        }

        /** How many of the servers another grant needs: a majority of them. */
        public int majority() {
            return LeaseModel.Judges.majority(of);
        }

        /**
         * How many of the servers holding the key must lose it (its lease run out there, or the holder unheard) before another
         * client can be granted a majority, which the servers without the key give only in part: held on 3 of 3, 2; on 2 of 3, 1.
         */
        public int lostToEnd() {
            return Math.max(1, servers - (of - majority()));
        }

        @Override
        public String toString() {
            return HELD_ON + servers + " of " + of + " servers";
        }
    }

    /** How a {@linkplain #heldOn(HeldOn) held-on note} begins, in the history's {@code "notes"}. */
    public static final String HELD_ON = "held on ";
    private static final java.util.regex.Pattern HELD_ON_NOTE =
            java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(HELD_ON) + "(\\d{1,6}) of (\\d{1,6}) servers");

    /**
     * Notes on how many servers the grant in progress holds its key ("held on 2 of 3 servers"). Another client can be
     * granted a majority only once the lease ran out on enough of those servers ({@link HeldOn#lostToEnd}), so the checker
     * asks that many servers' clocks to have moved, or that many servers to have stopped hearing the holder, before it
     * calls a second grant under such faults a lease limit; a count short of a majority is a grant with nothing behind it.
     */
    public static void heldOn(HeldOn held) {
        add(held.toString());
    }

    /** What a recorded note says of a grant's servers, or empty for any other note (or one that is malformed). */
    public static java.util.Optional<HeldOn> heldOn(String note) {
        java.util.regex.Matcher m = HELD_ON_NOTE.matcher(note);
        if (!m.matches()) return java.util.Optional.empty();
        int servers = Integer.parseInt(m.group(1)), of = Integer.parseInt(m.group(2));
        return servers < 1 || of < servers ? java.util.Optional.empty() : java.util.Optional.of(new HeldOn(servers, of));
    }

    /** For the process that runs lock clients (lockstorm's worker): where notes go. */
    public static void install(Consumer<String> action) {
        sink = Objects.requireNonNull(action);
    }
}
