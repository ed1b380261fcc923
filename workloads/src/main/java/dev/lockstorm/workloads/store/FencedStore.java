package dev.lockstorm.workloads.store;

import java.util.Locale;

/**
 * The protected resource: a counter that lock holders read and write (read, hold, write value+1).
 * With fencing, it remembers the highest token it has seen and rejects operations with a lower one:
 * <ul>
 *   <li>{@code none}: accepts everything (shows what fencing would have saved);</li>
 *   <li>{@code writes}: rejects a write whose token is below the highest token written. Not enough
 *       for read-modify-write: a holder that read with an older token can still write after a newer
 *       holder has only read;</li>
 *   <li>{@code all}: reads present the token too, so a newer holder's read already fences the older
 *       holder's write.</li>
 * </ul>
 * Operations without a token are accepted (the lock gave none).
 */
public final class FencedStore {
    /** How much of the token the store checks. */
    public enum Fencing {
        NONE, WRITES, ALL;

        public static Fencing fromName(String s) {
            return switch (s.toLowerCase(Locale.ROOT)) {
                case "none" -> NONE;
                case "writes" -> WRITES;
                case "all" -> ALL;
                default -> throw new IllegalArgumentException("fencing '" + s + "'; expected none, writes or all");
            };
        }
    }

    /** @param accepted false when the store rejected a stale token; @param value the counter read (reads) */
    public record Result(boolean accepted, long value) {
    }

    private final Fencing fencing;
    private long value;
    private long highest = Long.MIN_VALUE;

    public FencedStore(Fencing fencing) {
        this.fencing = fencing;
    }

    public synchronized Result read(Long token) {
        if (fencing == Fencing.ALL && token != null) {
            if (token < highest) return new Result(false, value);
            highest = Math.max(highest, token);
        }
        return new Result(true, value);
    }

    public synchronized Result write(Long token, long newValue) {
        if (fencing != Fencing.NONE && token != null) {
            if (token < highest) return new Result(false, value);
            highest = Math.max(highest, token);
        }
        value = newValue;
        return new Result(true, value);
    }

    public synchronized long value() {
        return value;
    }
}
