package dev.lockstorm.checker.model;

import dev.lockstorm.checker.history.Operation;
import dev.lockstorm.checker.history.Prose;

import java.util.Set;

/**
 * A reentrant read-write lock, the way Curator's {@code InterProcessReadWriteLock} and Java's
 * {@code ReentrantReadWriteLock} behave: many readers or one writer. {@code acquire-read} by p is
 * legal when no other process holds the write lock (the writer itself may also read: a downgrade);
 * {@code acquire-write} by p when p already holds it (a nested hold) or nobody holds either lock,
 * p included (a reader cannot upgrade: its write acquire would wait for itself forever);
 * {@code release-read} and {@code release-write} when p holds that mode. Each mode counts its
 * holds per process. A crashed process's holds expire after its crash, and a crashed release of a
 * mode's only hold may have freed that mode at once ({@link LockReduction}). Tokens are not part
 * of the model: the fencing analysis checks them.
 *
 * <pre>{@code
 * Model<RwLock.State> m = new RwLock();
 * RwLock.State s = m.step(m.init(), readBy3);   // read by 3
 * s = m.step(s, readBy5);                       // read by 3 and 5
 * m.step(s, writeBy7);                          // null: readers hold it
 * }</pre>
 */
public final class RwLock implements LockFamily<RwLock.State> {
    public static final String ACQUIRE_READ = "acquire-read";
    public static final String RELEASE_READ = "release-read";
    public static final String ACQUIRE_WRITE = "acquire-write";
    public static final String RELEASE_WRITE = "release-write";
    private static final int NONE = -1;

    /** {@code "read"} or {@code "write"} for a read-write lock's operation, else null. */
    public static String mode(String f) {
        return switch (f) {
            case ACQUIRE_READ, RELEASE_READ -> "read";
            case ACQUIRE_WRITE, RELEASE_WRITE -> "write";
            default -> null;
        };
    }

    /**
     * @param writer     the process holding the write lock, or -1
     * @param writes     its hold count
     * @param writeOp    id of the acquire that began the write hold (for explanations), or -1
     * @param readers    each process holding the read lock with its hold count, in process order
     */
    public record State(int writer, int writes, int writeOp, HoldCounts readers) {
        boolean readBy(int p) {
            return readers.holds(p);
        }

        State withReaders(HoldCounts r) {
            return new State(writer, writes, writeOp, r);
        }

        State withWriter(int p, int count, int op) {
            return count == 0 ? new State(NONE, 0, -1, readers) : new State(p, count, op, readers);
        }

        /** The readers with {@code p}'s count moved by {@code by} (gone at zero). */
        HoldCounts readersMoved(int p, int by) {
            return readers.moved(p, by);
        }
    }

    @Override
    public String name() {
        return "rw-lock";
    }

    /** Its operations' functions, one set for every call (the check asks once per operation). */
    private static final Set<String> FUNCTIONS = Set.of(ACQUIRE_READ, RELEASE_READ, ACQUIRE_WRITE, RELEASE_WRITE);

    @Override
    public Set<String> functions() {
        return FUNCTIONS;
    }

    @Override
    public State init() {
        return new State(NONE, 0, -1, HoldCounts.EMPTY);
    }

    @Override
    public State step(State s, Operation op) {
        int p = op.process();
        switch (op.f()) {
            case ACQUIRE_READ:
                return s.writer == NONE || s.writer == p ? s.withReaders(s.readersMoved(p, 1)) : null;
            case RELEASE_READ:
                return s.readBy(p) ? s.withReaders(s.readersMoved(p, -1)) : null;
            case ACQUIRE_WRITE:
                if (s.writer == p) return s.withWriter(p, s.writes + 1, s.writeOp);
                return s.writer == NONE && s.readers.isEmpty() ? s.withWriter(p, 1, op.id()) : null;
            case RELEASE_WRITE:
                return s.writer == p ? s.withWriter(p, s.writes - 1, s.writeOp) : null;
            case LockReduction.EXPIRE: {
                String mode = LockReduction.expiredMode(op);
                State out = s;
                if (mode == null || mode.equals("read")) out = out.withReaders(out.readers.with(p, 0));
                if ((mode == null || mode.equals("write")) && out.writer == p) out = out.withWriter(p, 0, -1);
                return out;
            }
            default:
                return null;
        }
    }

    @Override
    public String describe(State s) {
        if (s.writer == NONE && s.readers.isEmpty()) return "free";
        String w = s.writer == NONE ? "" : "written by process " + s.writer + " (hold count " + s.writes + ")";
        String r = s.readers.isEmpty() ? "" : "read by process" + (s.readers.size() == 1 ? " " : "es ") + s.readers.processes().stream()
                .map(String::valueOf).collect(java.util.stream.Collectors.joining(", "));
        return w.isEmpty() ? r : r.isEmpty() ? w : w + ", " + r;
    }

    @Override
    public Prose explain(State s, Operation blocked, Explanations ctx) {
        Prose.Who who = blocked.who();
        // "the write lock db-17": the lock's name after its mode ("the write lock lock db-17" said it twice)
        Object named = LockReduction.lockOf(blocked);
        String lock = "".equals(named) ? "" : " " + named;
        String at = ctx.when(blocked.completion());
        return switch (blocked.f()) {
            case ACQUIRE_READ -> Prose.of(who, " acquired the read lock", lock, " at ", at, " while ", holders(s, ctx),
                    ", and no order of the operations before it allows that");
            case ACQUIRE_WRITE -> Prose.of(who, " acquired the write lock", lock, " at ", at, " while ", holders(s, ctx),
                    ", and no order of the operations before it allows that");
            case RELEASE_READ, RELEASE_WRITE -> Prose.of(who, " released the ", mode(blocked.f()), " lock", lock, " at ", at,
                    " but did not hold it (the lock was ", describe(s), ")");
            default -> LockFamily.super.explain(s, blocked, ctx);
        };
    }

    /** "c1 held the write lock since 3.2 s", "c2, c3 held the read lock". */
    private static Prose holders(State s, Explanations ctx) {
        if (s.writer != NONE) {
            Operation w = ctx.byId(s.writeOp);
            return Prose.of(w.who(), " held the write lock since ", ctx.when(w.completion()));
        }
        return Prose.text("process" + (s.readers.size() == 1 ? " " : "es ") + s.readers.processes().stream().map(String::valueOf)
                .collect(java.util.stream.Collectors.joining(", ")) + " held the read lock");
    }
}
