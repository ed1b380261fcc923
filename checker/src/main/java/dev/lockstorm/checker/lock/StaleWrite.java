package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Prose;
import dev.lockstorm.checker.history.Op;

/**
 * A resource operation (a write, or a fenced read) with a token lower than one the resource had
 * already accepted: from a write, or from a read when the resource checks reads' tokens too
 * ({@code --fencing all}).
 *
 * @param write    the operation's completion ({@code ok}: accepted; {@code fail}: rejected by the resource); a write or a read
 * @param token    its token
 * @param newer    the completion of the accepted operation with the higher token (a write, or a fenced read)
 * @param accepted whether the resource took it (a real stale operation) or rejected it (fencing worked)
 */
public record StaleWrite(Op write, long token, Op newer, boolean accepted, long newerToken) implements Prose.Explained {

    @Override
    public Prose prose() {
        // a named lock's resource is named: in a history of several locks, each guards its own
        String under = "".equals(write.lock()) ? "" : " under lock " + write.lock();
        String what = write.f().equals("read") ? "read" : "write";
        return accepted
                ? Prose.of(write.who(), " ", what.equals("read") ? "read" : "wrote", under, " with token ", token, " (acknowledged at ",
                        History.when(write), ") although ", newer.who(), "'s ", newer.f(), " with token ", newerToken,
                        " had been acknowledged at ", History.when(newer), ", before it began: the resource accepted a stale ", what)
                : Prose.of(write.who(), " tried to ", what, under, " with token ", token, " at ", History.when(write),
                        newer == null ? Prose.text("") : Prose.of(" after ", newer.who(), "'s ", newer.f(), " with token ", newerToken, " at ", History.when(newer)),
                        ": rejected, fencing saved you");
    }
}
