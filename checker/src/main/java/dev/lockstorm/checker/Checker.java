package dev.lockstorm.checker;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.HistoryFormatException;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.Operation;
import dev.lockstorm.checker.linear.Linearizability;
import dev.lockstorm.checker.linear.LinearizabilityResult;
import dev.lockstorm.checker.linear.SearchLimits;
import dev.lockstorm.checker.lock.Coverage;
import dev.lockstorm.checker.lock.DoubleHolder;
import dev.lockstorm.checker.lock.DoubleHolders;
import dev.lockstorm.checker.lock.FaultSpan;
import dev.lockstorm.checker.lock.FaultSpans;
import dev.lockstorm.checker.lock.FencingAnalysis;
import dev.lockstorm.checker.lock.Incident;
import dev.lockstorm.checker.lock.Incidents;
import dev.lockstorm.checker.lock.ResourceCounter;
import dev.lockstorm.checker.model.Model;

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
        List<Operation> ops = h.operations();
        requireKnownFunctions(h, model);
        LinearizabilityResult lin = Linearizability.check(model, ops, limits);
        Verdict verdict = lin.verdict();

        List<Analysis> analyses = new ArrayList<>();
        analyses.add(new Analysis("linearizability (" + lin.model() + ")", Analysis.Status.of(lin.verdict()),
                lin.failure() != null ? lin.failure().explanation() : lin.reason() != null ? lin.reason() : lin.statesExplored() + " states explored"));
        List<FaultSpan> faults = FaultSpans.of(h);
        List<DoubleHolder> doubles = null;
        List<Incident> incidents = null;
        FencingAnalysis.Result fencing = null;
        ResourceCounter.Result resource = null;
        Coverage coverage = null;
        if (model.functions().contains("acquire")) {
            doubles = DoubleHolders.find(h);
            coverage = Coverage.of(h, DoubleHolders.holds(h), faults);
            fencing = FencingAnalysis.analyze(h);
            resource = ResourceCounter.analyze(h);
            incidents = Incidents.of(h, doubles, faults, fencing.staleWrites(), resource.overwrites());
            long leaseLimits = incidents.stream().filter(i -> i.cause().leaseLimit()).count();
            analyses.add(new Analysis(Summary.DOUBLE_HOLDERS, doubles.isEmpty() ? Analysis.Status.VALID : Analysis.Status.INVALID,
                    doubles.isEmpty() ? "no two clients held the lock at once" : incidents.size() + (incidents.size() == 1 ? " incident" : " incidents")
                            + " (" + doubles.size() + (doubles.size() == 1 ? " pair" : " pairs") + " of holders: " + (incidents.size() - leaseLimits)
                            + " lock defect" + (incidents.size() - leaseLimits == 1 ? "" : "s") + ", " + leaseLimits + " lease limit" + (leaseLimits == 1 ? "" : "s")
                            + "); first: " + doubles.get(0).explanation()));
            boolean fenced = fencing.staleWrites().isEmpty() && fencing.tokenViolations().isEmpty();
            analyses.add(new Analysis(Summary.FENCING, fenced ? Analysis.Status.VALID : Analysis.Status.INVALID,
                    fencing.tokens() + " tokens, " + fencing.tokenViolations().size() + " out of order, " + fencing.staleWrites().size()
                            + " stale writes accepted, " + fencing.rejected() + " rejected"
                            + (fencing.rejected() > 0 ? " (fencing saved you " + fencing.rejected() + (fencing.rejected() == 1 ? " time)" : " times)") : "")));
            analyses.add(new Analysis(Summary.RESOURCE, !resource.checked() ? Analysis.Status.NOT_CHECKED
                    : resource.lostUpdates() == 0 ? Analysis.Status.VALID : Analysis.Status.INVALID, resource.explanation()));
        }
        for (Analysis a : analyses) {
            if (a.status() == Analysis.Status.INVALID) verdict = Verdict.INVALID;
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        CheckResult.Stats stats = new CheckResult.Stats(h.size(), ops.size(), h.processes().size(),
                h.crashedOperations(), h.incompleteInvocations(), millis);
        return new CheckResult(verdict, h.source(), analyses, lin, doubles, incidents, fencing, resource, faults, coverage, stats);
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
