package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Double-holder pairs grouped into {@link Incident}s: one per hold that others overlapped, with every
 * overlapping grant, the faults in force and the damage done. Nothing is cut: every pair belongs to
 * exactly one incident.
 *
 * <pre>{@code
 * for (Incident i : Incidents.of(history, pairs, FaultSpans.of(history), staleWrites, overwrites)) System.out.println(i.explanation());
 * }</pre>
 */
public final class Incidents {
    private Incidents() {
    }

    public static List<Incident> of(History h, List<DoubleHolder> pairs, List<FaultSpan> faults, List<StaleWrite> staleWrites,
                                    List<Op> overwrites) {
        Map<Integer, List<HoldInterval>> grants = new LinkedHashMap<>();
        Map<Integer, HoldInterval> holders = new LinkedHashMap<>();
        for (DoubleHolder d : pairs) {
            int key = d.first().start().index();
            holders.putIfAbsent(key, d.first());
            grants.computeIfAbsent(key, k -> new ArrayList<>()).add(d.second());
        }
        List<Incident> out = new ArrayList<>();
        long lastTime = h.size() == 0 ? 0 : h.get(h.size() - 1).time();
        for (Map.Entry<Integer, HoldInterval> e : holders.entrySet()) {
            HoldInterval hold = e.getValue();
            int from = hold.start().index();
            int to = hold.end() == null ? h.size() : hold.end().index();
            long fromTime = hold.start().time();
            long toTime = hold.end() == null ? Math.max(lastTime, fromTime) : hold.end().time();
            List<FaultSpan> inForce = faults.stream().filter(f -> fromTime != Op.NO_TIME && f.start().time() != Op.NO_TIME
                    ? f.overlaps(fromTime, toTime) : f.start().index() <= to && (f.end() == null || f.end().index() >= from)).toList();
            List<StaleWrite> stale = staleWrites.stream().filter(w -> sameLock(w.write(), hold) && w.write().index() >= from
                    && w.write().index() <= to).toList();
            List<Op> lost = overwrites.stream().filter(o -> sameLock(o, hold) && o.index() >= from && o.index() <= to).toList();
            out.add(new Incident(hold, grants.get(e.getKey()), inForce, stale, lost));
        }
        return out;
    }

    private static boolean sameLock(Op op, HoldInterval hold) {
        return op.lock().equals(hold.lock());
    }
}
