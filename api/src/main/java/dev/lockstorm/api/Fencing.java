package dev.lockstorm.api;

import java.util.Locale;

/**
 * How much of the fencing token the protected resource checks ({@code --fencing}).
 * <ul>
 *   <li>{@link #NONE}: accepts everything (and the analyses show what fencing would have saved);</li>
 *   <li>{@link #WRITES}: rejects a write whose token is below the highest token written. Not enough
 *       for read-modify-write: a holder that read with an older token can still write after a newer
 *       holder has only read;</li>
 *   <li>{@link #ALL}: reads present the token too, so a newer holder's read already fences the older
 *       holder's write.</li>
 * </ul>
 */
public enum Fencing {
    NONE, WRITES, ALL;

    /** {@code none}, {@code writes} or {@code all}. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Fencing fromName(String s) {
        for (Fencing f : values()) if (f.wire().equals(s.toLowerCase(Locale.ROOT))) return f;
        throw new IllegalArgumentException("fencing '" + s + "'; expected none, writes or all");
    }
}
