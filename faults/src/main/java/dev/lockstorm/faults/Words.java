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

    /** A value as an error message quotes it: a string in quotes, anything else as it prints. */
    public static String show(Object v) {
        if (v instanceof String s) return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        return String.valueOf(v);
    }
}
