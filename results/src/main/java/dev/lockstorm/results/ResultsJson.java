package dev.lockstorm.results;

import dev.lockstorm.checker.Analysis;
import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.Operation;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.io.Json;
import dev.lockstorm.checker.io.JsonObject;
import dev.lockstorm.checker.io.TextFiles;
import dev.lockstorm.checker.linear.Failure;
import dev.lockstorm.checker.linear.LinearizabilityResult;
import dev.lockstorm.checker.lock.DoubleHolder;
import dev.lockstorm.checker.lock.FaultSpan;
import dev.lockstorm.checker.lock.HoldInterval;
import dev.lockstorm.checker.lock.Coverage;
import dev.lockstorm.checker.lock.Incident;
import dev.lockstorm.checker.lock.StaleWrite;
import dev.lockstorm.checker.lock.TokenViolation;

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
 * {@code results.json}: the overall verdict and headline counts at the top level, every incident,
 * then each analysis with the verdict the checker gave it, its counts and witnesses (op indexes and
 * times), the faults, then run statistics. Incidents, stale writes and token violations are listed
 * in full; only the double-holder pairs (each is in an incident) are cut after {@link #MAX_PAIRS}.
 */
public final class ResultsJson {
    /** Double-holder pairs listed; their count is always complete, and every pair is in an incident. */
    public static final int MAX_PAIRS = 100;

    private ResultsJson() {
    }

    /** Writes a history's check, checked on its own (no run facts, liveness not measured). */
    public static void write(CheckResult r, Path file) throws IOException {
        write(r, null, Map.of(), file);
    }

    /**
     * Writes a run's check.
     *
     * @param notLive the clients not live after the heal, or null when not measured
     * @param facts   the run's facts (system first), or an empty map for a history checked on its own
     */
    public static void write(CheckResult r, List<String> notLive, Map<String, Object> facts, Path file) throws IOException {
        TextFiles.write(file, Json.toJson(toMap(r, notLive, facts)) + "\n");
    }

    public static String toJson(CheckResult r) {
        return Json.toJson(toMap(r, null, Map.of()));
    }

    /**
     * Reads results.json back as {@link Results}: the same record {@link Results#of} makes of the check
     * that was written.
     *
     * @throws IllegalArgumentException naming the file and the key when a key is missing, unknown or of the wrong
     *                                  type, or the file is of another schema version
     * @throws IOException              when it cannot be read or is no JSON
     */
    public static Results read(Path file) throws IOException {
        return read(JsonObject.read(file));
    }

    static Results read(JsonObject o) {
        Long schema = o.optWhole("schema");
        if (schema == null || schema != Results.SCHEMA) {
            throw new IllegalArgumentException(o.where() + ": " + (schema == null ? "no schema version (written by lockstorm 0.2.0 or before)"
                    : "schema version " + schema) + "; this lockstorm reads version " + Results.SCHEMA
                    + " (bin/lockstorm report RUN_DIR writes a run's results again)");
        }
        Verdict verdict = verdict(o, "verdict");
        String source = o.string("source");
        String model = o.string("model");
        Results.Lock lock = null;
        // a lock check's results: every one has its coverage; its holds' counts only when they were counted
        if (o.has("coverage")) {
            Results.Holds holds = o.has("double_holders") ? new Results.Holds(o.count("double_holders"), o.count("incident_count"),
                    o.count("lock_defects"), o.count("lease_limits")) : null;
            int accepted = o.count("stale_writes_accepted");
            // written since the resource's reads were judged: absent from an older file, where none were counted
            Long readsAccepted = o.optWhole("stale_reads_accepted");
            int rejected = o.count("stale_writes_rejected");
            // written since wrong refusals were counted on their own: absent from an older file, which did not count them
            Long refused = o.optWhole("current_holders_refused");
            int tokens = o.count("token_violations");
            Long lost = o.optWhole("lost_updates");
            // written since the resource's own losses were told apart: absent from an older file, which did not count them
            Long forgotten = o.optWhole("forgotten_writes");
            // written since reads of values no write set were counted: absent from an older file, which did not count them
            Long unwritten = o.optWhole("unwritten_reads");
            o.optWhole("torn_reads");
            o.any("first_double_holder");
            o.any("first_lost_update");
            if (holds != null) o.any("incidents");
            JsonObject coverage = o.object("coverage");
            coverage.bool("dangerous_reached");
            coverage.optWhole("lease_ms");
            Map<String, Integer> moments = coverage.counts("moments");
            String reached = coverage.string("summary");
            coverage.optStrings("clock_moves");
            coverage.done();
            String resource = o.object("analyses").object("resource").string("explanation");
            lock = new Results.Lock(holds, accepted, readsAccepted == null ? 0 : (int) (long) readsAccepted, rejected,
                    refused == null ? 0 : (int) (long) refused, tokens,
                    lost == null ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(lost), forgotten == null ? 0 : forgotten,
                    unwritten == null ? 0 : unwritten, resource,
                    moments, reached);
        }
        JsonObject analyses = o.object("analyses");
        Map<Analysis.Kind, Results.Decided> decided = new java.util.EnumMap<>(Analysis.Kind.class);
        List<String> notLive = null;
        for (Analysis.Kind k : Analysis.Kind.values()) {
            JsonObject a = analyses.optObject(k.key());
            if (a == null) continue;
            decided.put(k, new Results.Decided(status(a, "verdict"), a.string("detail")));
            if (k == Analysis.Kind.LIVENESS) notLive = a.optStrings("clients_without_acquire");
            a.asMap(); // each analysis's own counts and witnesses: shown as they are
        }
        analyses.done();
        o.optStrings("warnings");
        o.any("faults");
        JsonObject stats = o.object("stats");
        int operations = stats.count("operations");
        stats.asMap();
        JsonObject run = o.optObject("run");
        Results.Run facts = null;
        if (run != null) {
            run.string("system");
            run.optString("nemesis");
            run.optWhole("seed");
            run.optWhole("faults_injected");
            facts = Results.Run.of(run.asMap());
        }
        o.done();
        return new Results(verdict, source, model, lock, decided, notLive, facts, operations);
    }

    private static Verdict verdict(JsonObject o, String key) {
        String w = o.string(key);
        for (Verdict v : Verdict.values()) if (v.wire().equals(w)) return v;
        throw new IllegalArgumentException(o.where() + ": key \"" + key + "\": expected valid, invalid or unknown, found \"" + w + "\"");
    }

    private static Analysis.Status status(JsonObject o, String key) {
        String w = o.string(key);
        for (Analysis.Status s : Analysis.Status.values()) if (s.wire().equals(w)) return s;
        throw new IllegalArgumentException(o.where() + ": key \"" + key + "\": expected valid, invalid, unknown, not checked or not applicable, found \"" + w + "\"");
    }

    /**
     * Everything results.json holds, as plain data.
     *
     * @param notLive the clients not live after the heal, or null when not measured
     * @param facts   the run's facts, or an empty map
     */
    public static Map<String, Object> toMap(CheckResult r, List<String> notLive, Map<String, Object> facts) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("verdict", r.verdict().wire());
        m.put("schema", Results.SCHEMA);
        m.put("source", r.source());
        m.put("model", r.linearizability().model());
        if (r.isLockCheck()) {
            // counts never computed are absent, never 0: a sweep the time limit cut short has none
            if (r.holdsCounted()) {
                m.put("double_holders", r.doubleHolderCount());
                m.put("incident_count", r.incidents().size());
                m.put("lock_defects", r.defectIncidents());
                m.put("lease_limits", r.leaseLimitIncidents());
            }
            m.put("stale_writes_accepted", r.staleWritesAccepted());
            m.put("stale_reads_accepted", r.staleReadsAccepted());
            m.put("stale_writes_rejected", r.staleWritesRejected());
            m.put("current_holders_refused", r.fencing().wrongfulRefusals().size());
            m.put("token_violations", r.tokenViolations());
            // a count never computed is absent, never 0
            if (r.lostUpdates().isPresent()) m.put("lost_updates", r.lostUpdates().getAsLong());
            if (r.resource() != null) m.put("torn_reads", r.resource().tornReads().size());
            if (r.resource() != null) m.put("forgotten_writes", r.resource().forgottenWrites());
            if (r.resource() != null) m.put("unwritten_reads", r.resource().unwrittenReads().size());
            m.put("first_double_holder", ref(r.firstDoubleHolder()));
            m.put("first_lost_update", ref(r.firstLostUpdate()));
            if (r.holdsCounted()) m.put("incidents", all(r.incidents(), ResultsJson::incident));
        }
        Map<String, Object> analyses = new LinkedHashMap<>();
        for (Analysis a : r.analyses()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("verdict", a.status().wire());
            x.put("detail", a.detail());
            analyses.put(a.kind().key(), x);
        }
        linearizability(analyses, r.linearizability());
        if (r.isLockCheck()) {
            var d = analysis(analyses, "double_holders");
            if (r.holdsCounted()) {
                d.put("count", r.doubleHolderCount());
                d.put("incidents", r.incidents().size());
            }
            d.put("witnesses", list(r.doubleHolders(), ResultsJson::doubleHolder));
            var f = analysis(analyses, "fencing");
            f.put("tokens_granted", r.fencing().tokens());
            f.put("token_violations", all(r.fencing().tokenViolations(), ResultsJson::tokenViolation));
            f.put("stale_writes_accepted", all(r.fencing().staleWrites(), ResultsJson::staleWrite));
            f.put("stale_writes_rejected", r.staleWritesRejected());
            f.put("stale_reads_rejected", r.fencing().rejectedReads());
            f.put("rejected_writes", all(r.fencing().rejectedWrites(), ResultsJson::staleWrite));
            f.put("stale_reads_accepted", all(r.fencing().staleReads(), ResultsJson::staleWrite));
            f.put("current_holders_refused", all(r.fencing().wrongfulRefusals(), w -> presented(w.op(), w.token(), w.explanation())));
            f.put("foreign_tokens", all(r.fencing().foreignTokens(), w -> presented(w.op(), w.token(), w.explanation())));
            var res = analysis(analyses, "resource");
            res.put("acknowledged_increments", r.resource().acknowledged());
            res.put("uncertain_writes", r.resource().uncertain());
            res.put("final_value", r.resource().finalValue());
            res.put("final_read", ref(r.resource().finalRead()));
            if (r.lostUpdates().isPresent()) res.put("lost_updates", r.lostUpdates().getAsLong());
            res.put("locks_not_checked", r.resource().unchecked());
            res.put("overwrites", all(r.resource().overwrites(), ResultsJson::overwrite));
            res.put("torn_reads", all(r.resource().tornReads(), ResultsJson::tornRead));
            res.put("unwritten_reads", all(r.resource().unwrittenReads(), u -> {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("read", ref(u.read()));
                x.put("value", u.value());
                x.put("refused_write", ref(u.refused()));
                x.put("explanation", u.explanation());
                return x;
            }));
            res.put("explanation", r.resource().explanation());
        }
        if (notLive != null && analyses.get(Analysis.Kind.LIVENESS.key()) != null) {
            analysis(analyses, Analysis.Kind.LIVENESS.key()).put("clients_without_acquire", notLive);
        }
        m.put("analyses", analyses);
        if (!r.warnings().isEmpty()) m.put("warnings", r.warnings());
        if (r.isLockCheck()) m.put("coverage", coverage(r.coverage()));
        m.put("faults", all(r.faults(), ResultsJson::fault));
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
        if (!facts.isEmpty()) m.put("run", facts);
        return m;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> analysis(Map<String, Object> analyses, String key) {
        return (Map<String, Object>) analyses.get(key);
    }

    private static void linearizability(Map<String, Object> analyses, LinearizabilityResult l) {
        Map<String, Object> m = analysis(analyses, "linearizability");
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
            fm.put("prefix_tail", all(f.prefixTail(), ResultsJson::operation));
            fm.put("state", f.state());
            fm.put("explanation", f.explanation());
            m.put("failure", fm);
        }
    }

    /** What the run exercised: each moment's count by its key, and whether anything dangerous was reached. */
    private static Map<String, Object> coverage(Coverage c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("dangerous_reached", c.dangerousReached());
        if (c.leaseNanos() >= 0) m.put("lease_ms", c.leaseNanos() / 1_000_000);
        Map<String, Object> moments = new LinkedHashMap<>();
        for (Coverage.Moment x : c.moments()) moments.put(x.key(), x.count());
        m.put("moments", moments);
        m.put("summary", c.dangerousReached() ? c.describe() : c.nothingDangerous());
        if (!c.clockMoves().isEmpty()) m.put("clock_moves", c.clockMoves());
        return m;
    }

    private static Map<String, Object> incident(Incident i) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cause", i.cause().key());
        m.put("cause_detail", i.cause().why());
        // where the holder's lease could run out (a lease limit) or ran to at least (a defect), nanoseconds; null: not placed
        m.put("lease_ends", i.cause().leaseEnds() == Op.NO_TIME ? null : i.cause().leaseEnds());
        m.put("holder", hold(i.holder()));
        m.put("grants", all(i.grants(), ResultsJson::hold));
        m.put("faults", all(i.faults(), ResultsJson::fault));
        m.put("stale_writes", all(i.staleWrites(), ResultsJson::staleWrite));
        m.put("lost_updates", all(i.lostUpdates(), ResultsJson::overwrite));
        m.put("explanation", i.explanation());
        return m;
    }

    /** A write that went backwards: where, the value it set over which, and how many increments that lost. */
    private static Map<String, Object> overwrite(dev.lockstorm.checker.lock.Overwrite o) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("write", ref(o.write()));
        m.put("over", o.over());
        m.put("value", o.value());
        m.put("increments_lost", o.lost());
        m.put("forgotten", o.forgotten());
        m.put("explanation", o.explanation());
        return m;
    }

    private static Map<String, Object> fault(FaultSpan f) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", f.kind());
        m.put("target", f.target());
        m.put("hosts", f.hosts());
        m.put("start", ref(f.start()));
        m.put("end", ref(f.end()));
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
        m.put("process", h.start().processLabel());
        if (h.start().extra("client") != null) m.put("client", h.start().extra("client"));
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
        m.put("process", op.invoke() != null ? op.invoke().processLabel() : op.process());
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
        for (int i = 0; i < xs.size() && i < MAX_PAIRS; i++) out.add(f.apply(xs.get(i)));
        return out;
    }

    private static <T> List<Object> all(List<T> xs, Function<T, Object> f) {
        List<Object> out = new ArrayList<>(xs.size());
        for (T x : xs) out.add(f.apply(x));
        return out;
    }

    /** An operation that presented {@code token} to the resource (null: a write with none), and what it shows. */
    private static Map<String, Object> presented(Op op, Long token, String explanation) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("op", ref(op));
        m.put("token", token);
        m.put("explanation", explanation);
        return m;
    }

    private static Map<String, Object> tornRead(dev.lockstorm.checker.lock.TornReads.TornRead t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("read", ref(t.read()));
        m.put("first_half", ref(t.begin()));
        m.put("second_half", ref(t.end()));
        m.put("explanation", t.explanation());
        return m;
    }
}
