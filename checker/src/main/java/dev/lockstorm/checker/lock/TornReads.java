package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Prose;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads that saw a write half done, under a read-write lock (docs/architecture.md). A writer writes
 * the counter in two steps inside one write hold (value + 1, then value + 2), so the first step's
 * value is a state no reader may see: a read made under the read lock that returned it, while the
 * writer's second step had not yet completed when the read began, saw the resource in the middle
 * of a write. That is what a reader admitted beside a writer (a double holder) does to the data. A
 * write left half done for good (its writer crashed or was killed, or fencing refused its second
 * step before the read began) is no torn read: no writer was in the middle of it any more. A
 * reentrant write hold is one hold: a nested release does not end it.
 *
 * <pre>{@code
 * for (TornReads.TornRead t : TornReads.find(history)) System.out.println(t.explanation());
 * }</pre>
 */
public final class TornReads {
    private TornReads() {
    }

    /**
     * @param read  the read's completion (ok, by a process holding the read lock only)
     * @param begin the first step's invocation, whose value the read returned
     * @param end   the second step's invocation, not completed when the read began
     */
    public record TornRead(Op read, Op begin, Op end) implements Prose.Explained {

        @Override
        public Prose prose() {
            return Prose.of(read.who(), " read ", Resource.readValue(read), " at ", History.when(read), " under the read lock: the first half of ",
                    begin.who(), "'s write (made at ", History.when(begin), "), whose second half was sent at ", History.when(end),
                    " and not done when the read began");
        }
    }

    /** Every torn read, in history order; none for a history without read-write lock operations. */
    public static List<TornRead> find(History h) {
        Set<Integer> writing = new HashSet<>();            // processes in a write hold
        Map<Integer, Integer> steps = new HashMap<>();     // process → writes made in its write hold so far
        Map<Integer, Op> begun = new HashMap<>();          // process → its write hold's first step
        Map<Integer, Op> endOf = new HashMap<>();          // a first step's index → its second step
        Map<Object, List<Op>> firstSteps = new HashMap<>(); // lock → every first step, in order
        List<Op[]> reads = new ArrayList<>();              // {invocation, completion} of reads under the read lock
        for (Op op : h.ops()) {
            // a reentrant hold's nested acquire or release, or a failed release: the hold goes on
            if (!op.isClient() || h.reentry(op)) continue;
            int p = op.process();
            if (op.type() == OpType.INFO) {
                writing.remove(p);
                continue;
            }
            switch (op.f()) {
                case "acquire-write" -> {
                    if (op.type() == OpType.OK && writing.add(p)) {
                        steps.put(p, 0);
                    }
                }
                case "release-write" -> {
                    if (op.type() == OpType.INVOKE) writing.remove(p);
                }
                case "write" -> {
                    if (op.type() != OpType.INVOKE || !writing.contains(p)) continue;
                    int k = steps.merge(p, 1, Integer::sum) - 1;
                    if (k == 0) {
                        begun.put(p, op);
                        firstSteps.computeIfAbsent(op.lock(), x -> new ArrayList<>()).add(op);
                    } else if (k == 1 && begun.containsKey(p)) {
                        endOf.put(begun.get(p).index(), op);
                    }
                }
                case "read" -> {
                    Op invoke = op.type() == OpType.OK ? h.get(h.partner(op.index())) : null;
                    if (invoke != null && h.readsShared(invoke)) reads.add(new Op[]{invoke, op});
                }
                default -> { }
            }
        }
        List<TornRead> out = new ArrayList<>();
        Map<Integer, Op> kills = h.kills();
        for (Op[] r : reads) {
            Long seen = Resource.readValue(r[1]);
            if (seen == null) continue;
            // the latest first step of another process with the value read, sent before the read completed
            Op begin = null;
            for (Op b : firstSteps.getOrDefault(r[1].lock(), List.of())) {
                if (b.index() > r[1].index()) break;
                if (b.process() != r[1].process() && seen.equals(Resource.writeValue(b))) begin = b;
            }
            if (begin == null) continue;
            Op end = endOf.get(begin.index());
            if (end == null) continue;
            int done = h.partner(end.index());
            // a writer killed before the read began was in the middle of nothing: dead from its kill, as a crash
            Op killed = kills.get(begin.process());
            if (killed != null && killed.index() < r[0].index()) continue;
            if (done < 0 || done > r[0].index()) out.add(new TornRead(r[1], begin, end));
        }
        return out;
    }
}
