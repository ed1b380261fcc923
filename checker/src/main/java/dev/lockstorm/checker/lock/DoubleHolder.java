package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Prose;

/**
 * Two clients that both believed they held the same lock at the same time.
 *
 * @param first        the hold that began first
 * @param second       the hold that began while the first one lasted
 * @param overlapNanos how long both lasted, in ns (-1 when the history has no times)
 */
public record DoubleHolder(HoldInterval first, HoldInterval second, long overlapNanos) implements Prose.Explained {

    @Override
    public Prose prose() {
        boolean one = "".equals(first.lock());
        String acquired = second.mode().isEmpty() ? (one ? "" : " lock " + first.lock()) : " " + second.what();
        String held = first.mode().isEmpty() ? (one ? "the lock" : "it") : first.what();
        return Prose.of(second.start().who(), " acquired", acquired, " at ", History.when(second.start()), tok(second),
                " while ", first.start().who(), " held ", held, " since ", History.when(first.start()), tok(first),
                first.end() == null ? " and never released it" : " until " + History.when(first.end()),
                overlapNanos >= 0 ? " (both held it for " + History.duration(overlapNanos) + ")" : "");
    }

    private static Prose tok(HoldInterval h) {
        return h.token() == null ? Prose.text("") : Prose.of(" (token ", h.token(), ")");
    }
}
