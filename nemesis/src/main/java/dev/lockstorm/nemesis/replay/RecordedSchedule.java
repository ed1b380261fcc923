package dev.lockstorm.nemesis.replay;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.NemesisEvent;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.io.Json;
import dev.lockstorm.checker.lock.FaultSpan;
import dev.lockstorm.checker.lock.FaultSpans;
import dev.lockstorm.nemesis.CutStyle;
import dev.lockstorm.nemesis.Delay;
import dev.lockstorm.nemesis.Slow;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
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
     * replay's (whose faults name their steps: {@link #stepOf}).
     */
    public static Map<Integer, Integer> stepsByEvent(History h) {
        Map<Integer, Integer> steps = new LinkedHashMap<>();
        read(h, steps);
        return steps;
    }

    private static RecordedSchedule read(History h, Map<Integer, Integer> stepsByEvent) {
        Map<String, Object> facts = new LinkedHashMap<>();
        long t0 = -1;
        for (Op op : h.ops()) {
            if (!op.isClient() && NemesisEvent.RUN.f().equals(op.f()) && op.value() instanceof Map<?, ?> m && facts.isEmpty()) {
                m.forEach((k, v) -> facts.put(String.valueOf(k), v));
            }
            if (op.isClient() && op.type() == OpType.INVOKE && t0 < 0) t0 = op.time();
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
                Action.ClockJump was = (Action.ClockJump) last.action();
                List<String> hosts = new ArrayList<>(was.hosts());
                hosts.addAll(((Action.ClockJump) a.get()).hosts());
                long length = s.end() == null || s.end() == start ? 0 : millis(s.end().time() - previous.start().time());
                steps.set(steps.size() - 1, new Step(last.fault(), new Action.ClockJump(hosts, was.deltaMs()), last.trigger(), Math.max(last.lengthMs(), length)));
                stepsByEvent.put(start.index(), steps.size());
                continue;
            }
            previous = s;
            String fault = start.extra("fault") == null ? s.kind() : baseName(String.valueOf(start.extra("fault")));
            String holder = "holder".equals(start.extra("aimed_at")) && !s.hosts().isEmpty() ? s.hosts().get(0) : null;
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

    /** A replayed fault is named {@code pause-client#2} (its step); its schedule names it {@code pause-client} again. */
    public static String baseName(String fault) {
        int hash = fault.lastIndexOf('#');
        return hash > 0 && fault.substring(hash + 1).matches("\\d+") ? fault.substring(0, hash) : fault;
    }

    /** The step a replayed fault's name gives ({@code pause-client#2} → 2), or -1. */
    public static int stepOf(String fault) {
        int hash = fault == null ? -1 : fault.lastIndexOf('#');
        return hash > 0 && fault.substring(hash + 1).matches("\\d{1,6}") ? Integer.parseInt(fault.substring(hash + 1)) : -1;
    }

    private static long millis(long nanos) {
        return Math.max(0, Math.round(nanos / 1e6));
    }

    /** What the span's opening event did, by name; empty when it cannot be done again so. */
    static Optional<Action> action(FaultSpan s) {
        Op op = s.start();
        NemesisEvent e = NemesisEvent.of(op.f()).orElse(null);
        if (e == null) return Optional.empty();
        String host = s.hosts().isEmpty() ? null : s.hosts().get(0);
        Map<?, ?> value = op.value() instanceof Map<?, ?> m ? m : Map.of();
        return switch (e) {
            case START_PARTITION -> {
                Map<String, List<String>> refuses = hostLists(value);
                CutStyle cut = op.extra("cut") == null ? CutStyle.BLACKHOLE : CutStyle.of(String.valueOf(op.extra("cut"))).orElse(null);
                yield refuses.isEmpty() || cut == null ? Optional.empty() : Optional.of(new Action.Partition(refuses, cut));
            }
            case START_LOSS -> {
                Map<String, List<String>> from = value.get("from") instanceof Map<?, ?> f ? hostLists(f) : Map.of();
                yield from.isEmpty() || !(value.get("percent") instanceof Number p) || p.intValue() < 1 || p.intValue() > 100 ? Optional.empty()
                        : Optional.of(new Action.Loss(from, p.intValue()));
            }
            case START_SLOW -> {
                Map<String, List<String>> to = value.get("to") instanceof Map<?, ?> t ? hostLists(t) : Map.of();
                yield to.isEmpty() || !(value.get("kbit") instanceof Number k) || !Slow.isRate(k.longValue()) ? Optional.empty()
                        : Optional.of(new Action.Slow(to, k.intValue()));
            }
            case START_DELAY -> {
                Map<String, List<String>> to = value.get("to") instanceof Map<?, ?> t ? hostLists(t) : Map.of();
                int jitter = value.get("jitter_ms") instanceof Number j ? j.intValue() : 0;
                yield to.isEmpty() || !(value.get("ms") instanceof Number ms) || !Delay.isDelay(ms.longValue()) || !Delay.isJitter(jitter, ms.longValue())
                        ? Optional.empty() : Optional.of(new Action.Delay(to, ms.intValue(), jitter));
            }
            case START_PAUSE -> host == null ? Optional.empty() : Optional.of(new Action.Pause(host));
            case KILL -> host == null ? Optional.empty() : Optional.of(new Action.Kill(host));
            case KILL_CLIENT -> host == null ? Optional.empty() : Optional.of(new Action.KillClient(host));
            case CLOCK_JUMP -> host == null || !(value.get("delta_ms") instanceof Number d) ? Optional.empty()
                    : Optional.of(new Action.ClockJump(host, d.longValue()));
            case CLOCK_RATE -> host == null || !(value.get("rate") instanceof Number r) ? Optional.empty()
                    : Optional.of(new Action.ClockRate(host, r.doubleValue(), "monotonic".equals(value.get("clock"))));
            case START_CLOCK_STROBE -> host == null || !(value.get("delta_ms") instanceof Number d) || !(value.get("period_ms") instanceof Number p)
                    ? Optional.empty() : Optional.of(new Action.ClockStrobe(host, d.longValue(), p.longValue()));
            case HOLD_RENEWALS -> op.value() instanceof Collection<?> c && !c.isEmpty()
                    ? Optional.of(new Action.HoldRenewals(c.stream().map(String::valueOf).toList())) : Optional.empty();
            default -> Optional.empty();
        };
    }

    /** Each host with the hosts listed for it, from an event's plain data ({@code {"n1": ["c1"]}}); entries that list none are left out. */
    private static Map<String, List<String>> hostLists(Map<?, ?> data) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        data.forEach((k, v) -> {
            if (v instanceof Collection<?> c) m.put(String.valueOf(k), c.stream().map(String::valueOf).toList());
        });
        return m;
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
        return new RecordedSchedule(run, steps, strings(top.get("standing")), strings(top.get("not_replayed")));
    }

    private static Step step(Map<?, ?> d, String where) {
        String kind = text(d, "kind", where);
        Action a = switch (kind) {
            case "partition" -> {
                Map<String, List<String>> refuses = hostLists(d, "refuses", "the hosts it refuses, e.g. {\"n1\": [\"n2\", \"n3\"]}", where);
                String word = d.get("cut") == null ? CutStyle.BLACKHOLE.word() : String.valueOf(d.get("cut"));
                CutStyle cut = CutStyle.of(word).orElseThrow(() -> new IllegalArgumentException(where + ": \"cut\" is " + Op.show(d.get("cut"))
                        + ", none of blackhole, reset, inbound"));
                yield new Action.Partition(refuses, cut);
            }
            case "loss" -> {
                Map<String, List<String>> from = hostLists(d, "from", "the hosts it loses packets from, e.g. {\"c1\": [\"n1\"]}", where);
                long percent = number(d, "percent", where).longValue();
                if (percent < 1 || percent > 100) throw new IllegalArgumentException(where + ": \"percent\" is 1 to 100, not " + percent);
                yield new Action.Loss(from, (int) percent);
            }
            case "slow" -> {
                Map<String, List<String>> to = hostLists(d, "to", "the hosts its packets to are slowed, e.g. {\"c1\": [\"n1\"]}", where);
                long kbit = number(d, "kbit", where).longValue();
                if (!Slow.isRate(kbit)) throw new IllegalArgumentException(where + ": \"kbit\" is 1 to " + Slow.MAX_KBIT + ", not " + kbit);
                yield new Action.Slow(to, (int) kbit);
            }
            case "delay" -> {
                Map<String, List<String>> to = hostLists(d, "to", "each client and the servers its links to are delayed, e.g. {\"c1\": [\"n1\"]}", where);
                long ms = number(d, "ms", where).longValue();
                long jitter = d.get("jitter_ms") == null ? 0 : number(d, "jitter_ms", where).longValue();
                if (!Delay.isDelay(ms)) throw new IllegalArgumentException(where + ": \"ms\" is 1 to " + Delay.MAX_MS + ", not " + ms);
                if (!Delay.isJitter(jitter, ms)) throw new IllegalArgumentException(where + ": \"jitter_ms\" is 0 to \"ms\" (" + ms + "), not " + jitter);
                yield new Action.Delay(to, (int) ms, (int) jitter);
            }
            case "pause" -> new Action.Pause(text(d, "target", where));
            case "kill" -> new Action.Kill(text(d, "target", where));
            case "kill-client" -> new Action.KillClient(text(d, "target", where));
            case "clock-jump" -> {
                List<String> hosts = d.get("targets") != null ? strings(d.get("targets")) : List.of(text(d, "target", where));
                if (hosts.isEmpty()) throw new IllegalArgumentException(where + ": \"targets\" must list the hosts whose clocks move together, e.g. [\"c1\", \"c2\"]");
                yield new Action.ClockJump(hosts, number(d, "delta_ms", where).longValue());
            }
            case "clock-rate" -> {
                Object clock = d.get("clock") == null ? "realtime" : d.get("clock");
                if (!clock.equals("realtime") && !clock.equals("monotonic")) {
                    throw new IllegalArgumentException(where + ": \"clock\" is \"realtime\" (the default) or \"monotonic\", not " + clock);
                }
                yield new Action.ClockRate(text(d, "target", where), number(d, "rate", where).doubleValue(), clock.equals("monotonic"));
            }
            case "clock-strobe" -> new Action.ClockStrobe(text(d, "target", where), number(d, "delta_ms", where).longValue(),
                    number(d, "period_ms", where).longValue());
            case "hold-renewals" -> {
                List<String> clients = strings(d.get("targets"));
                if (clients.isEmpty()) throw new IllegalArgumentException(where + ": \"targets\" must list the clients, e.g. [\"c2\"]");
                yield new Action.HoldRenewals(clients);
            }
            default -> throw new IllegalArgumentException(where + ": kind " + Op.show(kind)
                    + " is none of partition, loss, slow, delay, pause, kill, kill-client, clock-jump, clock-rate, clock-strobe, hold-renewals");
        };
        long at = number(d, "at_ms", where).longValue();
        long length = d.containsKey("length_ms") ? number(d, "length_ms", where).longValue() : 0;
        if (at < 0 || length < 0) throw new IllegalArgumentException(where + ": at_ms and length_ms are at least 0");
        String fault = d.get("fault") == null ? kind : String.valueOf(d.get("fault"));
        Long into = d.get("into_hold_ms") == null ? null : number(d, "into_hold_ms", where).longValue();
        if (into != null && into < 0) throw new IllegalArgumentException(where + ": into_hold_ms is at least 0");
        return new Step(fault, a, new Trigger(at, optText(d, "after_grant_to", where), optText(d, "holder", where), into), length);
    }

    /** A step's {@code key} as each host with a list of hosts; bad input names the step, the field and {@code what} it maps each host to. */
    private static Map<String, List<String>> hostLists(Map<?, ?> d, String key, String what, String where) {
        if (!(d.get(key) instanceof Map<?, ?> m) || m.isEmpty()) {
            throw new IllegalArgumentException(where + ": \"" + key + "\" must map each host to " + what);
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        m.forEach((k, v) -> {
            if (!(v instanceof List<?> l)) throw new IllegalArgumentException(where + ": \"" + key + "\" of " + k + " must be a list of hosts");
            out.put(String.valueOf(k), l.stream().map(String::valueOf).toList());
        });
        return out;
    }

    private static String text(Map<?, ?> d, String key, String where) {
        if (!(d.get(key) instanceof String s) || s.isBlank()) throw new IllegalArgumentException(where + ": expected \"" + key + "\" as a name, not " + Op.show(d.get(key)));
        return s;
    }

    private static String optText(Map<?, ?> d, String key, String where) {
        return d.get(key) == null ? null : text(d, key, where);
    }

    private static Number number(Map<?, ?> d, String key, String where) {
        if (!(d.get(key) instanceof Number n)) throw new IllegalArgumentException(where + ": expected \"" + key + "\" as a number, not " + Op.show(d.get(key)));
        return n;
    }

    private static List<String> strings(Object v) {
        return v instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
    }

    /** "3 faults: pause-client: freeze c3 for 4.8 s, at 8.4 s, right after c3's grant; …". */
    public String describe() {
        StringBuilder b = new StringBuilder(steps.size() + (steps.size() == 1 ? " fault" : " faults"));
        for (int i = 0; i < steps.size(); i++) b.append(i == 0 ? ": " : "; ").append(steps.get(i).describe());
        return b.toString();
    }
}
