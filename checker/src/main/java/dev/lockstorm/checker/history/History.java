package dev.lockstorm.checker.history;

import java.util.ArrayList;
import java.util.Collection;
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

    History(String source, List<Op> ops, int[] partner, int incomplete) {
        this.source = source;
        this.ops = Collections.unmodifiableList(ops);
        this.partner = partner;
        this.incomplete = incomplete;
        this.kills = Collections.unmodifiableMap(findKills(ops));
        this.reentries = findReentries(ops);
    }

    /** Builds a history from events in memory (indexes are renumbered), validating it. */
    public static History of(String source, List<Op> events) {
        HistoryBuilder b = new HistoryBuilder(source);
        events.forEach(b::add);
        return b.build();
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
     * Client processes killed by the nemesis ({@link NemesisEvent#KILL_CLIENT}): process → the event that killed
     * it (the first, should one name it twice).
     */
    public Map<Integer, Op> kills() {
        return kills;
    }

    private static Map<Integer, Op> findKills(List<Op> ops) {
        Map<Integer, Op> out = new HashMap<>();
        for (Op op : ops) {
            if (op.isClient() || !NemesisEvent.KILL_CLIENT.f().equals(op.f()) || !(op.value() instanceof Collection<?> killed)) continue;
            for (Object p : killed) if (p instanceof Number n) out.putIfAbsent(n.intValue(), op);
        }
        return out;
    }

    /**
     * Whether {@code op} is a nested lock event of a reentrant lock: an {@code ok} acquire by a
     * process that already held that lock, or the invocation of a release that leaves it still
     * holding (its hold count above zero). The hold itself runs from the outermost acquire to the
     * release that brings the count back to zero.
     */
    public boolean reentry(Op op) {
        return reentries.contains(op.index());
    }

    /** Whether some process took a lock again while it held it (the lock is reentrant, or broken). */
    public boolean reentrant() {
        return !reentries.isEmpty();
    }

    /**
     * Counts each process's holds of each lock: an ok acquire adds one, a release's invocation takes
     * one away, a crash (info) ends them all, as does the process's kill.
     */
    private Set<Integer> findReentries(List<Op> ops) {
        Set<Integer> out = new HashSet<>();
        Map<Integer, Map<Object, Integer>> depth = new HashMap<>();
        for (Op op : ops) {
            if (!op.isClient()) continue;
            Map<Object, Integer> mine = depth.computeIfAbsent(op.process(), p -> new HashMap<>());
            Object lock = op.lock();
            int d = mine.getOrDefault(lock, 0);
            if (op.f().equals("acquire") && op.type() == OpType.OK) {
                if (d > 0) out.add(op.index());
                mine.put(lock, d + 1);
            } else if (op.f().equals("release") && op.type() == OpType.INVOKE && d > 0) {
                if (d > 1) out.add(op.index());
                mine.put(lock, d - 1);
            } else if (op.type() == OpType.INFO) {
                mine.clear();
            }
        }
        return Collections.unmodifiableSet(out);
    }

    /**
     * Every client operation, in call order, with ids 0…n-1. A crashed operation of a process the
     * nemesis killed ends at the kill when its {@code info} came later: the process was dead from
     * then on, though its driver noticed only at that {@code info}.
     */
    public List<Operation> operations() {
        List<Operation> out = new ArrayList<>(ops.size() / 2 + 1);
        for (Op op : ops) {
            if (op.type() != OpType.INVOKE || !op.isClient()) continue;
            int c = partner[op.index()];
            Op done = c < 0 ? null : ops.get(c);
            OpType outcome = done == null ? OpType.INFO : done.type();
            Op kill = kills.get(op.process());
            if (outcome == OpType.INFO && kill != null && (done == null || kill.index() < done.index())) done = kill;
            long ret = outcome == OpType.INFO ? Operation.NEVER_RETURNED : Operation.position(c);
            Object output = done == null || outcome == OpType.INFO ? null : done.value();
            out.add(new Operation(out.size(), op.process(), op.f(), op.value(), output, outcome,
                    Operation.position(op.index()), ret, op, done));
        }
        return out;
    }

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
        long a = Math.abs(nanos);
        if (a >= 1_000_000_000L) return String.format(java.util.Locale.ROOT, "%.3f s", nanos / 1e9);
        if (a >= 1_000_000L) return String.format(java.util.Locale.ROOT, "%.3f ms", nanos / 1e6);
        if (a >= 1_000L) return String.format(java.util.Locale.ROOT, "%.1f µs", nanos / 1e3);
        return nanos + " ns";
    }
}
