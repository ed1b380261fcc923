package dev.lockstorm.faults;

import java.util.Locale;
import java.util.Optional;

/**
 * How a partition refuses packets, which decides what the hosts on either side learn. A silent
 * drop teaches a TCP peer nothing until its own timeouts run out (a holder whose renewals vanish
 * keeps acting); a reset tells it at once that the connection is gone; dropping only what arrives
 * lets a request through and loses its reply (the server applies a command whose caller never hears
 * of it).
 *
 * <pre>{@code
 * nemesis.partition(Grudge.cutOff(holder, servers).withStyle(CutStyle.RESET));
 * }</pre>
 */
public enum CutStyle {
    /** Refused packets dropped silently where they arrive (and at the sender of a one-way grudge): peers time out. */
    BLACKHOLE,
    /** Refused TCP packets answered with a TCP reset, others with ICMP port unreachable: peers learn at once. */
    RESET,
    /** Only arriving packets are dropped, never leaving ones: a host that refuses another still reaches it, and loses its replies. */
    INBOUND;

    /** "blackhole", "reset", "inbound": the word a history's {@code cut} field and a schedule use. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** "blackhole, reset, inbound": every style's word, for a message that says what was expected. */
    public static String words() {
        return java.util.Arrays.stream(values()).map(CutStyle::word).collect(java.util.stream.Collectors.joining(", "));
    }

    /** The style {@code word} names; empty for any other word. A history without the field means {@link #BLACKHOLE}. */
    public static Optional<CutStyle> of(String word) {
        for (CutStyle s : values()) if (s.word().equals(word)) return Optional.of(s);
        return Optional.empty();
    }
}
