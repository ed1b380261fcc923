package dev.lockstorm.faults;

/**
 * How a duration and a value read in lockstorm's words, here so that a fault's words ("back 60.000 s")
 * and the checker's ("the pause of 50.000 ms ended 1.850 s before the grant") print numbers alike.
 */
public final class Words {
    private Words() {
    }

    /** Nanoseconds as text in a unit that shows them: "4.310 s", "3.250 ms", "12.5 µs", "40 ns". */
    public static String duration(long nanos) {
        long a = Math.abs(nanos);
        // fixed-point by hand: String.format's first call loads the locale machinery, ~10 ms of a cold check
        if (a >= 1_000_000_000L) return fixed(nanos, 1_000_000, 3) + " s";
        if (a >= 1_000_000L) return fixed(nanos, 1_000, 3) + " ms";
        if (a >= 1_000L) return fixed(nanos, 100, 1) + " µs";
        return nanos + " ns";
    }

    /** {@code nanos / (step · 10^digits)} rounded half up to {@code digits} decimals, as "%.Nf" prints it. */
    private static String fixed(long nanos, long step, int digits) {
        long scale = digits == 3 ? 1000 : 10;
        long units = Math.round(nanos / (double) step); // in the last decimal's unit
        long whole = Math.abs(units) / scale;
        long frac = Math.abs(units) % scale;
        String f = Long.toString(frac);
        while (f.length() < digits) f = "0" + f;
        return (units < 0 ? "-" : "") + whole + "." + f;
    }

    /** A value as an error message quotes it: as JSON writes it (a string in quotes, a list or an object with its parts shown alike), so that it reads as the line it came from. */
    public static String show(Object v) {
        if (v instanceof String s) return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        if (v instanceof java.util.List<?> l) return "[" + String.join(", ", l.stream().map(Words::show).toList()) + "]";
        if (v instanceof java.util.Map<?, ?> m) {
            return "{" + String.join(", ", m.entrySet().stream().map(e -> show(String.valueOf(e.getKey())) + ": " + show(e.getValue())).toList()) + "}";
        }
        return String.valueOf(v);
    }

    /** {@code word} after its indefinite article: "an acquire", "a write". */
    public static String a(String word) {
        return (!word.isEmpty() && "aeiou".indexOf(Character.toLowerCase(word.charAt(0))) >= 0 ? "an " : "a ") + word;
    }
}
