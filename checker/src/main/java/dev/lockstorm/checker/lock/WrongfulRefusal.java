package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Prose;
import dev.lockstorm.checker.history.Op;

/**
 * A resource operation refused though its token was not below any the resource had accepted: the
 * resource turned away a current holder (a check that compares wrongly, a bar that outlived a
 * legitimate restart). Not fencing at work: no stale operation was stopped.
 *
 * @param op      the refused operation's completion ({@code fail})
 * @param token   its token
 * @param highest the completion of the accepted operation with the highest token by then (of a writer's, for a shared read), or
 *                null when none was accepted
 * @param shared  whether it was a read under a read-write lock's read lock alone, which only a writer's newer token makes stale
 */
public record WrongfulRefusal(Op op, long token, Op highest, long highestToken, boolean shared) implements Prose.Explained {

    @Override
    public Prose prose() {
        String under = "".equals(op.lock()) ? "" : " under lock " + op.lock();
        return Prose.of(op.who(), "'s ", op.f(), under, " with token ", token, " was refused at ", History.when(op),
                shared ? Prose.text(" though it was a read under the read lock and no writer had presented a higher token (readers present"
                        + " theirs in any order)")
                // the bar counts writes (and fenced reads); an unfenced read may have carried the same token and been taken
                : highest == null ? Prose.text(" though no operation with a higher token had reached the resource")
                : Prose.of(" though the highest token the resource had accepted was ", highestToken, " (", highest.who(), "'s ", highest.f(),
                        " at ", History.when(highest), ")"), ": the resource refused a current holder");
    }
}
