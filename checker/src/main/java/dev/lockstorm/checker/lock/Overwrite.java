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
 * @param cause what the write was computed from, when its writer's read is in the history
 */
public record Overwrite(Op write, long over, long value, long lost, Cause cause) implements Prose.Explained {
    /** A write that set {@code value} over {@code over}: it lost {@code over + 1 - value} increments, until a later write jumps back up. */
    public Overwrite(Op write, long over, long value) {
        this(write, over, value, new Cause.Unread());
    }

    /** The same, with what the write was computed from. */
    public Overwrite(Op write, long over, long value, Cause cause) {
        this(write, over, value, over + 1 - value, cause);
    }

    public Overwrite {
        java.util.Objects.requireNonNull(cause, "cause");
    }

    /**
     * Why the write went backwards, read from its writer's own read. The two cases differ in whom they blame: a read
     * that began before the overwritten write was acknowledged may rightly have returned the older value (two holders'
     * read-modify-writes interleaved: the lock's overlap, or what fencing let through); a read that began after it and
     * returned less shows the resource itself lost an acknowledged write, whatever the lock did.
     */
    public sealed interface Cause {
        /** What this cause adds to the overwrite's own words {@code what}, the overwritten write having set {@code over}. */
        Prose explain(Prose what, long over);

        /**
         * The writer's read began after the overwritten write was acknowledged, and returned less than it.
         *
         * @param read        the writer's read (its completion)
         * @param readValue   what it returned
         * @param overwritten the acknowledged write that set {@code over} (its completion)
         * @param crash       a server killed after that write was acknowledged and before the read was answered, or null
         */
        record Forgotten(Op read, long readValue, Op overwritten, FaultSpan crash) implements Cause {
            @Override
            public Prose explain(Prose what, long over) {
                return Prose.of(what, "; its read at ", History.when(read), " returned ", readValue, " though ", overwritten.who(), "'s write of ",
                        over, " was acknowledged at ", History.when(overwritten), " before that read began: the resource lost an acknowledged write",
                        // without a crash between them the history cannot tell a lost write from a read served by a stale copy
                        crash == null ? ", or answered the read from a copy that lacked it" : " (" + crash.describe() + " between them)");
            }
        }

        /**
         * The writer's read began before the overwritten write was acknowledged: it wrote from a value that a newer
         * write was about to replace.
         */
        record ReadBefore(Op read, long readValue, Op overwritten) implements Cause {
            @Override
            public Prose explain(Prose what, long over) {
                return Prose.of(what, "; it wrote from its read at ", History.when(read), " (", readValue, "), which began before ",
                        overwritten.who(), "'s write of ", over, " was acknowledged at ", History.when(overwritten));
            }
        }

        /**
         * The writer's read began after the overwritten write was acknowledged and returned less, but a write of that
         * value ({@code write}, its invocation) may have landed after the overwritten one: its outcome unknown, or
         * acknowledged only after the overwritten write was invoked. A late write, not the resource's loss.
         */
        record LateWrite(Op read, long readValue, Op overwritten, Op write) implements Cause {
            @Override
            public Prose explain(Prose what, long over) {
                return Prose.of(what, "; its read at ", History.when(read), " returned ", readValue, ", which ", write.who(), "'s write invoked at ",
                        History.when(write), " may have set after ", overwritten.who(), "'s write of ", over, " was acknowledged at ",
                        History.when(overwritten));
            }
        }

        /** No read of the writer's before the write, or no acknowledged write with a value before it: nothing to say. */
        record Unread() implements Cause {
            @Override
            public Prose explain(Prose what, long over) {
                return what;
            }
        }
    }

    /** Whether the resource lost an acknowledged write here (a read after it returned less): its own defect. */
    public boolean forgotten() {
        return cause instanceof Cause.Forgotten;
    }

    /** The same write, {@code n} of its lost increments counted again by a later write that went on from above it. */
    Overwrite recovered(long n) {
        return new Overwrite(write, over, value, lost - n, cause);
    }

    /**
     * "process 4 (client c5)'s write at 33.438 s set 18 over 26: 9 increments lost; it wrote from its read at 31.002 s
     * (17), which began before process 2 (client c3)'s write of 26 was acknowledged at 32.100 s".
     */
    @Override
    public Prose prose() {
        Prose what = Prose.of(write.who(), "'s write at ", History.when(write), " set ", value, " over ", over, ": ", lost,
                lost == 1 ? " increment" : " increments", " lost", lost < over + 1 - value ? " (later writes went on from above it)" : "");
        return cause.explain(what, over);
    }
}
