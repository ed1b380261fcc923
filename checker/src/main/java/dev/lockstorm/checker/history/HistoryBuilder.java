package dev.lockstorm.checker.history;

import dev.lockstorm.faults.FaultEffect;
import dev.lockstorm.faults.NemesisEvent;
import dev.lockstorm.faults.Words;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Validates events as they are read and assembles a {@link History}. Every problem is an error
 * that names the source, the line and what was expected; nothing is skipped silently.
 *
 * <p>Rules (docs/architecture.md, "History format"): a client invocation is followed by exactly one
 * completion of the same process and function; a process whose operation ended in {@code info} is
 * crashed and invokes nothing more; the token of an {@code ok} acquire, and the {@code token} of a
 * resource read or write, is an integer or null; a completion belongs to its invocation's lock (the
 * {@code lock} field: a completion without one inherits it, one naming another lock is an error).
 * Events of the nemesis are kept but not paired; a {@code kill-client} event lists the processes it
 * killed as whole numbers or names. Events are in the order they happened: an {@code index}, when the
 * source gives one, grows from line to line; a {@code time} that goes back from one line to the next is
 * taken as told, the line order decides, and the history carries a warning ({@link History#warnings()}).
 */
public final class HistoryBuilder {
    private final String source;
    private final List<Op> ops = new ArrayList<>();
    /** each event's partner (its invocation's completion or the reverse), -1 for none: ints, not boxes, for a million events */
    private int[] partner = new int[1024];
    /** process → index of its open invocation. */
    private final Map<Integer, Integer> open = new HashMap<>();
    /** process → index of the info completion that crashed it. */
    private final Map<Integer, Integer> crashed = new HashMap<>();
    /** each function's name as this history keeps it, once ({@link #canonical}) */
    private final Map<String, String> canonical = new HashMap<>();
    /** named processes ("c1") → their numbers, from {@link Op#NAMED_BASE} */
    private final Map<String, Integer> named = new HashMap<>();
    /** process → index of the kill-client event that killed it (the first) */
    private final Map<Integer, Integer> kills = new HashMap<>();
    /** the last index the source declared, and the last time, to hold the events to their order */
    private long lastDeclaredIndex = Long.MIN_VALUE;
    private int lastTimed = -1;
    private int timeWentBack;
    /** the first run event's index, -1 before one */
    private int runEvent = -1;
    private String firstTimeBack;

    public HistoryBuilder(String source) {
        this.source = source;
    }

    /** The number of the client process a history calls {@code name}: the same for every event of this history. */
    public int processNumber(String name) {
        return named.computeIfAbsent(name, k -> Op.NAMED_BASE + named.size());
    }

    /** The index the next event gets: its position, so that a reader can build it with it rather than have it copied. */
    public int nextIndex() {
        return ops.size();
    }

    /**
     * The one copy of {@code name} this history keeps (an operation's function): a million events name
     * a handful of functions, and a copy per event is memory the collector copies as the history grows.
     * It is the JVM's own copy, the one a model's {@code case "read"} holds, so that matching an
     * operation's function is one comparison of references, not of characters, per step of the search.
     */
    public String canonical(String name) {
        return canonical.computeIfAbsent(name, String::intern);
    }

    /** Adds the next event; its index is set to its position. */
    public HistoryBuilder add(Op event) {
        return add(event, null);
    }

    /**
     * Adds the next event with the {@code index} its source wrote (null when none): it must be a whole
     * number above the previous event's, or the source's order and its indexes contradict each other.
     */
    public HistoryBuilder add(Op event, Object declaredIndex) {
        int index = ops.size();
        Op op = event.index() == index ? event : event.withIndex(index);
        if (op.type() == null) throw error(op, "unknown type; expected invoke, ok, fail or info");
        if (op.f() == null) throw error(op, "no f (the operation's function)");
        checkOrder(op, declaredIndex);
        if (index == partner.length) partner = java.util.Arrays.copyOf(partner, index * 2);
        partner[index] = -1;
        ops.add(op);
        if (!op.isClient()) {
            // the nemesis takes no lock and touches no resource: a client's operation under its name would be dropped unjudged
            if (History.holdMode(op.f()) != null || op.f().equals("read") || op.f().equals("write")) {
                throw error(op, op.f() + " by process \"nemesis\"; the nemesis only injects faults: expected a client's process (a number or a name)");
            }
            if (NemesisEvent.KILL_CLIENT.f().equals(op.f())) recordKills(op);
            // a fault's value is what its explanations are measured by: one that is no value is refused, by its line
            String fault = FaultEffect.problem(op.f(), op.value(), op.extra(NemesisEvent.CUT));
            if (fault != null) throw error(op, op.f() + ": " + fault);
            // the run's lease and lease model are what incidents are judged by, whichever reader read them
            if (NemesisEvent.RUN.f().equals(op.f()) && op.value() instanceof Map<?, ?> facts) {
                String problem = RunFacts.problem(facts);
                if (problem != null) throw error(op, problem);
                // a second set of facts (another lease, another model) would be ignored, and the verdict rest on whichever came first
                if (runEvent >= 0) {
                    throw error(op, "a second run event (the first at line " + lineOf(runEvent) + "); expected the run's facts once per history");
                }
                runEvent = index;
            }
            return this;
        }
        if (op.process() < 0) throw error(op, "negative process " + op.process() + "; expected a number ≥ 0, a name or \"nemesis\"");

        Integer crash = crashed.get(op.process());
        if (crash != null) {
            throw error(op, op.type().wire() + " by process " + op.processLabel() + " after its info at line "
                    + lineOf(crash) + "; a crashed process invokes nothing more (continue as a new process id)");
        }
        Integer pending = open.get(op.process());
        if (op.type() == OpType.INVOKE) {
            if (pending != null) {
                throw error(op, "second invocation by process " + op.processLabel() + " while its "
                        + ops.get(pending).f() + " invoked at line " + lineOf(pending) + " has no completion");
            }
            checkTokens(op);
            checkBelief(op);
            open.put(op.process(), index);
            return this;
        }
        if (pending == null) {
            throw error(op, op.type().wire() + " by process " + op.processLabel() + " without an invocation; expected an invoke first");
        }
        Op inv = ops.get(pending);
        if (!inv.f().equals(op.f())) {
            throw error(op, "completion " + op.f() + " by process " + op.processLabel() + " does not match its invocation "
                    + inv.f() + " at line " + lineOf(pending));
        }
        op = inheritLock(inv, op, index);
        checkTokens(op);
        checkBelief(op);
        open.remove(op.process());
        partner[pending] = index;
        partner[index] = pending;
        if (op.type() == OpType.INFO) crashed.put(op.process(), index);
        return this;
    }

    /** Holds each event to the order of the lines: indexes that grow, times that never go back. */
    private void checkOrder(Op op, Object declaredIndex) {
        if (declaredIndex != null) {
            if (!(declaredIndex instanceof Long d)) {
                throw error(op, "index " + Op.show(declaredIndex) + " is not a whole number; expected the event's position");
            }
            if (d <= lastDeclaredIndex) {
                throw error(op, "index " + d + " does not follow the previous event's index " + lastDeclaredIndex
                        + "; events must be written in the order they happened, with growing indexes");
            }
            lastDeclaredIndex = d;
        }
        if (op.time() != Op.NO_TIME) {
            if (op.time() < 0) throw error(op, "time " + op.time() + " is negative; expected nanoseconds since the run started");
            // Jepsen stamps times in its workers, so a line may carry a time a little before the last one's:
            // the order of the lines is the order of the events, and the summary says where time went back
            if (lastTimed >= 0 && op.time() < ops.get(lastTimed).time()) {
                timeWentBack++;
                if (firstTimeBack == null) {
                    firstTimeBack = "line " + (op.line() > 0 ? op.line() : op.index() + 1) + "'s time is "
                            + History.duration(ops.get(lastTimed).time() - op.time()) + " before line " + lineOf(lastTimed) + "'s";
                }
            } else {
                lastTimed = ops.size();
            }
        }
    }

    /**
     * A kill-client event's processes: whole numbers, or names as the history's clients are named; a
     * number that is not exact (0.5, 2^32) would name another process once truncated, so it is bad input.
     */
    private void recordKills(Op op) {
        if (!(op.value() instanceof java.util.Collection<?> killed)) {
            throw error(op, "kill-client value " + Op.show(op.value()) + " is not a list; expected the killed processes, such as [3, 7]");
        }
        for (Object p : killed) {
            int process;
            if (p instanceof Long l && l >= 0 && l < Op.NAMED_BASE) process = (int) (long) l;
            else if (p instanceof Integer i && i >= 0) process = i;
            else if (p instanceof String name && !name.isBlank() && !name.equals("nemesis")) process = processNumber(name);
            else {
                throw error(op, "kill-client names process " + Op.show(p) + "; expected a whole number from 0 to "
                        + (Op.NAMED_BASE - 1) + " or a client's name such as \"c1\"");
            }
            kills.putIfAbsent(process, op.index());
        }
    }

    /** The completion with its invocation's lock; an error when it names another. */
    private Op inheritLock(Op inv, Op done, int index) {
        Object lock = inv.extra("lock");
        Object said = done.extra("lock");
        if (said == null && lock == null) return done;
        if (said != null && !said.equals(lock)) {
            throw error(done, "completion of " + done.f() + " by process " + done.processLabel() + " names lock " + Op.show(said)
                    + " but its invocation at line " + lineOf(inv.index()) + (lock == null ? " names none" : " names lock " + Op.show(lock))
                    + "; a completion belongs to its invocation's lock");
        }
        if (said != null) return done;
        Map<String, Object> extra = new java.util.LinkedHashMap<>(done.extra());
        extra.put("lock", lock);
        Op inherited = new Op(done.index(), done.time(), done.type(), done.process(), done.f(), done.value(), extra, done.line());
        ops.set(index, inherited);
        return inherited;
    }

    /** Ends the history. Open invocations stay open and count as {@code info}. */
    public History build() {
        int[] p = java.util.Arrays.copyOf(partner, ops.size());
        List<String> warnings = new ArrayList<>();
        if (timeWentBack > 0) {
            warnings.add("time went back " + timeWentBack + (timeWentBack == 1 ? " time" : " times") + " from one line to the next (the first: "
                    + firstTimeBack + "); the order of the lines was taken as the order of the events, and times only as told");
        }
        return new History(source, new ArrayList<>(ops), p, open.size(), kills, warnings, runEvent);
    }

    private void checkTokens(Op op) {
        switch (op.f()) {
            case "acquire", "acquire-read", "acquire-write" -> {
                // every mode's grant is judged by its token: one that is not exact is bad input, never truncated or ignored
                if (op.type() == OpType.OK && !isToken(op.value())) {
                    throw error(op, "token " + Op.show(op.value()) + " of an ok " + op.f() + " is not an integer; expected an integer or null");
                }
            }
            case "read", "write" -> {
                if (op.type() == OpType.INVOKE && op.value() instanceof Map<?, ?> m && !isToken(m.get("token"))) {
                    throw error(op, "token " + Op.show(m.get("token")) + " of " + Words.a(op.f()) + " is not an integer; expected an integer or null");
                }
            }
            default -> { }
        }
    }

    /**
     * A holder's belief, as a completion (or a release's invocation) carries it, is judged against other grants (a "yes" after one is a defect): one the checker
     * would misread is bad input, never skipped. {@code still_held} is true, false or "unknown"; its times are whole nanoseconds
     * on the history's clock, asked no later than answered, and answered no later than the event that carries it.
     */
    private void checkBelief(Op op) {
        Object held = op.extra("still_held");
        if (held != null && !(held instanceof Boolean) && !"unknown".equals(held)) {
            throw error(op, "still_held " + Op.show(held) + " of " + Words.a(op.f()) + "; expected true, false or \"unknown\"");
        }
        Object attached = op.extra("attached");
        if (attached != null && !(attached instanceof List<?> l && !l.isEmpty() && l.stream().allMatch(String.class::isInstance))) {
            throw error(op, "attached " + Op.show(attached) + " of " + Words.a(op.f()) + "; expected a list of the servers its client was connected to"
                    + " (\"n1\", …)");
        }
        Object asked = beliefTime(op, "still_held_asked");
        Object at = beliefTime(op, "still_held_at");
        if (asked instanceof Number a && at instanceof Number t && a.longValue() > t.longValue()) {
            throw error(op, "still_held_asked " + a + " of " + Words.a(op.f()) + " is after its still_held_at " + t
                    + "; expected the question no later than its answer");
        }
        // a belief is recorded once it was answered: one dated after the event that carries it would be judged against grants it
        // never saw
        Object last = at != null ? at : asked;
        if (last instanceof Number t && op.time() != Op.NO_TIME && t.longValue() > op.time()) {
            throw error(op, (at != null ? "still_held_at " : "still_held_asked ") + t + " of " + Words.a(op.f()) + " is after the "
                    + (op.type() == OpType.INVOKE ? "invocation" : "completion") + " that carries it (time " + op.time()
                    + "); expected a belief answered before it is recorded");
        }
    }

    /** The belief's time {@code field}, or null when absent; anything but whole nanoseconds ≥ 0 is bad input. */
    private Object beliefTime(Op op, String field) {
        Object v = op.extra(field);
        if (!isToken(v) || v instanceof Number n && n.longValue() < 0) {
            throw error(op, field + " " + Op.show(v) + " of " + Words.a(op.f()) + " is not a time; expected whole nanoseconds ≥ 0 on the history's clock");
        }
        return v;
    }

    private static boolean isToken(Object v) {
        return v == null || v instanceof Long || v instanceof Integer;
    }

    private int lineOf(int index) {
        int line = ops.get(index).line();
        return line > 0 ? line : index + 1;
    }

    private HistoryFormatException error(Op op, String problem) {
        return new HistoryFormatException(source, op.line() > 0 ? op.line() : op.index() + 1, problem);
    }
}
