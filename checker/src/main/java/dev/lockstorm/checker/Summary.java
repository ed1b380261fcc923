package dev.lockstorm.checker;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.linear.LinearizabilityResult;
import dev.lockstorm.checker.lock.Incident;
import dev.lockstorm.checker.lock.ResourceCounter;
import dev.lockstorm.checker.lock.StaleWrite;
import dev.lockstorm.checker.lock.TokenViolation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A summary of a check for a person at a terminal: the verdict, then each analysis as the checker
 * decided it, with every incident, stale write and token violation (none is cut).
 */
public final class Summary {
    private Summary() {
    }

    public static String of(CheckResult r) {
        StringBuilder sb = new StringBuilder();
        LinearizabilityResult l = r.linearizability();
        CheckResult.Stats s = r.stats();
        sb.append(r.source()).append(": ").append(r.verdict().wire().toUpperCase(Locale.ROOT))
                .append(s.events() == 0 ? " (empty history: no events)" : s.operations() == 0 ? " (no client operation: nothing was checked)" : "")
                .append(r.verdict() == Verdict.VALID && r.coverage() != null && !r.coverage().dangerousReached()
                        ? ", but " + r.coverage().nothingDangerous() : "").append('\n');
        for (String w : r.warnings()) sb.append("  warning: ").append(w).append('\n');
        sb.append("  ").append(s.events()).append(" events, ").append(s.operations()).append(" operations, ").append(s.processes())
                .append(" processes, ").append(s.crashedOperations()).append(" crashed (").append(s.incompleteInvocations())
                .append(" never completed); ").append(s.millis()).append(" ms\n");
        sb.append("  linearizability (").append(l.model()).append("): ").append(l.verdict().wire());
        if (l.reason() != null) sb.append(" — ").append(l.reason());
        sb.append(" [").append(l.operations()).append(" ops, ").append(l.partitions()).append(" part").append(l.partitions() == 1 ? "" : "s")
                .append(", ").append(l.statesExplored()).append(" states]\n");
        if (l.failure() != null) sb.append("    ").append(l.failure().explanation()).append('\n');
        if (!r.isLockCheck()) return sb.append(liveness(r)).toString();

        if (!r.holdsCounted()) {
            // a sweep cut short: what it found is a part of the history's, never shown as the count
            sb.append("  double holders: not counted: ").append(r.analysis(Analysis.Kind.DOUBLE_HOLDERS).orElseThrow().detail());
        } else {
            sb.append("  double holders: ").append(r.doubleHolderCount());
            if (!r.incidents().isEmpty()) {
                sb.append(" in ").append(r.incidents().size()).append(r.incidents().size() == 1 ? " incident" : " incidents")
                        .append(" (the first at ").append(History.when(r.firstDoubleHolder())).append(')');
            } else if (l.verdict() == Verdict.INVALID) {
                // both can be true: this analysis counts only holds the clients were certain of
                sb.append(" (no two holds known for certain, from an acquire's ok to the release's invocation, overlapped;"
                        + " the linearizability violation above involves a failed or uncertain operation, a release by a"
                        + " non-holder, or a token out of order)");
            }
        }
        sb.append('\n');
        for (String f : findings(r, Analysis.Kind.DOUBLE_HOLDERS)) sb.append("    ").append(f).append('\n');
        Analysis fencing = r.analysis(Analysis.Kind.FENCING).orElseThrow();
        sb.append("  fencing: ").append(fencing.status() == Analysis.Status.NOT_APPLICABLE ? "not applicable: " : "").append(fencing.detail()).append('\n');
        for (String f : findings(r, Analysis.Kind.FENCING)) sb.append("    ").append(f).append('\n');
        Analysis res = r.analysis(Analysis.Kind.RESOURCE).orElseThrow();
        sb.append("  resource: ").append(res.status() == Analysis.Status.NOT_CHECKED ? "not checked: " : "").append(res.detail()).append('\n');
        for (String f : findings(r, Analysis.Kind.RESOURCE)) sb.append("    ").append(f).append('\n');
        sb.append(liveness(r));
        sb.append("  exercised: ").append(r.coverage().describe()).append('\n');
        return sb.toString();
    }

    /**
     * Every finding behind one analysis's verdict, one line each and none cut: the linearizability
     * failure, each double-holder incident, each token out of order and stale write, each write that
     * went backwards (with the increments it lost). Empty when the analysis found nothing.
     */
    public static List<String> findings(CheckResult r, Analysis.Kind analysis) {
        List<String> out = new ArrayList<>();
        if (analysis == Analysis.Kind.LINEARIZABILITY) {
            if (r.linearizability().failure() != null) out.add(r.linearizability().failure().explanation());
        } else if (analysis == Analysis.Kind.DOUBLE_HOLDERS && r.incidents() != null) {
            int n = 0;
            for (Incident i : r.incidents()) out.add("incident " + ++n + ": " + i.explanation());
        } else if (analysis == Analysis.Kind.FENCING && r.fencing() != null) {
            for (TokenViolation v : r.fencing().tokenViolations()) out.add("token out of order: " + v.explanation());
            for (StaleWrite w : r.fencing().staleWrites()) out.add("stale write: " + w.explanation());
            for (StaleWrite w : r.fencing().staleReads()) out.add("stale read: " + w.explanation());
            for (dev.lockstorm.checker.lock.WrongfulRefusal w : r.fencing().wrongfulRefusals()) out.add("current holder refused: " + w.explanation());
            for (dev.lockstorm.checker.lock.ForeignToken f : r.fencing().foreignTokens()) out.add((f.unheld() ? "write under no hold: " : "token not its own: ") + f.explanation());
        } else if (analysis == Analysis.Kind.RESOURCE && r.resource() != null && r.resource().lossProven()) {
            // one line per lock only when there are several: with one, the analysis's detail already says it
            if (r.resource().counters().size() > 1) {
                for (ResourceCounter.Counter c : r.resource().counters()) if (c.lostUpdates() > 0) out.add(c.explanation());
            }
            for (dev.lockstorm.checker.lock.Overwrite w : r.resource().overwrites()) out.add(w.explanation());
        }
        if (analysis == Analysis.Kind.RESOURCE && r.resource() != null) {
            for (var t : r.resource().tornReads()) out.add("write seen half done: " + t.explanation());
            for (var u : r.resource().unwrittenReads()) out.add("value no write set: " + u.explanation());
        }
        return out;
    }

    private static String liveness(CheckResult r) {
        return r.analysis(Analysis.Kind.LIVENESS).map(a -> "  liveness: " + a.status().wire() + ": " + a.detail() + "\n").orElse("");
    }
}
