package dev.lockstorm.suite.internal.run;

import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.nemesis.ClientProcess;
import dev.lockstorm.nemesis.HolderAim;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Who believes it holds the lock now, as the driver sees its clients: what the nemesis aims at
 * ("the holder", "right after a grant") and the progress line's "double holders so far". The
 * checker decides from the history; this is only the driver's live view.
 */
final class HoldBoard implements HolderAim {
    /** Each client that holds the lock, with its holds: a read-write lock's writer that downgrades holds both modes for a moment. */
    private final Map<DrivenClient, Holds> holding = new ConcurrentHashMap<>();
    private final AtomicInteger doubles = new AtomicInteger();
    private final Random random;
    private volatile long lastAcquired = Long.MIN_VALUE;
    private final java.util.Map<String, Long> lastAcquiredBy = new ConcurrentHashMap<>();

    /** @param random the nemesis's own draws (which holder, when several believe they hold) */
    HoldBoard(Random random) {
        this.random = random;
    }

    private final List<Consumer<ClientProcess>> deathListeners = new java.util.concurrent.CopyOnWriteArrayList<>();

    void onWorkerDeath(Consumer<ClientProcess> listener) {
        deathListeners.add(listener);
    }

    /** A client's worker died by itself: told before its driver records the crash. */
    void workerDied(ClientProcess dead) {
        deathListeners.forEach(l -> l.accept(dead));
    }

    /** A client's holds: of a read-write lock, how many read and write holds; of a plain lock, one write hold. */
    private record Holds(int reads, int writes) {
        Holds plus(boolean read, int n) {
            return read ? new Holds(reads + n, writes) : new Holds(reads, writes + n);
        }

        boolean none() {
            return reads <= 0 && writes <= 0;
        }
    }

    /** {@code c} was granted the lock; {@code read}: a read-write lock's read lock, which other readers may hold beside it. */
    synchronized void acquired(DrivenClient c, boolean read) {
        // a killed holder whose driver has not noticed yet holds nothing; readers side by side are no double holders
        boolean clash = holding.entrySet().stream().anyMatch(e -> e.getKey() != c && e.getKey().workerAlive()
                && (!read || e.getValue().writes() > 0));
        if (clash) doubles.incrementAndGet();
        boolean fresh = !holding.containsKey(c); // a downgrade's read grant comes inside a hold: no new grant to aim at
        holding.merge(c, new Holds(0, 0).plus(read, 1), (a, b) -> a.plus(read, 1));
        if (fresh) {
            lastAcquired = System.nanoTime();
            lastAcquiredBy.put(c.host().name(), lastAcquired);
        }
    }

    /** The client is about to give back one hold of that mode (before its release is sent). */
    synchronized void released(DrivenClient c, boolean read) {
        Holds h = holding.get(c);
        if (h == null) return;
        Holds after = h.plus(read, -1);
        if (after.none()) holding.remove(c);
        else holding.put(c, after);
    }

    /** The client's process crashed: it holds nothing any more. */
    synchronized void released(DrivenClient c) {
        holding.remove(c);
    }

    /**
     * Acts on a client that holds the lock now, while no client's hold begins or ends: a release
     * waits until the fault has landed, so that the fault hits a holder or knows it missed.
     */
    @Override
    public synchronized Aim at(java.util.function.Predicate<ClientProcess> which, Consumer<ClientProcess> act) {
        List<ClientProcess> holders = new ArrayList<>();
        boolean any = false;
        for (DrivenClient c : holding.keySet()) {
            HostProcess w = c.worker(); // read once: a client replacing its worker sets it to null
            if (w == null || !w.isAlive()) continue;
            any = true;
            ClientProcess p = new ClientProcess(w, c.process());
            if (which.test(p)) holders.add(p);
        }
        if (holders.isEmpty()) return Aim.miss(any ? "the client it was aimed at did not hold the lock when the fault came"
                : "no client held the lock when the fault came");
        holders.sort(java.util.Comparator.comparingInt(ClientProcess::process));
        ClientProcess target = holders.get(random.nextInt(holders.size()));
        act.accept(target);
        return Aim.hit(target);
    }

    /** Whether {@code client} (by its host's name) acquired within {@code within} and still holds the lock. */
    boolean justAcquiredBy(String client, Duration within) {
        Long last = lastAcquiredBy.get(client);
        return last != null && System.nanoTime() - last < within.toNanos()
                && holding.keySet().stream().anyMatch(c -> c.host().name().equals(client));
    }

    /** How long {@code client} has held the lock (since its last grant), in nanoseconds, or -1 when it does not hold it. */
    long heldFor(String client) {
        Long last = lastAcquiredBy.get(client);
        if (last == null || holding.keySet().stream().noneMatch(c -> c.host().name().equals(client))) return -1;
        return System.nanoTime() - last;
    }

    /** Whether a client acquired within {@code within} and some client still holds the lock. */
    boolean justAcquired(Duration within) {
        long last = lastAcquired;
        return !holding.isEmpty() && last != Long.MIN_VALUE && System.nanoTime() - last < within.toNanos();
    }

    boolean holds(DrivenClient c) {
        return holding.containsKey(c);
    }

    int doubleHoldersSoFar() {
        return doubles.get();
    }
}
