package dev.lockstorm.suite.internal.workload;

/**
 * What a client does with the lock in every cycle. A plain lock has one role; a read-write lock's
 * clients are readers or writers ({@code --readers}), writers first: c1 … are writers, the last
 * {@code readers} clients readers.
 */
public enum Role {
    /** A plain lock's holder: read, hold, write value + 1. */
    EXCLUSIVE,
    /** Under the read lock: read, hold, read again; never write. */
    READER,
    /**
     * Under the write lock: read, write value + 1 (the write half done), hold, write value + 2; and in
     * some cycles, drawn, a downgrade: the read lock taken before the write lock is given back, and
     * the resource read once more under it.
     */
    WRITER;

    /** The role of client {@code index} (from 0) of {@code clients}, of which the last {@code readers} read. */
    public static Role of(int index, int clients, int readers, boolean readWrite) {
        if (!readWrite) return EXCLUSIVE;
        return index >= clients - readers ? READER : WRITER;
    }

    /** The history's name of an acquire ({@code acquire}, {@code acquire-read}, {@code acquire-write}). */
    public String acquire(boolean read) {
        return this == EXCLUSIVE ? "acquire" : read ? "acquire-read" : "acquire-write";
    }

    /** The history's name of a release. */
    public String release(boolean read) {
        return this == EXCLUSIVE ? "release" : read ? "release-read" : "release-write";
    }
}
