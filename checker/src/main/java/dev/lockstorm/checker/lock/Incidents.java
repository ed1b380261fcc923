package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.history.RunFacts;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

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
        OptionalLong lease = RunFacts.of(h).leaseNanos();
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
            out.add(new Incident(hold, grants.get(e.getKey()), inForce, stale, lost, cause(h, hold, grants.get(e.getKey()), faults, lease)));
        }
        return out;
    }

    /**
     * Why another client was granted the lock while {@code hold} lasted. In this order: a server's
     * clock moved before the grant (a lease limit: leases are measured on it; a client's wall clock
     * moving excuses nothing, since a correct lock does not time leases on it); the holder's client
     * told it it still held the lock after the grant (a lock defect: what a careful holder was told,
     * and it was wrong); the holder was frozen, cut off or its renewals held before the grant, or it
     * had held past its lease (lease limits); else nothing explains it (a lock defect: the service
     * granted the lock twice).
     */
    static Incident.Cause cause(History h, HoldInterval hold, List<HoldInterval> grants, List<FaultSpan> faults, OptionalLong lease) {
        HoldInterval first = grants.get(0);
        for (HoldInterval g : grants) if (g.start().index() < first.start().index()) first = g;
        long from = hold.start().time();
        long at = first.start().time();
        String host = String.valueOf(hold.start().extra("client"));
        String workerSuffix = "-p" + hold.process();
        List<FaultSpan> before = new ArrayList<>();
        for (FaultSpan f : faults) {
            boolean inWindow = from == Op.NO_TIME || f.start().time() == Op.NO_TIME ? f.start().index() <= first.start().index()
                    && (f.end() == null || f.end().index() >= hold.start().index()) : f.overlaps(from, at);
            if (inWindow) before.add(f);
        }
        // a server's clock is what a lease is measured on; a client's wall clock moving must not matter to a correct lock
        Set<String> clientHosts = clientHosts(h);
        for (FaultSpan f : before) {
            if (f.kind().equals("clock") && f.hosts().stream().noneMatch(clientHosts::contains)) {
                return new Incident.Cause(true, "a server's clock moved before the grant (" + f.describe() + ")");
            }
        }
        int to = hold.end() == null ? h.size() : hold.end().index();
        // only an operation invoked after the grant: its client was asked after it (one asked before, answering after, knew nothing yet)
        boolean invokedAfter = false;
        for (int i = first.start().index() + 1; i < to; i++) {
            Op op = h.get(i);
            if (!op.isClient() || op.process() != hold.process() || !sameLock(op, hold)) continue;
            if (op.type() == OpType.INVOKE) {
                invokedAfter = true;
                continue;
            }
            if (invokedAfter && Boolean.TRUE.equals(op.extra("still_held"))) {
                return new Incident.Cause(false, "its client told " + hold.start().who() + " it still held the lock at " + History.when(op)
                        + ", after " + first.start().who() + " was granted it at " + History.when(first.start()));
            }
        }
        List<String> others = new ArrayList<>();
        for (FaultSpan f : before) {
            boolean onHolder = f.hosts().contains(host) || f.target().endsWith(workerSuffix);
            String what = switch (f.kind()) {
                case "pause" -> "frozen";
                case "partition" -> "cut off";
                case "renewals" -> "kept from renewing its lease";
                default -> null;
            };
            if (onHolder && what != null) return new Incident.Cause(true, "the holder was " + what + " before the grant (" + f.describe() + ")");
            others.add(f.describe());
        }
        // The service started the lease somewhere between the holder's ask and its answer, and made the grant before
        // its answer: a defect is proven only when even the earliest start leaves the lease running at the latest grant.
        // (A polling acquire that waited long before its grant widens this doubt; it never turns a limit into a defect.)
        if (lease.isPresent() && from != Op.NO_TIME) {
            long asked = askedAt(h, hold.start());
            if (at - from >= lease.getAsLong()) {
                return new Incident.Cause(true, "the holder had held for " + History.duration(at - from) + " when the grant came, past its "
                        + History.duration(lease.getAsLong()) + " lease");
            }
            if (asked != Op.NO_TIME && at - asked >= lease.getAsLong()) {
                return new Incident.Cause(true, "the grant was answered " + History.duration(at - asked) + " after the holder asked for the lock"
                        + " (" + History.duration(at - from) + " after its own answer): its " + History.duration(lease.getAsLong())
                        + " lease, begun between the two, may have run out");
            }
        }
        return new Incident.Cause(false, "nothing before the grant explains it (the holder was not frozen, cut off or past its lease, and no"
                + " clock moved): the service granted the lock twice" + (others.isEmpty() ? "" : ", with in force: " + String.join(", ", others)));
    }

    /** When the acquire that {@code grant} answers was invoked; {@link Op#NO_TIME} when the history does not say. */
    private static long askedAt(History h, Op grant) {
        int invoke = h.partner(grant.index());
        return invoke < 0 ? Op.NO_TIME : h.get(invoke).time();
    }

    /** The hosts clients ran on, as their operations name them ({@code client}). */
    private static Set<String> clientHosts(History h) {
        Set<String> out = new HashSet<>();
        for (Op op : h.ops()) if (op.isClient() && op.extra("client") != null) out.add(String.valueOf(op.extra("client")));
        return out;
    }

    private static boolean sameLock(Op op, HoldInterval hold) {
        return op.lock().equals(hold.lock());
    }
}
