package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.Prose;

/**
 * A resource operation not made under its client's own hold (docs/checker.md): presented with a token
 * that is not of a hold it had at that moment, or a write made while it held no hold of the lock that
 * excludes others, with a token or without. Fencing rests on each holder presenting its own grant's
 * token, and the lock on each writer holding it; a token made up, another holder's, or kept from an
 * earlier hold, and a write after the release (or before the grant, or under a read-write lock's
 * shared read lock alone) defeat both whatever the resource does, so the client's use of the lock is
 * wrong before any resource is judged. A hold whose grant recorded no token is not judged by its
 * token: the history does not say which token its client was given.
 *
 * @param op      the operation's invocation
 * @param token   the token it presented, or null: a write with no token, made under no hold
 * @param held    the ok acquire of that client's current hold (one with a token, or its read lock's), or null when it held none
 * @param grantee the ok acquire that was granted {@code token} under this lock before the operation, or null when none was
 */
public record ForeignToken(Op op, Long token, Op held, Op grantee) implements Prose.Explained {

    /** Whether this is a write made under no hold of its lock that excludes others (rather than a token not its own). */
    public boolean unheld() {
        return op.f().equals("write") && (held == null || held.f().equals("acquire-read"));
    }

    @Override
    public Prose prose() {
        String under = "".equals(op.lock()) ? "" : " under lock " + op.lock();
        Prose holding = held == null ? Prose.text("".equals(op.lock()) ? " while it held no lock" : " while it did not hold lock " + op.lock())
                : unheld() ? Prose.of(" while it held only the read lock (granted at ", History.when(held), ")")
                : Prose.of(" though its hold (granted at ", History.when(held), ") had token ", Resource.acquireToken(held));
        if (token == null) {
            return Prose.of(op.who(), " wrote to the resource with no token (its write", under, " at ", History.when(op), ")", holding,
                    ": nothing protected that write from another holder's; a client writes only while it holds the lock");
        }
        Prose whose = grantee == null ? Prose.text(": no acquire completed before it was granted that token")
                : grantee.process() == op.process() ? Prose.of(": that token was its own ", grantee == held ? "read hold's" : "earlier hold's",
                        " (granted at ", History.when(grantee), ")")
                : Prose.of(": that token was granted to ", grantee.who(), " at ", History.when(grantee));
        return Prose.of(op.who(), " presented token ", token, " to the resource (its ", op.f(), under, " at ", History.when(op), ")",
                holding, whose, unheld() ? "; a client writes only while it holds the lock, with its own grant's token"
                        : "; a holder must present its own grant's token");
    }
}
