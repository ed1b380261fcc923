package dev.lockstorm.checker.history;

import dev.lockstorm.faults.NemesisEvent;
import dev.lockstorm.faults.Words;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A validated history: events in the order they happened, each client invocation paired with its
 * completion. Built by {@link HistoryBuilder}, which rejects malformed histories.
 *
 * <pre>{@code
 * History h = HistoryReader.read(Path.of("history.jsonl"), HistoryFormat.AUTO);
 * for (Operation op : h.operations()) { ... }
 * }</pre>
 */
public final class History {
    private final String source;
    private final List<Op> ops;
    private final int[] partner;
    private final int incomplete;
    private final Map<Integer, Op> kills;
    private final Set<Integer> reentries;
    /** per resource invocation (a read or write) by a client that held its lock: the ok acquires in force, in order */
    private final Map<Integer, List<Op>> grantsAt = new HashMap<>();

    private final List<String> warnings;
    /** the first run event ({@link RunFacts}), -1 for none: found as the history is read, for every analysis asks for it */
    private final int runEvent;

    History(String source, List<Op> ops, int[] partner, int incomplete, Map<Integer, Integer> killedAt, List<String> warnings, int runEvent) {
        this.source = source;
        this.runEvent = runEvent;
        this.warnings = List.copyOf(warnings);
        this.ops = Collections.unmodifiableList(ops);
        this.partner = partner;
        this.incomplete = incomplete;
        this.kills = Collections.unmodifiableMap(deaths(ops, partner, killedAt));
        this.reentries = findReentries(ops);
    }

    /** Builds a history from events in memory (indexes are renumbered), validating it. */
    public static History of(String source, List<Op> events) {
        HistoryBuilder b = new HistoryBuilder(source);
        events.forEach(b::add);
        return b.build();
    }

    /** The first run event (the run's facts), if the history has one. */
    public java.util.Optional<Op> runEvent() {
        return runEvent < 0 ? java.util.Optional.empty() : java.util.Optional.of(ops.get(runEvent));
    }

    /** What the history did that a rule had to decide (times that went back), for the summary; empty when nothing. */
    public List<String> warnings() {
        return warnings;
    }

    public String source() {
        return source;
    }

    public List<Op> ops() {
        return ops;
    }

    public int size() {
        return ops.size();
    }

    public Op get(int index) {
        return ops.get(index);
    }

    /** Index of the completion of invocation {@code index} (or of the invocation of a completion); -1 if none. */
    public int partner(int index) {
        return partner[index];
    }

    /** Invocations that never completed because the history ended; they count as {@code info}. */
    public int incompleteInvocations() {
        return incomplete;
    }

    /**
     * Client processes killed by the nemesis ({@link NemesisEvent#KILL_CLIENT}) and dead from then on:
     * process → the event that killed it (the first, should one name it twice). A process is dead from
     * its kill when nothing it invoked after the kill completed ({@code ok} or {@code fail}): a driver
     * that had not noticed yet may invoke once more, and that operation crashes. A process that was
     * heard from after its kill was not killed by it.
     */
    public Map<Integer, Op> kills() {
        return kills;
    }

    private static Map<Integer, Op> deaths(List<Op> ops, int[] partner, Map<Integer, Integer> killedAt) {
        Map<Integer, Op> out = new HashMap<>();
        killedAt.forEach((process, at) -> out.put(process, ops.get(at)));
        if (out.isEmpty()) return out;
        for (Op op : ops) {
            Op kill = out.get(op.process());
            if (kill == null || op.type() != OpType.INVOKE || op.index() < kill.index()) continue;
            int done = partner[op.index()];
            if (done >= 0 && ops.get(done).type() != OpType.INFO) out.remove(op.process());
        }
        return out;
    }

    /**
     * Whether {@code op} is a lock event that neither begins nor ends a hold: an {@code ok} acquire by
     * a process that already held that lock (a reentrant lock's nested acquire), the invocation of a
     * release that leaves it still holding (its hold count above zero), or of a release that failed.
     * The hold itself runs from the outermost acquire to the release that brings the count back to zero.
     */
    public boolean reentry(Op op) {
        return reentries.contains(op.index());
    }

    /** Whether some process took a lock again while it held it (the lock is reentrant, or broken). */
    public boolean reentrant() {
        for (int i : reentries) if (ops.get(i).f().equals("acquire")) return true;
        return false;
    }

    /**
     * The ok acquires in force for {@code invoke}'s client and lock when it invoked this read or write, in order (a
     * reentrant hold's nested grants too, a read-write lock's holds of both modes); empty when it held none.
     */
    public List<Op> grantsAt(Op invoke) {
        return grantsAt.getOrDefault(invoke.index(), List.of());
    }

    /** Whether {@code invoke}'s client held its lock's read lock and not its write lock: a read that shares the resource. */
    public boolean readsShared(Op invoke) {
        List<Op> grants = grantsAt(invoke);
        return grants.stream().anyMatch(g -> g.f().equals("acquire-read")) && grants.stream().noneMatch(g -> g.f().equals("acquire-write"));
    }

    /**
     * Follows each process's holds of each lock, in each mode (a plain lock's; a read-write lock's read
     * and write holds apart): an ok acquire adds one; a release takes one away at its invocation
     * unless it failed (a failed release did not take effect: the hold count stays); a crash (info)
     * ends the process, and with it all its holds, at that info. The same rule, "a hold's grant
     * counts once", for every mode. Notes the grants in force at each resource invocation.
     */
    private Set<Integer> findReentries(List<Op> ops) {
        Set<Integer> out = new HashSet<>();
        Map<Integer, Map<List<Object>, List<Op>>> held = new HashMap<>();
        for (Op op : ops) {
            if (!op.isClient()) continue;
            String mode = holdMode(op.f());
            if (mode == null) {
                if (op.type() == OpType.INFO) held.remove(op.process());
                else if (op.type() == OpType.INVOKE && (op.f().equals("read") || op.f().equals("write"))) noteGrants(op, held.get(op.process()));
                continue;
            }
            Map<List<Object>, List<Op>> mine = held.computeIfAbsent(op.process(), p -> new HashMap<>());
            List<Op> grants = mine.computeIfAbsent(java.util.Arrays.asList(op.lock(), mode), k -> new ArrayList<>());
            boolean acquire = op.f().startsWith("acquire");
            if (acquire && op.type() == OpType.OK) {
                if (!grants.isEmpty()) out.add(op.index());
                grants.add(op);
            } else if (!acquire && op.type() == OpType.INVOKE && !grants.isEmpty()) {
                if (releaseFailed(op)) {
                    out.add(op.index()); // it neither begins nor ends a hold
                } else {
                    if (grants.size() > 1) out.add(op.index());
                    grants.remove(grants.size() - 1);
                }
            } else if (op.type() == OpType.INFO) {
                mine.clear();
            }
        }
        return Collections.unmodifiableSet(out);
    }

    /** Notes the grants of {@code invoke}'s lock in {@code mine} (its process's holds by lock and mode), when there are any. */
    private void noteGrants(Op invoke, Map<List<Object>, List<Op>> mine) {
        if (mine == null) return;
        List<Op> in = new ArrayList<>();
        mine.forEach((lockAndMode, grants) -> {
            if (lockAndMode.get(0).equals(invoke.lock())) in.addAll(grants);
        });
        if (in.isEmpty()) return;
        in.sort(java.util.Comparator.comparingInt(Op::index));
        grantsAt.put(invoke.index(), List.copyOf(in));
    }

    /** The hold an acquire or release is of: "" for a plain lock, "read" or "write" for a read-write lock's; null for another operation. */
    public static String holdMode(String f) {
        return switch (f) {
            case "acquire", "release" -> "";
            case "acquire-read", "release-read" -> "read";
            case "acquire-write", "release-write" -> "write";
            default -> null;
        };
    }

    /** Whether the release invoked at {@code invoke} failed: it did not take effect, so its client still holds the lock. */
    public boolean releaseFailed(Op invoke) {
        int done = partner[invoke.index()];
        return done >= 0 && ops.get(done).type() == OpType.FAIL;
    }

    /**
     * Every client operation, in call order, with ids 0…n-1. A crashed operation of a process the
     * nemesis killed ends at the kill when its {@code info} came later: the process was dead from
     * then on, though its driver noticed only at that {@code info}. A process killed with nothing in
     * flight gets a {@link #KILLED} operation at its kill (no invocation; the kill as completion), so
     * that the models see its death as they see a crash.
     */
    public List<Operation> operations() {
        List<Operation> out = new ArrayList<>(ops.size() / 2 + 1);
        Set<Integer> inFlight = new HashSet<>();
        for (Op op : ops) {
            if (!op.isClient()) {
                for (Map.Entry<Integer, Op> k : kills.entrySet()) {
                    if (k.getValue() == op && !inFlight.contains(k.getKey())) {
                        long at = Operation.position(op.index());
                        out.add(new Operation(out.size(), k.getKey(), KILLED, null, null, OpType.INFO, at, Operation.NEVER_RETURNED, null, op));
                    }
                }
                continue;
            }
            if (op.type() != OpType.INVOKE) {
                inFlight.remove(op.process());
                continue;
            }
            inFlight.add(op.process());
            int c = partner[op.index()];
            Op done = c < 0 ? null : ops.get(c);
            OpType outcome = done == null ? OpType.INFO : done.type();
            Op kill = kills.get(op.process());
            if (outcome == OpType.INFO && kill != null && kill.index() > op.index() && (done == null || kill.index() < done.index())) done = kill;
            long ret = outcome == OpType.INFO ? Operation.NEVER_RETURNED : Operation.position(c);
            Object output = done == null || outcome == OpType.INFO ? null : done.value();
            out.add(new Operation(out.size(), op.process(), op.f(), op.value(), output, outcome,
                    Operation.position(op.index()), ret, op, done));
        }
        return out;
    }

    /** The function of the operation that stands for a process's kill when it had nothing in flight ({@link #operations()}). */
    public static final String KILLED = NemesisEvent.KILL_CLIENT.f();

    /** Client operations that ended in {@code info} or never completed. */
    public int crashedOperations() {
        int n = incomplete;
        for (Op op : ops) if (op.isClient() && op.type() == OpType.INFO) n++;
        return n;
    }

    /** Distinct client process numbers. */
    public Set<Integer> processes() {
        Set<Integer> s = new HashSet<>();
        for (Op op : ops) if (op.isClient()) s.add(op.process());
        return s;
    }

    /** Time of an event as text ("4.310 s", "12.5 µs"), or its index when the source has no times. */
    public static String when(Op op) {
        if (op == null) return "the end of the history";
        if (op.time() == Op.NO_TIME) return "event " + op.index();
        return duration(op.time());
    }

    /** Nanoseconds as text in a unit that shows them: "4.310 s", "3.250 ms", "12.5 µs", "40 ns". */
    public static String duration(long nanos) {
        return Words.duration(nanos);
    }
}
