package dev.lockstorm.checker.linear;

import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.history.Operation;
import dev.lockstorm.checker.model.Explanations;
import dev.lockstorm.checker.model.Model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Checks that a history is linearizable with respect to a {@link Model}: a knossos-style
 * Wing–Gong/Lowe search with memoization, split into independent sub-histories that are checked in
 * parallel (P-compositionality), bounded in time and memory.
 *
 * <pre>{@code
 * History h = HistoryReader.read(Path.of("history.jsonl"), HistoryFormat.AUTO);
 * LinearizabilityResult r = Linearizability.check(new FencedMutex(), h.operations(), SearchLimits.defaults());
 * if (r.verdict() == Verdict.INVALID) System.out.println(r.failure().explanation());
 * }</pre>
 */
public final class Linearizability {
    private Linearizability() {
    }

    /** Steps a partition runs before it gives its turn to the next. */
    static final long SLICE = 2_000;

    public static <S> LinearizabilityResult check(Model<S> model, List<Operation> clientOps, SearchLimits limits) {
        long deadline = System.nanoTime() + limits.timeLimit().toNanos();
        List<Operation> prepared = model.prepare(clientOps);
        Map<Object, List<Operation>> parts = model.partition(prepared);
        List<Object> keys = new ArrayList<>(parts.keySet());
        AtomicLong budget = new AtomicLong(limits.maxStates());
        AtomicBoolean stop = new AtomicBoolean();
        AtomicBoolean cut = new AtomicBoolean();
        List<Search<S>> searches = new ArrayList<>();
        Search.PartitionResult[] results = new Search.PartitionResult[keys.size()];
        List<Integer> toSearch = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            List<Operation> part = parts.get(keys.get(i));
            // a witness order that is legal decides the part: no search, whatever its concurrency
            if (Witness.holds(model, part)) {
                searches.add(null);
                results[i] = new Search.PartitionResult(Verdict.VALID, null, part.size(), part.size(), part.size(), null);
            } else {
                searches.add(new Search<>(model, part));
                toSearch.add(i);
            }
        }

        Turns turns = new Turns(toSearch.size(), Math.max(4, 4 * limits.threads()));
        // smaller partitions first: a cheap one that fails ends the whole check early
        Integer[] order = toSearch.toArray(new Integer[0]);
        java.util.Arrays.sort(order, java.util.Comparator.comparingInt(i -> parts.get(keys.get(i)).size()));
        Runnable worker = () -> {
            for (int idx = turns.take(order); idx >= 0; idx = turns.take(order)) {
                // a search run on its caller's thread ends when that thread is interrupted (a cancelled check), as a pool's does
                if (Thread.currentThread().isInterrupted()) {
                    cut.set(true);
                    stop.set(true);
                }
                Search.PartitionResult r = stop.get() && !searches.get(idx).started()
                        ? Search.PartitionResult.stopped(searches.get(idx))
                        : searches.get(idx).slice(SLICE, deadline, budget, stop);
                if (r == null) {
                    turns.giveBack(idx);
                    continue;
                }
                if (r.verdict() == Verdict.INVALID) stop.set(true);
                results[idx] = r;
                turns.done();
            }
        };
        int threads = Math.max(1, Math.min(limits.threads(), toSearch.size()));
        LinearizabilityResult interrupted = new LinearizabilityResult(Verdict.UNKNOWN, "interrupted", model.name(), prepared.size(), keys.size(), 0, 0, null);
        if (threads == 1) {
            worker.run();
            if (cut.get()) return interrupted;
        } else {
            List<Thread> pool = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Thread th = new Thread(worker, "lockstorm-search-" + t);
                th.setDaemon(true);
                th.start();
                pool.add(th);
            }
            try {
                for (Thread th : pool) th.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop.set(true);
                return interrupted;
            }
        }

        Verdict verdict = Verdict.VALID;
        String reason = null;
        Failure failure = null;
        long states = 0;
        long peak = 0;
        for (int i = 0; i < results.length; i++) {
            Search.PartitionResult r = results[i];
            states += r.states();
            peak = Math.max(peak, r.states());
            if (r.verdict() == Verdict.INVALID && failure == null) {
                failure = r.failed().failure(keys.get(i), new Explanations(clientOps));
            }
            if (r.verdict() == Verdict.UNKNOWN && reason == null) reason = r.reason();
            verdict = verdict.and(r.verdict());
        }
        if (verdict != Verdict.UNKNOWN) reason = null;
        return new LinearizabilityResult(verdict, reason, model.name(), prepared.size(), keys.size(), states, peak, failure);
    }

    /**
     * Whose turn it is: partitions start in a given order, at most {@code window} at once (each
     * holds its memo while active), and take turns of {@link #SLICE} steps until each is done.
     */
    private static final class Turns {
        private final java.util.ArrayDeque<Integer> active = new java.util.ArrayDeque<>();
        private final int window;
        private final int total;
        private int started;
        private int running;
        private int finished;

        Turns(int total, int window) {
            this.total = total;
            this.window = window;
        }

        /** The next partition to run a slice of, or -1 when every one is done. */
        synchronized int take(Integer[] order) {
            while (true) {
                if (finished == total) return -1;
                while (active.size() + running < window && started < total) active.add(order[started++]);
                Integer next = active.poll();
                if (next != null) {
                    running++;
                    return next;
                }
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return -1;
                }
            }
        }

        synchronized void giveBack(int idx) {
            running--;
            active.add(idx);
            notifyAll();
        }

        synchronized void done() {
            running--;
            finished++;
            notifyAll();
        }
    }
}
