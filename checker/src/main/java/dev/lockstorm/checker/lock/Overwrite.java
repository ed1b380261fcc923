package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
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
 */
public record Overwrite(Op write, long over, long value) {
    /** How many increments it lost. */
    public long lost() {
        return over + 1 - value;
    }

    /** "process 4 (client c5)'s write at 33.438 s set 18 over 26: 9 increments lost". */
    public String explanation() {
        return write.who() + "'s write at " + History.when(write) + " set " + value + " over " + over + ": " + lost()
                + (lost() == 1 ? " increment" : " increments") + " lost";
    }
}
