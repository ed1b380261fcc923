package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;

/**
 * A write to the protected resource with a token lower than one the resource had already accepted.
 *
 * @param write    the write's completion ({@code ok}: accepted; {@code fail}: rejected by the resource)
 * @param token    the write's token
 * @param newer    the completion of the accepted write with the higher token
 * @param accepted whether the resource took it (a real stale write) or rejected it (fencing worked)
 */
public record StaleWrite(Op write, long token, Op newer, boolean accepted, long newerToken) {

    public String explanation() {
        // a named lock's resource is named: in a history of several locks, each guards its own
        String under = "".equals(write.lock()) ? "" : " under lock " + write.lock();
        return accepted
                ? write.who() + " wrote" + under + " with token " + token + " (acknowledged at " + History.when(write) + ") although " + newer.who()
                        + "'s write with token " + newerToken + " had been acknowledged at " + History.when(newer)
                        + ", before it began: the resource accepted a stale write"
                : write.who() + " tried to write" + under + " with token " + token + " at " + History.when(write)
                        + (newer == null ? "" : " after " + newer.who() + " had written with token " + newerToken + " at " + History.when(newer))
                        + ": rejected, fencing saved you";
    }
}
