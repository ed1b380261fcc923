package dev.lockstorm.locks.zookeeper;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A reentrant lock's bookkeeping inside one client, apart from the lock service: which owner
 * (thread) holds the lock, with what hold, how many times. Only the first acquire of an owner goes
 * to the service and only the release that brings its count back to zero gives the lock up there.
 * Threads of one client use it at once, so it is model-checked with Lincheck
 * ({@code HoldCountsLincheckTest}), where {@link #flagOnly()} fails the check.
 *
 * <pre>{@code
 * HoldCounts<Lease> holds = HoldCounts.perOwner();
 * Lease again = holds.reenter(Thread.currentThread());    // null: not held by this thread
 * if (again == null) holds.entered(Thread.currentThread(), queue.acquire(timeout));
 * Lease last = holds.exit(Thread.currentThread());         // non-null: give the lock up now
 * }</pre>
 *
 * @param <H> what a hold is to the lock (its lease)
 */
public interface HoldCounts<H> {

    /** When {@code owner} holds the lock: counts one more hold and returns the hold; else null. */
    H reenter(Object owner);

    /** {@code owner} has just taken the lock from the service: one hold. */
    void entered(Object owner, H hold);

    /**
     * One hold fewer: the hold when that was the owner's last (the caller gives the lock up), null
     * while the owner still holds it.
     *
     * @throws IllegalMonitorStateException when {@code owner} does not hold the lock
     */
    H exit(Object owner);

    /** How many holds {@code owner} has not released yet (0 when it does not hold the lock). */
    int count(Object owner);

    /** Counted per owner, as Curator's {@code InterProcessMutex} keeps its per-thread lock data. */
    static <H> HoldCounts<H> perOwner() {
        return new PerOwner<>();
    }

    /**
     * Deliberately broken, the way some hand-written ZooKeeper locks are: remembers only that an owner
     * holds the lock, not how often, so the first nested release gives the lock up while an outer
     * hold goes on. For showing that lockstorm catches it ({@code --option reentrancy=flag}).
     */
    static <H> HoldCounts<H> flagOnly() {
        return new FlagOnly<>();
    }

    /** The owner's hold and count; only its owner's thread changes it, the map publishes it. */
    final class PerOwner<H> implements HoldCounts<H> {
        private record Held<H>(H hold, int count) {
        }

        private final Map<Object, Held<H>> held = new ConcurrentHashMap<>();

        @Override
        public H reenter(Object owner) {
            Held<H> h = held.computeIfPresent(owner, (o, old) -> new Held<>(old.hold, old.count + 1));
            return h == null ? null : h.hold;
        }

        @Override
        public void entered(Object owner, H hold) {
            if (held.putIfAbsent(owner, new Held<>(hold, 1)) != null) {
                throw new IllegalStateException(owner + " took the lock from the service while it already held it");
            }
        }

        @Override
        public H exit(Object owner) {
            Held<H> h = held.get(owner);
            if (h == null) throw new IllegalMonitorStateException(owner + " does not hold the lock");
            if (h.count > 1) {
                held.put(owner, new Held<>(h.hold, h.count - 1));
                return null;
            }
            held.remove(owner);
            return h.hold;
        }

        @Override
        public int count(Object owner) {
            Held<H> h = held.get(owner);
            return h == null ? 0 : h.count;
        }
    }

    /** See {@link #flagOnly()}. */
    final class FlagOnly<H> implements HoldCounts<H> {
        private final Map<Object, H> held = new ConcurrentHashMap<>();

        @Override
        public H reenter(Object owner) {
            return held.get(owner);
        }

        @Override
        public void entered(Object owner, H hold) {
            held.put(owner, hold);
        }

        @Override
        public H exit(Object owner) {
            H h = held.remove(owner);
            if (h == null) throw new IllegalMonitorStateException(owner + " does not hold the lock");
            return h;
        }

        @Override
        public int count(Object owner) {
            return held.containsKey(owner) ? 1 : 0;
        }
    }
}
