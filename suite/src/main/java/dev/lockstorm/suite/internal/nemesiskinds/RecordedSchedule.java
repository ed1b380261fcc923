package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.io.Json;
import dev.lockstorm.checker.lock.FaultSpan;
import dev.lockstorm.checker.lock.FaultSpans;
import dev.lockstorm.faults.FaultName;
import dev.lockstorm.faults.NemesisEvent;
import dev.lockstorm.nemesis.Action;
import dev.lockstorm.nemesis.ClockJump;
import dev.lockstorm.nemesis.StepFields;
import dev.lockstorm.nemesis.replay.Step;
import dev.lockstorm.nemesis.replay.Trigger;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A run's fault schedule as data ({@code schedule.json} in its directory): every fault the nemesis
 * injected once the clients ran, with its resolved target, its trigger and its length, read back
 * from the history, so that {@code run --schedule} and {@code replay} can do the same again. Faults
 * that were in place before the clients started (a scenario's standing cut) are made again by the
 * nemesis kind's own set-up and are listed as {@code standing}; a fault that cannot be done again
 * by name is listed under {@code not_replayed} with the reason, never dropped silently.
 *
 * <pre>{@code
 * RecordedSchedule s = RecordedSchedule.of(HistoryReader.read(dir.resolve("history.jsonl"), HistoryFormat.JSONL));
 * s.write(dir.resolve("schedule.json"));
 * s.steps().forEach(step -> System.out.println(step.describe()));
 * }</pre>
 *
 * @param run         the recorded run's own facts (system, nemesis, clients, seed, …), as its history's first event has them
 * @param steps       the faults to do again, in the order they came
 * @param standing    faults in place before the clients started, described (the nemesis kind's set-up makes them)
 * @param notReplayed faults that cannot be done again by name, each with why
 */
public record RecordedSchedule(Map<String, Object> run, List<Step> steps, List<String> standing, List<String> notReplayed) {
    /** How close after a grant a fault counts as having come on it: the nemesis's "just acquired" window. */
    static final long FRESH_NS = 300_000_000L;

    public RecordedSchedule {
        run = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(run));
        steps = List.copyOf(steps);
        standing = List.copyOf(standing);
        notReplayed = List.copyOf(notReplayed);
    }

    /** The same schedule with only these steps (for shrinking and for a person's edits). */
    public RecordedSchedule withSteps(List<Step> kept) {
        return new RecordedSchedule(run, kept, standing, notReplayed);
    }

    /** The schedule a recorded history shows. */
    public static RecordedSchedule of(History h) {
        return read(h, new LinkedHashMap<>());
    }

    /**
     * Which step of its schedule each fault of a recorded history is (1 for the first), by the
     * index of the event that opened it: a finding's faults become steps, to be compared with a
     * replay's (whose faults name their steps: {@link FaultName#step}).
     */
    public static Map<Integer, Integer> stepsByEvent(History h) {
        Map<Integer, Integer> steps = new LinkedHashMap<>();
        read(h, steps);
        return steps;
    }

    private static RecordedSchedule read(History h, Map<Integer, Integer> stepsByEvent) {
        Map<String, Object> facts = new LinkedHashMap<>();
        dev.lockstorm.checker.history.RunFacts.of(h).facts().forEach((k, v) -> facts.put(String.valueOf(k), v));
        long t0 = -1;
        for (Op op : h.ops()) {
            // the first client invocation with a time (an event without one has NO_TIME, below every time)
            if (op.isClient() && op.type() == OpType.INVOKE && op.time() >= 0) {
                t0 = op.time();
                break;
            }
        }
        if (t0 < 0) t0 = 0;
        List<Step> steps = new ArrayList<>();
        List<String> standing = new ArrayList<>();
        List<String> notReplayed = new ArrayList<>();
        FaultSpan previous = null;
        for (FaultSpan s : FaultSpans.of(h)) {
            Op start = s.start();
            if (start.time() < t0) {
                standing.add(s.describe());
                continue;
            }
            Optional<Action> a = action(s);
            if (a.isEmpty()) {
                notReplayed.add(s.describe() + ": lockstorm cannot do '" + start.f() + "' again by name");
                continue;
            }
            if (previous != null && !steps.isEmpty() && sameAction(h, previous, s)) {
                // one action of the nemesis that moved several clocks: one step, all its targets together, on its trigger
                Step last = steps.get(steps.size() - 1);
                ClockJump was = (ClockJump) last.action();
                List<String> hosts = new ArrayList<>(was.hosts());
                hosts.addAll(((ClockJump) a.get()).hosts());
                long length = s.end() == null || s.end() == start ? 0 : millis(s.end().time() - previous.start().time());
                steps.set(steps.size() - 1, new Step(last.fault(), new ClockJump(hosts, was.deltaMs()), last.trigger(), Math.max(last.lengthMs(), length)));
                stepsByEvent.put(start.index(), steps.size());
                continue;
            }
            previous = s;
            String fault = s.name().map(FaultName::kind).orElse(s.kind());
            String holder = "holder".equals(start.extra(NemesisEvent.AIMED_AT)) && !s.hosts().isEmpty() ? s.hosts().get(0) : null;
            Op grant = holder == null ? null : lastGrant(h, start, holder);
            Trigger t = new Trigger(millis(start.time() - t0), grantedJustBefore(h, start), holder, grant == null ? null : millis(start.time() - grant.time()));
            long length = s.end() == null || s.end() == start ? 0 : millis(s.end().time() - start.time());
            steps.add(new Step(fault, a.get(), t, length));
            stepsByEvent.put(start.index(), steps.size());
        }
        return new RecordedSchedule(facts, steps, standing, notReplayed);
    }

    /** How close together the events of one action of the nemesis come (it records each moved clock as it moves it). */
    static final long ONE_ACTION_NS = 500_000_000L;

    /**
     * Whether {@code next} was made by the same action as {@code first}: both clock jumps by the same
     * fault, by the same amount, within {@link #ONE_ACTION_NS}, with no other nemesis event between
     * (the clock nemesis moves the holder's and every waiter's clock at once, one event per clock).
     */
    static boolean sameAction(History h, FaultSpan first, FaultSpan next) {
        Op a = first.start();
        Op b = next.start();
        if (!NemesisEvent.CLOCK_JUMP.f().equals(a.f()) || !NemesisEvent.CLOCK_JUMP.f().equals(b.f())) return false;
        if (!java.util.Objects.equals(a.extra("fault"), b.extra("fault")) || a.extra("fault") == null) return false;
        if (!(a.value() instanceof Map<?, ?> va) || !(b.value() instanceof Map<?, ?> vb) || !java.util.Objects.equals(va.get("delta_ms"), vb.get("delta_ms"))) return false;
        if (b.time() - a.time() > ONE_ACTION_NS) return false;
        for (int i = a.index() + 1; i < b.index(); i++) {
            Op op = h.get(i);
            if (!op.isClient() && !NemesisEvent.CLOCK_JUMP.f().equals(op.f())) return false;
        }
        return true;
    }

    private static long millis(long nanos) {
        return Math.max(0, Math.round(nanos / 1e6));
    }

    /** What the span's opening event did, by name; empty when it cannot be done again so. */
    static Optional<Action> action(FaultSpan s) {
        return Action.recorded(s.effect(), s.hosts());
    }

    /** The client granted the lock within the fresh window before {@code fault}, and not releasing since, or null. */
    static String grantedJustBefore(History h, Op fault) {
        Op grant = holdingGrant(h, fault, null, FRESH_NS);
        return grant == null ? null : String.valueOf(grant.extra("client"));
    }

    /** The grant of {@code client}'s hold in force when {@code fault} came (no release asked since), or null. */
    static Op lastGrant(History h, Op fault, String client) {
        return holdingGrant(h, fault, client, Long.MAX_VALUE);
    }

    /**
     * The latest grant before {@code fault}, at most {@code withinNs} earlier, whose process has not
     * asked to release since: of {@code client}'s operations (null if its last grant was released),
     * or of any named client's when {@code client} is null (a released grant is passed over).
     */
    private static Op holdingGrant(History h, Op fault, String client, long withinNs) {
        java.util.Set<Integer> releasing = new java.util.HashSet<>();
        for (int i = fault.index() - 1; i >= 0; i--) {
            Op op = h.get(i);
            if (fault.time() - op.time() > withinNs) break;
            if (!op.isClient() || client != null && !client.equals(String.valueOf(op.extra("client")))) continue;
            if (op.f().equals("release") && op.type() == OpType.INVOKE) releasing.add(op.process());
            if (!op.f().equals("acquire") || op.type() != OpType.OK) continue;
            if (releasing.contains(op.process())) {
                if (client != null) return null;
            } else if (op.extra("client") != null) {
                return op;
            }
        }
        return null;
    }

    // ---- schedule.json ----

    /** Writes {@code schedule.json}: one step per fault, in a form a person can read and edit. */
    public void write(Path file) throws IOException {
        Json.writeFile(file, toData());
    }

    /** The plain data {@code schedule.json} holds. */
    public Map<String, Object> toData() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("lockstorm_schedule", 1);
        m.put("run", run);
        List<Object> out = new ArrayList<>();
        for (Step s : steps) {
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("fault", s.fault());
            d.put("kind", s.action().kind());
            d.putAll(s.action().fields());
            d.put("at_ms", s.trigger().atMs());
            if (s.trigger().afterGrantTo() != null) d.put("after_grant_to", s.trigger().afterGrantTo());
            if (s.trigger().holder() != null) d.put("holder", s.trigger().holder());
            if (s.trigger().intoHoldMs() != null) d.put("into_hold_ms", s.trigger().intoHoldMs());
            d.put("length_ms", s.lengthMs());
            out.add(d);
        }
        m.put("steps", out);
        if (!standing.isEmpty()) m.put("standing", standing);
        if (!notReplayed.isEmpty()) m.put("not_replayed", notReplayed);
        return m;
    }

    /**
     * Reads a {@code schedule.json}; bad input is an {@link IllegalArgumentException} that names the
     * file, the step and the field, and what was expected.
     */
    public static RecordedSchedule read(Path file) {
        Object data;
        try {
            data = Json.readFile(file);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": not a schedule (expected JSON as lockstorm writes schedule.json): " + e.getMessage());
        }
        if (!(data instanceof Map<?, ?> top) || !(top.get("steps") instanceof List<?> list)) {
            throw new IllegalArgumentException(file + ": expected an object with \"steps\": [ … ] (as lockstorm writes schedule.json)");
        }
        Map<String, Object> run = new LinkedHashMap<>();
        if (top.get("run") instanceof Map<?, ?> r) r.forEach((k, v) -> run.put(String.valueOf(k), v));
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String where = file + ": step " + (i + 1);
            if (!(list.get(i) instanceof Map<?, ?> d)) throw new IllegalArgumentException(where + ": expected an object, not " + Op.show(list.get(i)));
            steps.add(step(d, where));
        }
        return new RecordedSchedule(run, steps, StepFields.strings(top.get("standing")), StepFields.strings(top.get("not_replayed")));
    }

    private static Step step(Map<?, ?> d, String where) {
        String kind = StepFields.text(d, "kind", where);
        Action a = Action.read(d, kind, where);
        long at = StepFields.number(d, "at_ms", where).longValue();
        long length = d.containsKey("length_ms") ? StepFields.number(d, "length_ms", where).longValue() : 0;
        if (at < 0 || length < 0) throw new IllegalArgumentException(where + ": at_ms and length_ms are at least 0");
        String fault = d.get("fault") == null ? kind : String.valueOf(d.get("fault"));
        Long into = d.get("into_hold_ms") == null ? null : StepFields.number(d, "into_hold_ms", where).longValue();
        if (into != null && into < 0) throw new IllegalArgumentException(where + ": into_hold_ms is at least 0");
        return new Step(fault, a, new Trigger(at, optText(d, "after_grant_to", where), optText(d, "holder", where), into), length);
    }

    private static String optText(Map<?, ?> d, String key, String where) {
        return d.get(key) == null ? null : StepFields.text(d, key, where);
    }

    /** "3 faults: pause-client: freeze c3 for 4.8 s, at 8.4 s, right after c3's grant; …". */
    public String describe() {
        StringBuilder b = new StringBuilder(steps.size() + (steps.size() == 1 ? " fault" : " faults"));
        for (int i = 0; i < steps.size(); i++) b.append(i == 0 ? ": " : "; ").append(steps.get(i).describe());
        return b.toString();
    }
}
