package dev.lockstorm.checker;

import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.Operation;
import dev.lockstorm.checker.io.Json;
import dev.lockstorm.checker.lock.DoubleHolder;
import dev.lockstorm.checker.lock.HoldInterval;
import dev.lockstorm.checker.lock.StaleWrite;
import dev.lockstorm.checker.lock.TokenViolation;
import dev.lockstorm.checker.linear.Failure;
import dev.lockstorm.checker.linear.LinearizabilityResult;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code results.json}: the overall verdict and headline counts at the top level, then each
 * analysis with its verdict, counts and witnesses (op indexes and times), then run statistics.
 */
public final class ResultsJson {
    /** Witnesses listed per analysis; the counts are always complete. */
    public static final int MAX_WITNESSES = 100;

    private ResultsJson() {
    }

    public static void write(CheckResult r, Path file) throws IOException {
        Files.writeString(file, toJson(r) + "\n", StandardCharsets.UTF_8);
    }

    public static String toJson(CheckResult r) {
        return Json.toJson(toMap(r));
    }

    public static Map<String, Object> toMap(CheckResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("verdict", r.verdict().wire());
        m.put("source", r.source());
        m.put("model", r.linearizability().model());
        if (r.isLockCheck()) {
            m.put("double_holders", r.doubleHolderCount());
            m.put("stale_writes_accepted", r.staleWritesAccepted());
            m.put("stale_writes_rejected", r.staleWritesRejected());
            m.put("token_violations", r.tokenViolations());
            m.put("lost_updates", r.lostUpdates());
            m.put("first_double_holder", ref(r.firstDoubleHolder()));
            m.put("first_lost_update", ref(r.firstLostUpdate()));
        }
        Map<String, Object> analyses = new LinkedHashMap<>();
        analyses.put("linearizability", linearizability(r.linearizability()));
        if (r.isLockCheck()) {
            analyses.put("double_holders", Map.of(
                    "verdict", verdict(r.doubleHolders().isEmpty()),
                    "count", r.doubleHolderCount(),
                    "witnesses", list(r.doubleHolders(), ResultsJson::doubleHolder)));
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("verdict", verdict(r.staleWritesAccepted() == 0 && r.tokenViolations() == 0));
            f.put("tokens_granted", r.fencing().tokens());
            f.put("token_violations", list(r.fencing().tokenViolations(), ResultsJson::tokenViolation));
            f.put("stale_writes_accepted", list(r.fencing().staleWrites(), ResultsJson::staleWrite));
            f.put("stale_writes_rejected", r.staleWritesRejected());
            f.put("rejected_writes", list(r.fencing().rejectedWrites(), ResultsJson::staleWrite));
            analyses.put("fencing", f);
            Map<String, Object> res = new LinkedHashMap<>();
            res.put("verdict", r.resource().checked() ? verdict(r.lostUpdates() == 0) : "not checked");
            res.put("acknowledged_increments", r.resource().acknowledged());
            res.put("uncertain_writes", r.resource().uncertain());
            res.put("final_value", r.resource().finalValue());
            res.put("final_read", ref(r.resource().finalRead()));
            res.put("lost_updates", r.lostUpdates());
            res.put("explanation", r.resource().explanation());
            analyses.put("resource", res);
        }
        m.put("analyses", analyses);
        CheckResult.Stats s = r.stats();
        Map<String, Object> stats = new LinkedHashMap<>();
        stats.put("events", s.events());
        stats.put("operations", s.operations());
        stats.put("processes", s.processes());
        stats.put("crashed_operations", s.crashedOperations());
        stats.put("incomplete_invocations", s.incompleteInvocations());
        stats.put("states_explored", r.linearizability().statesExplored());
        stats.put("peak_states", r.linearizability().peakStates());
        stats.put("time_ms", s.millis());
        m.put("stats", stats);
        return m;
    }

    private static String verdict(boolean ok) {
        return ok ? "valid" : "invalid";
    }

    private static Map<String, Object> linearizability(LinearizabilityResult l) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("verdict", l.verdict().wire());
        if (l.reason() != null) m.put("reason", l.reason());
        m.put("operations", l.operations());
        m.put("partitions", l.partitions());
        m.put("states_explored", l.statesExplored());
        m.put("peak_states", l.peakStates());
        Failure f = l.failure();
        if (f != null) {
            Map<String, Object> fm = new LinkedHashMap<>();
            fm.put("partition", f.partition());
            fm.put("op", operation(f.blocked()));
            fm.put("prefix_length", f.prefixLength());
            fm.put("prefix_tail", list(f.prefixTail(), ResultsJson::operation));
            fm.put("state", f.state());
            fm.put("explanation", f.explanation());
            m.put("failure", fm);
        }
        return m;
    }

    private static Map<String, Object> doubleHolder(DoubleHolder d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("first", hold(d.first()));
        m.put("second", hold(d.second()));
        m.put("overlap_ns", d.overlapNanos());
        m.put("explanation", d.explanation());
        return m;
    }

    private static Map<String, Object> hold(HoldInterval h) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("process", h.process());
        if (!"".equals(h.lock())) m.put("lock", h.lock());
        m.put("token", h.token());
        m.put("start", ref(h.start()));
        m.put("end", ref(h.end()));
        return m;
    }

    private static Map<String, Object> tokenViolation(TokenViolation v) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", v.kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
        m.put("acquire", ref(v.acquire()));
        m.put("earlier", ref(v.earlier()));
        m.put("explanation", v.explanation());
        return m;
    }

    private static Map<String, Object> staleWrite(StaleWrite w) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("write", ref(w.write()));
        m.put("token", w.token());
        m.put("newer_write", ref(w.newer()));
        if (w.newer() != null) m.put("newer_token", w.newerToken());
        m.put("explanation", w.newer() == null ? "rejected by the resource" : w.explanation());
        return m;
    }

    private static Map<String, Object> operation(Operation op) {
        if (op == null) return null;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("process", op.process());
        m.put("f", op.f());
        m.put("outcome", op.outcome().wire());
        m.put("value", op.outcome() == dev.lockstorm.checker.history.OpType.OK && op.output() != null ? op.output() : op.input());
        m.put("invoke", ref(op.invoke()));
        m.put("complete", ref(op.completion()));
        return m;
    }

    /** A pointer to an event: its index and time (null time when the source had none). */
    private static Map<String, Object> ref(Op op) {
        if (op == null) return null;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("index", op.index());
        m.put("time", op.time() == Op.NO_TIME ? null : op.time());
        m.put("process", op.processLabel());
        m.put("type", op.type().wire());
        m.put("f", op.f());
        return m;
    }

    private static <T> List<Object> list(List<T> xs, Function<T, Object> f) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < xs.size() && i < MAX_WITNESSES; i++) out.add(f.apply(xs.get(i)));
        return out;
    }
}
