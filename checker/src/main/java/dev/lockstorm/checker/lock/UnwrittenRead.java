package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.Prose;

/**
 * A read of the counter that returned a value no write could have set: neither the counter's first value
 * (0) nor the value of a write invoked before the read was answered and not refused. However the lock
 * behaved, holders only ever write what they read plus one, so the resource made the value up, applied a
 * write it said it refused ({@code refused}), or answered from something else.
 *
 * @param read    the read's completion
 * @param value   the value it returned
 * @param refused a write of that value the resource refused (its invocation), or null when none was made before the read
 */
public record UnwrittenRead(Op read, long value, Op refused) implements Prose.Explained {

    @Override
    public Prose prose() {
        String under = "".equals(read.lock()) ? "" : " under lock " + read.lock();
        return Prose.of(read.who(), "'s read", under, " returned ", value, " at ", History.when(read),
                refused == null ? Prose.text(", a value no write had been sent with: the resource answered with a value nobody wrote")
                        : Prose.of(", the value of ", refused.who(), "'s write sent at ", History.when(refused),
                        ", which the resource refused: it applied a write it said it had not"));
    }
}
