package dev.lockstorm.checker;

import dev.lockstorm.checker.linear.LinearizabilityResult;

/** A short summary of a check for a person at a terminal. */
public final class Summary {
    private Summary() {
    }

    public static String of(CheckResult r) {
        StringBuilder sb = new StringBuilder();
        LinearizabilityResult l = r.linearizability();
        CheckResult.Stats s = r.stats();
        sb.append(r.source()).append(": ").append(r.verdict().wire().toUpperCase(java.util.Locale.ROOT))
                .append(s.events() == 0 ? " (empty history: no events)" : "").append('\n');
        sb.append(String.format(java.util.Locale.ROOT, "  %d events, %d operations, %d processes, %d crashed (%d never completed); %d ms%n",
                s.events(), s.operations(), s.processes(), s.crashedOperations(), s.incompleteInvocations(), s.millis()));
        sb.append("  linearizability (").append(l.model()).append("): ").append(l.verdict().wire());
        if (l.reason() != null) sb.append(" — ").append(l.reason());
        sb.append(String.format(java.util.Locale.ROOT, " [%d ops, %d part%s, %d states]%n", l.operations(), l.partitions(),
                l.partitions() == 1 ? "" : "s", l.statesExplored()));
        if (l.failure() != null) sb.append("    ").append(l.failure().explanation()).append('\n');
        if (r.isLockCheck()) {
            sb.append("  double holders: ").append(r.doubleHolderCount());
            if (r.firstDoubleHolder() != null) sb.append(" (the first at ").append(dev.lockstorm.checker.history.History.when(r.firstDoubleHolder())).append(')');
            if (r.doubleHolderCount() == 0 && l.verdict() == dev.lockstorm.checker.Verdict.INVALID) {
                // both can be true: this analysis counts only holds the clients were certain of
                sb.append(" (no two holds known for certain, from an acquire's ok to the release's invocation, overlapped;"
                        + " the linearizability violation above involves a failed or uncertain operation, a release by a"
                        + " non-holder, or a token out of order)");
            }
            sb.append('\n');
            if (!r.doubleHolders().isEmpty()) sb.append("    ").append(r.doubleHolders().get(0).explanation()).append('\n');
            sb.append("  fencing: ").append(r.fencing().tokens()).append(" tokens, ")
                    .append(r.tokenViolations()).append(" out of order, ")
                    .append(r.staleWritesAccepted()).append(" stale writes accepted, ")
                    .append(r.staleWritesRejected()).append(" rejected");
            if (r.staleWritesRejected() > 0) sb.append(" (fencing saved you ").append(r.staleWritesRejected()).append(r.staleWritesRejected() == 1 ? " time)" : " times)");
            sb.append('\n');
            if (r.tokenViolations() > 0) sb.append("    ").append(r.fencing().tokenViolations().get(0).explanation()).append('\n');
            if (r.staleWritesAccepted() > 0) sb.append("    ").append(r.fencing().staleWrites().get(0).explanation()).append('\n');
            sb.append("  resource: ").append(r.resource().explanation()).append('\n');
        }
        return sb.toString();
    }
}
