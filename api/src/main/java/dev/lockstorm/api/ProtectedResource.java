package dev.lockstorm.api;

/**
 * The thing the lock protects, with its own token check: what a lock holder reads and writes while
 * it believes it holds the lock. lockstorm uses it as a counter: a holder reads the value, holds,
 * then writes value + 1 with its lease's token, and at the end of a run every acknowledged
 * increment must be there. A resource that checks fencing tokens rejects a read or a write whose
 * token is older than one it has already seen; how many stale writes it rejected, and whether any
 * update was lost anyway, is what the run reports.
 *
 * <p>One instance serves a whole run in the driver, and client threads call it concurrently, as a
 * shared resource is called: make it thread-safe. Mark the moments where a pause or a crash of the
 * caller would hurt (between a token check and a write) with {@link ResourceContext#checkpoint}. A token is null when the lock gives none; the
 * final read of a run has no token either and must be answered. An exception is an unknown outcome
 * ({@code info}).
 *
 * <pre>{@code
 * public final class AcmeLedger implements ProtectedResource {
 *     private long value;
 *     private long highest = Long.MIN_VALUE;
 *
 *     public synchronized Read read(Long token) {
 *         if (token != null && token < highest) return Read.rejected("token " + token + " < " + highest);
 *         if (token != null) highest = token;
 *         return Read.ok(value);
 *     }
 *
 *     public synchronized Write write(Long token, long newValue) {
 *         if (token != null && token < highest) return Write.rejected("token " + token + " < " + highest);
 *         if (token != null) highest = token;
 *         value = newValue;
 *         return Write.ok();
 *     }
 * }
 * }</pre>
 */
public interface ProtectedResource extends AutoCloseable {

    /** Reads the value, presenting {@code token} (null: the lock gives none, or the run's final read). */
    Read read(Long token) throws Exception;

    /**
     * Reads the value under a read-write lock's read lock ({@link ReadWriteLockClient}). Readers hold
     * their tokens at the same time and present them in any order, so a shared read is stale only
     * when its token is older than one presented by a writer (an exclusive read or a write); it must
     * not make another reader's older token stale, but a writer's older token it does. The default
     * treats it as {@link #read}, which is right for a resource that fences writes only.
     */
    default Read readShared(Long token) throws Exception {
        return read(token);
    }

    /** Writes {@code value} with {@code token}: accepted (and stored), or rejected as stale. */
    Write write(Long token, long value) throws Exception;

    /** Releases what the resource holds (connections); the default does nothing. */
    @Override
    default void close() throws Exception {
    }

    /**
     * What a read answered.
     *
     * @param accepted false when the resource refused the token as stale
     * @param value    the value read (accepted reads)
     * @param reason   why it was refused, or null
     */
    record Read(boolean accepted, long value, String reason) {
        public static Read ok(long value) {
            return new Read(true, value, null);
        }

        public static Read rejected(String reason) {
            return new Read(false, 0, reason);
        }
    }

    /**
     * What a write answered.
     *
     * @param accepted false when the resource refused the token as stale
     * @param reason   why it was refused, or null
     */
    record Write(boolean accepted, String reason) {
        public static Write ok() {
            return new Write(true, null);
        }

        public static Write rejected(String reason) {
            return new Write(false, reason);
        }
    }
}
