package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Prose;
import dev.lockstorm.checker.history.Op;

/**
 * An acknowledged write to the counter that went backwards: it set the counter to {@code value} when
 * the last acknowledged write had set it to {@code over}, so {@code over + 1 - value} increments are
 * gone (it should have made {@code over + 1}). The writes that went on counting from there are not
 * to blame: a stale holder's one write that set 18 over 26 is one overwrite losing 9 increments,
 * not nine.
 *
 * @param write the write's completion
 * @param over  the value the last acknowledged write before it had set
 * @param value the value it set
 * @param lost  the increments it lost: {@code over + 1 - value}, less what later writes that went on
 *              from above it counted again (a stale write overwritten in turn by one that read before it)
 */
public record Overwrite(Op write, long over, long value, long lost) implements Prose.Explained {
    /** A write that set {@code value} over {@code over}: it lost {@code over + 1 - value} increments, until a later write jumps back up. */
    public Overwrite(Op write, long over, long value) {
        this(write, over, value, over + 1 - value);
    }

    /** The same write, {@code n} of its lost increments counted again by a later write that went on from above it. */
    Overwrite recovered(long n) {
        return new Overwrite(write, over, value, lost - n);
    }

    /** "process 4 (client c5)'s write at 33.438 s set 18 over 26: 9 increments lost". */
    @Override
    public Prose prose() {
        return Prose.of(write.who(), "'s write at ", History.when(write), " set ", value, " over ", over, ": ", lost,
                lost == 1 ? " increment" : " increments", " lost", lost < over + 1 - value ? " (later writes went on from above it)" : "");
    }
}
