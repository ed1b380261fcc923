package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.Prose;

/**
 * A resource operation presented with a token that is not its client's own: not the token of a hold it
 * had at that moment (docs/checker.md). Fencing rests on each holder presenting its own grant's token;
 * a token made up, another holder's, or kept from an earlier hold defeats it whatever the resource
 * does, so the client's use of the lock is wrong before any resource is judged. A hold whose grant
 * recorded no token is not judged: the history does not say which token its client was given.
 *
 * @param op      the operation's invocation
 * @param token   the token it presented
 * @param held    the ok acquire of that client's current hold (one with a token), or null when it held none
 * @param grantee the ok acquire that was granted {@code token} under this lock, or null when no completed acquire was
 */
public record ForeignToken(Op op, long token, Op held, Op grantee) implements Prose.Explained {

    @Override
    public Prose prose() {
        String under = "".equals(op.lock()) ? "" : " under lock " + op.lock();
        Prose holding = held == null ? Prose.text(" while it held no lock")
                : Prose.of(" though its hold (granted at ", History.when(held), ") had token ", Resource.acquireToken(held));
        Prose whose = grantee == null ? Prose.text(": no completed acquire was granted that token")
                : grantee.process() == op.process() ? Prose.of(": that token was its own earlier hold's (granted at ", History.when(grantee), ")")
                : Prose.of(": that token was granted to ", grantee.who(), " at ", History.when(grantee));
        return Prose.of(op.who(), " presented token ", token, " to the resource (its ", op.f(), under, " at ", History.when(op), ")",
                holding, whose, "; a holder must present its own grant's token");
    }
}
