package dev.lockstorm.locks.store;

import dev.lockstorm.api.Fencing;
import dev.lockstorm.api.ProtectedResource;

/**
 * lockstorm's own protected resource: a counter in the driver that lock holders read and write
 * (read, hold, write value+1). It remembers the highest token it has seen and, as {@link Fencing}
 * says, rejects reads or writes with a lower one. Operations without a token are accepted (the
 * lock gave none). Under a read-write lock, readers' tokens are checked against the writers' only
 * ({@link #readShared}): readers hold the lock side by side and present their tokens in any order.
 */
public final class FencedStore implements ProtectedResource {
    private final Fencing fencing;
    private long value;
    /** The highest token seen from anyone: what a writer's token is held to. */
    private long highest = Long.MIN_VALUE;
    /** The highest token seen from a writer (an exclusive read or a write): what a reader's token is held to. */
    private long highestExclusive = Long.MIN_VALUE;

    public FencedStore(Fencing fencing) {
        this.fencing = fencing;
    }

    @Override
    public synchronized Read read(Long token) {
        if (fencing == Fencing.ALL && token != null) {
            if (token < highest) return Read.rejected(stale(token));
            seenExclusive(token);
        }
        return Read.ok(value);
    }

    @Override
    public synchronized Read readShared(Long token) {
        if (fencing == Fencing.ALL && token != null) {
            if (token < highestExclusive) return Read.rejected("stale token " + token + " (a writer has presented " + highestExclusive + ")");
            highest = Math.max(highest, token);
        }
        return Read.ok(value);
    }

    @Override
    public synchronized Write write(Long token, long newValue) {
        if (fencing != Fencing.NONE && token != null) {
            if (token < highest) return Write.rejected(stale(token));
            seenExclusive(token);
        }
        value = newValue;
        return Write.ok();
    }

    private void seenExclusive(long token) {
        highest = Math.max(highest, token);
        highestExclusive = Math.max(highestExclusive, token);
    }

    private String stale(long token) {
        return "stale token " + token + " (the store has seen " + highest + ")";
    }

    public synchronized long value() {
        return value;
    }
}
