package dev.lockstorm.checker;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.HistoryFormatException;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.Operation;
import dev.lockstorm.checker.history.Prose;
import dev.lockstorm.checker.linear.Linearizability;
import dev.lockstorm.checker.linear.LinearizabilityResult;
import dev.lockstorm.checker.linear.SearchLimits;
import dev.lockstorm.checker.lock.Coverage;
import dev.lockstorm.checker.lock.DoubleHolder;
import dev.lockstorm.checker.lock.Deadline;
import dev.lockstorm.checker.lock.DoubleHolders;
import dev.lockstorm.checker.lock.FaultSpan;
import dev.lockstorm.checker.lock.FaultSpans;
import dev.lockstorm.checker.lock.FencingAnalysis;
import dev.lockstorm.checker.lock.ForeignToken;
import dev.lockstorm.checker.lock.Incident;
import dev.lockstorm.checker.lock.Incidents;
import dev.lockstorm.checker.lock.ResourceCounter;
import dev.lockstorm.checker.model.Model;
import dev.lockstorm.checker.model.RwLock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Checks a history: linearizability against a model and, for the lock models, the lock analyses
 * (double holders, fencing tokens and stale writes, lost updates). One verdict for all of them.
 *
 * <pre>{@code
 * History h = HistoryReader.read(Path.of("history.jsonl"), HistoryFormat.AUTO);
 * CheckResult r = Checker.check(h, new FencedMutex(), SearchLimits.defaults());
 * System.out.println(r.verdict().wire() + ": " + r.doubleHolderCount() + " double holders");
 * System.out.print(Summary.of(r));
 * }</pre>
 */
public final class Checker {
    private Checker() {
    }

    /**
     * @throws HistoryFormatException when the history has a function the model does not know
     */
    public static CheckResult check(History h, Model<?> model, SearchLimits limits) {
        long start = System.nanoTime();
        // the time limit bounds the whole check: the lock analyses and the search side by side, each within it
        Deadline deadline = Deadline.at(start + limits.timeLimit().toNanos());
        List<Operation> ops = h.operations();
        requireKnownFunctions(h, model);
        requireWellFormed(h, model, ops);

        // a large history's search beside the lock analyses, on a thread of its own: they read the same history and share nothing
        // else, and on two cores the check takes the longer of the two instead of their sum (docs/benchmarks.md, bench checker);
        // a small one's after them, on this thread, where a thread's start and hand-over would cost more than they save
        java.util.concurrent.FutureTask<LinearizabilityResult> search = new java.util.concurrent.FutureTask<>(
                () -> Linearizability.check(model, ops, limits.withTime(Duration.ofNanos(deadline.remainingNanos()))));
        boolean beside = h.size() >= SEARCH_BESIDE_FROM;
        if (beside) {
            Thread searcher = new Thread(search, "lockstorm-search");
            searcher.setDaemon(true);
            searcher.start();
        }
        List<Analysis> lockAnalyses = new ArrayList<>();
        List<FaultSpan> faults = FaultSpans.of(h);
        List<DoubleHolder> doubles = null;
        List<Incident> incidents = null;
        FencingAnalysis.Result fencing = null;
        ResourceCounter.Result resource = null;
        Coverage coverage = null;
        try {
            if (model.functions().contains("acquire") || model.functions().contains(RwLock.ACQUIRE_WRITE)) {
                List<dev.lockstorm.checker.lock.HoldInterval> holds = DoubleHolders.holds(h);
                coverage = Coverage.of(h, holds, faults);
                fencing = FencingAnalysis.analyze(h);
                resource = ResourceCounter.analyze(h, faults);
                DoubleHolders.Found found = DoubleHolders.search(h, holds, MAX_WITNESSES, MAX_GRANTS_LISTED, deadline);
                doubles = found.witnesses();
                // incidents stay null (not computed) unless the sweep was whole and they could be grouped in time: never an empty list that says "none"
                if (found.cut().isPresent()) {
                    lockAnalyses.add(cutShort(found));
                } else if (found.pairs() == 0) {
                    incidents = List.of();
                    lockAnalyses.add(doubleHolders(found, incidents));
                } else {
                    try {
                        incidents = Incidents.of(h, found, faults, fencing.staleWrites(), resource.overwrites(), deadline);
                        lockAnalyses.add(doubleHolders(found, incidents));
                    } catch (Deadline.Passed e) {
                        lockAnalyses.add(new Analysis(Analysis.Kind.DOUBLE_HOLDERS, Analysis.Status.INVALID, Prose.of(found.pairs()
                                + (found.pairs() == 1 ? " pair" : " pairs") + " of holders; the check's time limit ran out while their causes were"
                                + " weighed, so no incident is judged a lock defect or a lease limit; first: ", found.witnesses().get(0).prose())));
                    }
                }
                lockAnalyses.add(fencing(fencing));
                // per lock: a proven loss on any lock (or a write seen half done) is invalid, whatever the others say; else any
                // lock not checked makes it not checked
                lockAnalyses.add(new Analysis(Analysis.Kind.RESOURCE, resource.harmProven() ? Analysis.Status.INVALID
                        : !resource.checked() ? Analysis.Status.NOT_CHECKED : Analysis.Status.VALID, resource.prose()));
            }
        } catch (RuntimeException | Error e) {
            search.cancel(true); // no search left running for a check that failed
            throw e;
        }
        if (!beside) search.run();
        LinearizabilityResult lin = searched(search);

        List<Analysis> analyses = new ArrayList<>();
        analyses.add(new Analysis(Analysis.Kind.LINEARIZABILITY, "linearizability (" + lin.model() + ")", Analysis.Status.of(lin.verdict()),
                lin.failure() != null ? lin.failure().prose() : Prose.text(lin.reason() != null ? lin.reason() : lin.statesExplored() + " states explored")));
        analyses.addAll(lockAnalyses);
        Verdict verdict = Analysis.overall(analyses);
        long millis = (System.nanoTime() - start) / 1_000_000;
        int clientOps = (int) ops.stream().filter(o -> o.invoke() != null).count(); // not the kills that stand in for a crash
        CheckResult.Stats stats = new CheckResult.Stats(h.size(), clientOps, h.processes().size(),
                h.crashedOperations(), h.incompleteInvocations(), millis);
        return new CheckResult(verdict, h.source(), analyses, lin, doubles, incidents, fencing, resource, faults, coverage, stats, h.warnings());
    }

    /** The search's result, once it ends; what it threw (running out of memory included) is thrown here, as if it ran on this thread. */
    private static LinearizabilityResult searched(java.util.concurrent.FutureTask<LinearizabilityResult> search) {
        try {
            return search.get();
        } catch (InterruptedException e) {
            search.cancel(true);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the linearizability search ran", e);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error err) throw err;
            throw new IllegalStateException(e.getCause());
        }
    }

    /** The history size from which the search runs beside the lock analyses rather than after them. */
    static final int SEARCH_BESIDE_FROM = 20_000;

    /** Pairs kept as witnesses, and grants listed per incident: every one is counted, the first of them kept (memory stays bounded). */
    static final int MAX_WITNESSES = 1000;
    static final int MAX_GRANTS_LISTED = 100;

    private static Analysis doubleHolders(DoubleHolders.Found found, List<Incident> incidents) {
        if (found.pairs() == 0) return new Analysis(Analysis.Kind.DOUBLE_HOLDERS, Analysis.Status.VALID, "no two clients held the lock at once");
        long leaseLimits = incidents.stream().filter(i -> i.cause().leaseLimit()).count();
        long defects = incidents.size() - leaseLimits;
        return new Analysis(Analysis.Kind.DOUBLE_HOLDERS, Analysis.Status.INVALID, Prose.of(incidents.size() + (incidents.size() == 1 ? " incident" : " incidents")
                + " (" + found.pairs() + (found.pairs() == 1 ? " pair" : " pairs") + " of holders: " + defects + " lock defect" + (defects == 1 ? "" : "s")
                + ", " + leaseLimits + " lease limit" + (leaseLimits == 1 ? "" : "s") + "); first: ", found.witnesses().get(0).prose()));
    }

    /**
     * A sweep the time limit cut short: the pairs it found are certain (invalid), but none found is no
     * proof (unknown); either way it says how far it got, never "no two holds overlapped".
     */
    private static Analysis cutShort(DoubleHolders.Found found) {
        String how = "the check's time limit ran out while looking for double holders, after " + found.cut().orElseThrow().describe();
        if (found.pairs() == 0) return new Analysis(Analysis.Kind.DOUBLE_HOLDERS, Analysis.Status.UNKNOWN, how + ": no two overlapped so far");
        return new Analysis(Analysis.Kind.DOUBLE_HOLDERS, Analysis.Status.INVALID, Prose.of("at least " + found.pairs() + (found.pairs() == 1 ? " pair" : " pairs")
                + " of holders (" + how + "; causes not weighed); first: ", found.witnesses().get(0).prose()));
    }

    /**
     * Tokens in order, stale writes and (where the resource checks reads) stale reads; not applicable
     * to a lock that issues no tokens and a resource that saw none. A refusal of a current holder is
     * named, apart from the times fencing saved you; a token presented by a client that did not hold it
     * makes fencing fail whatever the resource did.
     */
    private static Analysis fencing(FencingAnalysis.Result fencing) {
        if (fencing.tokens() == 0 && fencing.staleWrites().isEmpty() && fencing.rejected() == 0 && fencing.rejectedReads() == 0
                && fencing.staleReads().isEmpty() && fencing.wrongfulRefusals().isEmpty() && fencing.foreignTokens().isEmpty()) {
            return new Analysis(Analysis.Kind.FENCING, Analysis.Status.NOT_APPLICABLE, "no tokens: the lock issued none");
        }
        boolean fenced = fencing.staleWrites().isEmpty() && fencing.tokenViolations().isEmpty() && fencing.staleReads().isEmpty()
                && fencing.foreignTokens().isEmpty();
        return new Analysis(Analysis.Kind.FENCING, fenced ? Analysis.Status.VALID : Analysis.Status.INVALID,
                fencing.tokens() + " tokens, " + fencing.tokenViolations().size() + " out of order, " + fencing.staleWrites().size()
                        + " stale writes accepted, " + fencing.rejected() + " rejected"
                        + (fencing.rejected() > 0 ? " (fencing saved you " + fencing.rejected() + (fencing.rejected() == 1 ? " time)" : " times)") : "")
                        + (fencing.staleReads().isEmpty() ? "" : "; " + fencing.staleReads().size() + " stale reads accepted")
                        + (fencing.rejectedReads() > 0 ? "; " + fencing.rejectedReads() + " reads rejected" : "")
                        + count(fencing.wrongfulRefusals().size(), " current holder refused", " current holders refused")
                        + count(fencing.foreignTokens().stream().filter(f -> !f.unheld()).count(), " token presented by a client that did not hold it",
                                " tokens presented by clients that did not hold them")
                        + count(fencing.foreignTokens().stream().filter(ForeignToken::unheld).count(), " write by a client that did not hold the lock",
                                " writes by clients that did not hold the lock"));
    }

    /** "; " and {@code n} with its noun, or nothing when {@code n} is 0. */
    private static String count(long n, String one, String many) {
        return n == 0 ? "" : "; " + n + (n == 1 ? one : many);
    }

    /** A malformed operation is bad input naming its line, never a verdict ({@link Model#malformed}). */
    private static void requireWellFormed(History h, Model<?> model, List<Operation> ops) {
        for (Operation op : ops) {
            if (op.invoke() == null || !model.functions().contains(op.f())) continue;
            String problem = model.malformed(op);
            if (problem != null) {
                Op at = op.outcome() == dev.lockstorm.checker.history.OpType.OK && op.completion() != null ? op.completion() : op.invoke();
                throw new HistoryFormatException(h.source(), at.line() > 0 ? at.line() : at.index() + 1, problem + " (model " + model.name() + ")");
            }
        }
    }

    private static void requireKnownFunctions(History h, Model<?> model) {
        Set<String> known = new TreeSet<>(model.functions());
        known.addAll(model.otherFunctions());
        for (Op op : h.ops()) {
            if (op.isClient() && op.type() == dev.lockstorm.checker.history.OpType.INVOKE && !known.contains(op.f())) {
                throw new HistoryFormatException(h.source(), op.line() > 0 ? op.line() : op.index() + 1,
                        "f \"" + op.f() + "\" is not an operation of model " + model.name() + "; expected one of " + known);
            }
        }
    }
}
