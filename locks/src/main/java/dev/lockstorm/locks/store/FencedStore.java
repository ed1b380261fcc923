package dev.lockstorm.locks.store;

import dev.lockstorm.api.Fencing;
import dev.lockstorm.api.ProtectedResource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * lockstorm's own protected resource: a counter in the driver that lock holders read and write
 * (read, hold, write value+1). It remembers the highest token it has seen and, as {@link Fencing}
 * says, rejects reads or writes with a lower one. Operations without a token are accepted (the
 * lock gave none). Under a read-write lock, readers' tokens are checked against the writers' only
 * ({@link #readShared}): readers hold the lock side by side and present their tokens in any order.
 * Given a file, it keeps its value and bars there too, written before a call is answered, and reads
 * them back when it opens: a service killed and started again comes back with both.
 */
public final class FencedStore implements ProtectedResource {
    private final Fencing fencing;
    private long value;
    /** The highest token seen from anyone: what a writer's token is held to. */
    private long highest = Long.MIN_VALUE;
    /** The highest token seen from a writer (an exclusive read or a write): what a reader's token is held to. */
    private long highestExclusive = Long.MIN_VALUE;
    /** Where the state is kept across a restart, or null for memory alone. */
    private final Path file;

    public FencedStore(Fencing fencing) {
        this.fencing = fencing;
        this.file = null;
    }

    /** A store whose value and bars are kept in {@code file}, read back from it when it exists (a restart). */
    public FencedStore(Fencing fencing, Path file) {
        this.fencing = fencing;
        this.file = file;
        try {
            if (Files.exists(file)) {
                String[] f = Files.readString(file, StandardCharsets.UTF_8).trim().split(" ");
                value = Long.parseLong(f[0]);
                highest = Long.parseLong(f[1]);
                highestExclusive = Long.parseLong(f[2]);
            }
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("the counter's file " + file + " cannot be read back: " + e.getMessage(), e);
        }
    }

    /** Writes the state to the file (a new file moved over the old: a crash leaves one or the other, whole). */
    private void keep() {
        if (file == null) return;
        try {
            Path next = file.resolveSibling(file.getFileName() + ".next");
            Files.writeString(next, value + " " + highest + " " + highestExclusive + "\n", StandardCharsets.UTF_8);
            Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("the counter could not keep its state in " + file, e);
        }
    }

    @Override
    public synchronized Read read(Long token) {
        if (fencing == Fencing.ALL && token != null) {
            if (token < highest) return Read.rejected(stale(token));
            seenExclusive(token);
            keep();
        }
        return Read.ok(value);
    }

    @Override
    public synchronized Read readShared(Long token) {
        if (fencing == Fencing.ALL && token != null) {
            if (token < highestExclusive) return Read.rejected("stale token " + token + " (a writer has presented " + highestExclusive + ")");
            highest = Math.max(highest, token);
            keep();
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
        keep();
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
