package dev.lockstorm.locks.store;

import dev.lockstorm.api.Fencing;
import dev.lockstorm.api.ProtectedResource;

/**
 * lockstorm's own protected resource: a counter in the driver that lock holders read and write
 * (read, hold, write value+1). It remembers the highest token it has seen and, as {@link Fencing}
 * says, rejects reads or writes with a lower one. Operations without a token are accepted (the
 * lock gave none).
 */
public final class FencedStore implements ProtectedResource {
    private final Fencing fencing;
    private long value;
    private long highest = Long.MIN_VALUE;

    public FencedStore(Fencing fencing) {
        this.fencing = fencing;
    }

    @Override
    public synchronized Read read(Long token) {
        if (fencing == Fencing.ALL && token != null) {
            if (token < highest) return Read.rejected(stale(token));
            highest = Math.max(highest, token);
        }
        return Read.ok(value);
    }

    @Override
    public synchronized Write write(Long token, long newValue) {
        if (fencing != Fencing.NONE && token != null) {
            if (token < highest) return Write.rejected(stale(token));
            highest = Math.max(highest, token);
        }
        value = newValue;
        return Write.ok();
    }

    private String stale(long token) {
        return "stale token " + token + " (the store has seen " + highest + ")";
    }

    public synchronized long value() {
        return value;
    }
}
