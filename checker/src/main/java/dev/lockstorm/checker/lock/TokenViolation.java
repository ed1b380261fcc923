package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Prose;
import dev.lockstorm.checker.history.Op;

/**
 * A fencing token out of order: an acquire granted a token that is not above one already granted
 * before it was invoked, or the same token twice.
 *
 * @param kind    what went wrong
 * @param acquire the acquire's ok event
 * @param earlier the ok event of the acquire whose token it should have exceeded (or repeated)
 */
public record TokenViolation(Kind kind, Op acquire, Op earlier) implements Prose.Explained {

    public enum Kind { WENT_BACKWARDS, DUPLICATE }

    @Override
    public Prose prose() {
        String verb = kind == Kind.DUPLICATE ? "the same token " : "token ";
        // a named lock is named: in a history of several locks, tokens are each lock's own
        String lock = "".equals(acquire.lock()) ? "" : " lock " + acquire.lock();
        return Prose.of(acquire.who(), " acquired", lock, " at ", History.when(acquire), " with ", verb, Resource.acquireToken(acquire),
                kind == Kind.DUPLICATE ? Prose.text(" that ") : Prose.of(", not above token ", Resource.acquireToken(earlier), " that "),
                earlier.who(), " was granted at ", History.when(earlier));
    }
}
