package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.TreeMap;

/**
 * Finds double holders: certain-hold intervals ({@link HoldInterval}) of different clients that
 * overlap (of a read-write lock: a writer beside a reader or another writer; readers share). Certain, cheap (a sweep over the history) and explainable; independent of the
 * linearizability search.
 *
 * <pre>{@code
 * List<DoubleHolder> found = DoubleHolders.find(history);
 * found.forEach(d -> System.out.println(d.explanation()));
 * }</pre>
 */
public final class DoubleHolders {
    private DoubleHolders() {
    }

    /**
     * Every hold interval, in order of start; a reentrant lock's hold runs from its outermost
     * acquire to the release that gives it up ({@link History#reentry}).
     */
    public static List<HoldInterval> holds(History h) {
        List<HoldInterval> out = new ArrayList<>();
        // process → (lock, mode) → acquire ok that opened a hold ("" a plain lock's, "read" or "write" a read-write lock's)
        Map<Integer, Map<List<Object>, Op>> open = new HashMap<>();
        Map<Integer, Op> kills = h.kills();
        for (Op op : h.ops()) {
            if (!op.isClient()) {
                // a killed process's holds end at its kill, not when its driver noticed
                for (Map.Entry<Integer, Op> k : kills.entrySet()) {
                    if (k.getValue() == op) end(open.remove(k.getKey()), op, out);
                }
                continue;
            }
            // a nested acquire or release, or a failed release, in any mode: the hold goes on (History counts the holds)
            if (h.reentry(op)) continue;
            Map<List<Object>, Op> mine = open.computeIfAbsent(op.process(), p -> new LinkedHashMap<>());
            String mode = History.holdMode(op.f());
            if (mode != null) {
                List<Object> key = List.of(op.lock(), mode);
                if (op.f().startsWith("acquire") && op.type() == OpType.OK) {
                    mine.put(key, op);
                } else if (op.f().startsWith("release") && op.type() == OpType.INVOKE) {
                    Op start = mine.remove(key);
                    if (start != null) out.add(interval(start, op, mode));
                }
            }
            if (op.type() == OpType.INFO) end(mine, op, out);
        }
        for (Map<List<Object>, Op> mine : open.values()) end(mine, null, out);
        out.sort(Comparator.comparingInt(i -> i.start().index()));
        return out;
    }

    /** Ends every hold in {@code holds} (may be null) at {@code end} (null: the history's end). */
    private static void end(Map<List<Object>, Op> holds, Op end, List<HoldInterval> out) {
        if (holds == null) return;
        holds.forEach((key, start) -> out.add(interval(start, end, (String) key.get(1))));
        holds.clear();
    }

    private static HoldInterval interval(Op start, Op end, String mode) {
        return new HoldInterval(start.process(), start.lock(), start, Resource.acquireToken(start), end, mode);
    }

    /** Every pair of overlapping holds of one lock by different processes (all of them: see {@link #search} for a bounded one). */
    public static List<DoubleHolder> find(History h) {
        return search(h, Integer.MAX_VALUE, Integer.MAX_VALUE, Deadline.NONE).witnesses();
    }

    /**
     * What a sweep over the holds found: the pairs (the first {@code witnesses} of them kept, all
     * counted) and, for each hold that others' grants overlapped, those grants (the first {@code
     * perHold} kept, all counted): a history where thousands hold at once stays within memory.
     *
     * @param witnesses  the first pairs, in order of the second hold's start
     * @param pairs      how many pairs there are
     * @param overlapped each overlapped hold (in order of its first overlapping grant) with its grants, capped
     * @param grantCount each overlapped hold's number of grants, uncapped (keyed by its start's index)
     * @param cut        how far a sweep the time limit cut short got; empty when every hold was swept
     */
    public record Found(List<DoubleHolder> witnesses, long pairs, Map<HoldInterval, List<HoldInterval>> overlapped,
                        Map<Integer, Integer> grantCount, Optional<Cut> cut) {
    }

    /**
     * How far a sweep the time limit cut short got: what it found is certain, but nothing beyond.
     *
     * @param swept   holds swept, in order of their start
     * @param holds   holds in the history
     * @param upTo    the start of the last hold swept (nanoseconds), or {@link Op#NO_TIME}
     */
    public record Cut(int swept, int holds, long upTo) {
        /** "1,204 of 3,000 holds, up to 1.2 s of the history". */
        public String describe() {
            return String.format(java.util.Locale.ROOT, "%,d of %,d holds", swept, holds)
                    + (upTo == Op.NO_TIME ? "" : ", up to " + History.duration(upTo) + " of the history");
        }
    }

    /**
     * A bounded sweep: see {@link Found}. When {@code deadline} passes, the sweep stops where it is
     * and says how far it got ({@link Found#cut}): what it found by then stands.
     */
    public static Found search(History h, int maxWitnesses, int maxGrantsPerHold, Deadline deadline) {
        return search(h, holds(h), maxWitnesses, maxGrantsPerHold, deadline);
    }

    /** The same over {@code holds}, this history's {@link #holds} computed once for every analysis that needs them. */
    public static Found search(History h, List<HoldInterval> holds, int maxWitnesses, int maxGrantsPerHold, Deadline deadline) {
        List<DoubleHolder> out = new ArrayList<>();
        long pairs = 0;
        Map<HoldInterval, List<HoldInterval>> overlapped = new LinkedHashMap<>();
        Map<Integer, Integer> counts = new HashMap<>();
        Map<Object, Active> active = new HashMap<>();
        int size = h.size();
        long lastTime = size == 0 ? Op.NO_TIME : h.get(size - 1).time();
        int swept = 0;
        try {
            for (HoldInterval next : holds) {
                deadline.check("looking for double holders");
                Active act = active.computeIfAbsent(next.lock(), k -> new Active(size));
                act.expireBefore(next.start().index());
                for (HoldInterval a : act.conflicting(next)) {
                    deadline.check("looking for double holders");
                    if (a.process() == next.process()) continue;
                    pairs++;
                    if (out.size() < maxWitnesses) out.add(new DoubleHolder(a, next, overlap(a, next, lastTime)));
                    List<HoldInterval> grants = overlapped.computeIfAbsent(a, k -> new ArrayList<>());
                    if (grants.size() < maxGrantsPerHold) grants.add(next);
                    counts.merge(a.start().index(), 1, Integer::sum);
                }
                act.add(next);
                swept++;
            }
        } catch (Deadline.Passed e) {
            long upTo = swept == 0 ? Op.NO_TIME : holds.get(swept - 1).start().time();
            return new Found(out, pairs, overlapped, counts, Optional.of(new Cut(swept, holds.size(), upTo)));
        }
        return new Found(out, pairs, overlapped, counts, Optional.empty());
    }

    /**
     * One lock's holds in force during the sweep: read holds apart from the others, so that a reader
     * meets only the writers (readers share), and every hold leaves when the sweep passes its end.
     * Each hold enters and leaves once, and a grant visits only the holds it conflicts with: n log n
     * for holds that do not conflict (50,000 readers at once), plus the pairs found.
     */
    private static final class Active {
        /** Read holds, and writers' and mutex holds, each by its start's index (which orders them by start). */
        private final TreeMap<Integer, HoldInterval> readers = new TreeMap<>();
        private final TreeMap<Integer, HoldInterval> exclusive = new TreeMap<>();
        private final PriorityQueue<HoldInterval> byEnd;
        private final int historySize;

        Active(int historySize) {
            this.byEnd = new PriorityQueue<>(Comparator.comparingInt(i -> i.endIndex(historySize)));
            this.historySize = historySize;
        }

        void expireBefore(int start) {
            while (!byEnd.isEmpty() && byEnd.peek().endIndex(historySize) <= start) {
                HoldInterval gone = byEnd.poll();
                (isRead(gone) ? readers : exclusive).remove(gone.start().index());
            }
        }

        /** The holds in force that {@code next} may not overlap, in order of their start. */
        Collection<HoldInterval> conflicting(HoldInterval next) {
            if (isRead(next)) return exclusive.values();
            if (readers.isEmpty()) return exclusive.values();
            if (exclusive.isEmpty()) return readers.values();
            TreeMap<Integer, HoldInterval> both = new TreeMap<>(readers);
            both.putAll(exclusive);
            return both.values();
        }

        void add(HoldInterval hold) {
            (isRead(hold) ? readers : exclusive).put(hold.start().index(), hold);
            byEnd.add(hold);
        }

        private static boolean isRead(HoldInterval hold) {
            return hold.mode().equals("read");
        }
    }

    private static long overlap(HoldInterval a, HoldInterval b, long lastTime) {
        long from = b.start().time();
        long aEnd = a.end() == null ? lastTime : a.end().time();
        long bEnd = b.end() == null ? lastTime : b.end().time();
        if (from == Op.NO_TIME || aEnd == Op.NO_TIME || bEnd == Op.NO_TIME) return -1;
        return Math.max(0, Math.min(aEnd, bEnd) - from);
    }
}
