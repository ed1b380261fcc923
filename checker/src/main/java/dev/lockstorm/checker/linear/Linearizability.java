package dev.lockstorm.checker.linear;

import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.history.Operation;
import dev.lockstorm.checker.model.Explanations;
import dev.lockstorm.checker.model.Model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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

    public static <S> LinearizabilityResult check(Model<S> model, List<Operation> clientOps, SearchLimits limits) {
        long deadline = System.nanoTime() + limits.timeLimit().toNanos();
        List<Operation> prepared = model.prepare(clientOps);
        Map<Object, List<Operation>> parts = model.partition(prepared);
        List<Object> keys = new ArrayList<>(parts.keySet());
        AtomicLong budget = new AtomicLong(limits.maxStates());
        AtomicBoolean stop = new AtomicBoolean();
        List<Search<S>> searches = new ArrayList<>();
        for (Object k : keys) searches.add(new Search<>(model, parts.get(k)));

        List<Search.PartitionResult> results = new ArrayList<>();
        int threads = Math.max(1, Math.min(limits.threads(), searches.size()));
        if (threads == 1) {
            for (Search<S> s : searches) {
                Search.PartitionResult r = s.run(deadline, budget, stop);
                results.add(r);
                if (r.verdict() == Verdict.INVALID) stop.set(true);
            }
        } else {
            ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(r, "lockstorm-search");
                t.setDaemon(true);
                return t;
            });
            try {
                List<Future<Search.PartitionResult>> futures = new ArrayList<>();
                for (Search<S> s : searches) {
                    futures.add(pool.submit(() -> {
                        Search.PartitionResult r = s.run(deadline, budget, stop);
                        if (r.verdict() == Verdict.INVALID) stop.set(true);
                        return r;
                    }));
                }
                for (Future<Search.PartitionResult> f : futures) results.add(f.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new LinearizabilityResult(Verdict.UNKNOWN, "interrupted", model.name(), prepared.size(),
                        keys.size(), 0, 0, null);
            } catch (ExecutionException e) {
                throw new IllegalStateException("linearizability search failed", e.getCause());
            } finally {
                pool.shutdownNow();
            }
        }

        Verdict verdict = Verdict.VALID;
        String reason = null;
        Failure failure = null;
        long states = 0;
        long peak = 0;
        for (int i = 0; i < results.size(); i++) {
            Search.PartitionResult r = results.get(i);
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
}
