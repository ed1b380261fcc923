package dev.lockstorm.suite.internal.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What one trial of {@link AwarenessBench} saw, in milliseconds from the moment the holder was
 * cut off: when another client was granted the lock (the holder lost it), and when the holder's
 * own check first said it no longer holds (it knew). Either may never come within the trial's
 * {@code windowMs}. The figure teams need is the difference: for how long a holder that lost its
 * lock still believed it held it (negative: it gave up before anyone else got the lock).
 *
 * @param lostMs  the other client's grant, or null when none came within the window
 * @param knowsMs the holder's first "no longer held", or null when none came within the window
 */
public record Awareness(Long lostMs, Long knowsMs, long windowMs) {

    /** A figure, or a lower bound on one when the event that ends it never came within the window. */
    public record Figure(long ms, boolean atLeast) {
        @Override
        public String toString() {
            // hundredths of a second; a figure that rounds to zero has no sign
            long hundredths = Math.round(ms / 10.0);
            return (atLeast ? "≥" : "") + String.format(Locale.ROOT, "%.2f s", hundredths == 0 ? 0.0 : hundredths / 100.0);
        }
    }

    /** How long after losing the lock the holder knew; empty when the lock was not lost. */
    public java.util.Optional<Figure> unaware() {
        if (lostMs == null) return java.util.Optional.empty();
        if (knowsMs == null) return java.util.Optional.of(new Figure(windowMs - lostMs, true));
        return java.util.Optional.of(new Figure(knowsMs - lostMs, false));
    }

    /** The median of trials' times from the cut (an event that never came counts as the window, at least). */
    public static String medianAfterCut(List<Awareness> trials, boolean lost) {
        List<Figure> figures = new ArrayList<>();
        for (Awareness t : trials) {
            Long at = lost ? t.lostMs : t.knowsMs;
            figures.add(at == null ? new Figure(t.windowMs, true) : new Figure(at, false));
        }
        Figure m = median(figures);
        return m.atLeast ? "never (" + m + ")" : m.toString();
    }

    /** The median of the trials' {@link #unaware()} over those where the lock was lost; "not lost" when it never was. */
    public static String medianUnaware(List<Awareness> trials) {
        List<Figure> figures = trials.stream().map(Awareness::unaware).flatMap(java.util.Optional::stream).toList();
        if (figures.isEmpty()) return "not lost";
        String m = median(figures).toString();
        return figures.size() < trials.size() ? m + " (lost in " + figures.size() + " of " + trials.size() + ")" : m;
    }

    /** The middle figure (the lower of the two middle ones for an even count), bounds ordered by their value. */
    static Figure median(List<Figure> figures) {
        Objects.requireNonNull(figures);
        if (figures.isEmpty()) throw new IllegalArgumentException("no figures");
        List<Figure> sorted = new ArrayList<>(figures);
        sorted.sort(Comparator.comparingLong(Figure::ms).thenComparing(Figure::atLeast));
        return sorted.get((sorted.size() - 1) / 2);
    }
}
