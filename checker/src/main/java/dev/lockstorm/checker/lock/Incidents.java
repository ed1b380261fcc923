package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.FaultEffect;
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

    /** Groups every pair (see {@link #of(History, DoubleHolders.Found, List, List, List, Deadline)} for a bounded grouping). */
    public static List<Incident> of(History h, List<DoubleHolder> pairs, List<FaultSpan> faults, List<StaleWrite> staleWrites,
                                    List<Overwrite> overwrites) {
        Map<HoldInterval, List<HoldInterval>> grouped = new LinkedHashMap<>();
        Map<Integer, Integer> counts = new java.util.HashMap<>();
        for (DoubleHolder d : pairs) {
            grouped.computeIfAbsent(d.first(), k -> new ArrayList<>()).add(d.second());
            counts.merge(d.first().start().index(), 1, Integer::sum);
        }
        return of(h, new DoubleHolders.Found(pairs, pairs.size(), grouped, counts), faults, staleWrites, overwrites, Deadline.NONE);
    }

    /**
     * One incident per overlapped hold of {@code found}. Each incident's faults, stale writes,
     * overwrites and cause are looked up in indexes built once (faults by start time, writes by lock
     * and position, each process's events), so that many incidents beside many faults cost n log n,
     * not their product.
     */
    public static List<Incident> of(History h, DoubleHolders.Found found, List<FaultSpan> faults, List<StaleWrite> staleWrites,
                                    List<Overwrite> overwrites, Deadline deadline) {
        List<Incident> out = new ArrayList<>();
        OptionalLong lease = RunFacts.of(h).leaseNanos();
        long lastTime = h.size() == 0 ? 0 : h.get(h.size() - 1).time();
        Context ctx = new Context(h, faults);
        Map<Object, List<StaleWrite>> staleByLock = new java.util.HashMap<>();
        for (StaleWrite w : staleWrites) staleByLock.computeIfAbsent(w.write().lock(), k -> new ArrayList<>()).add(w);
        Map<Object, List<Overwrite>> lostByLock = new java.util.HashMap<>();
        for (Overwrite o : overwrites) lostByLock.computeIfAbsent(o.write().lock(), k -> new ArrayList<>()).add(o);
        for (Map.Entry<HoldInterval, List<HoldInterval>> e : found.overlapped().entrySet()) {
            deadline.check("grouping double holders into incidents");
            HoldInterval hold = e.getKey();
            int from = hold.start().index();
            int to = hold.end() == null ? h.size() : hold.end().index();
            long fromTime = hold.start().time();
            long toTime = hold.end() == null ? Math.max(lastTime, fromTime) : hold.end().time();
            List<FaultSpan> inForce = ctx.faultsIn(from, to, fromTime, toTime);
            List<StaleWrite> stale = between(staleByLock.getOrDefault(hold.lock(), List.of()), w -> w.write().index(), from, to);
            List<Overwrite> lost = between(lostByLock.getOrDefault(hold.lock(), List.of()), o -> o.write().index(), from, to);
            List<HoldInterval> grants = e.getValue();
            out.add(new Incident(hold, grants, inForce, stale, lost, cause(ctx, hold, grants, lease),
                    found.grantCount().getOrDefault(from, grants.size())));
        }
        return out;
    }

    /** The items of {@code sorted} (in history order) whose position is within {@code [from, to]}. */
    private static <T> List<T> between(List<T> sorted, java.util.function.ToIntFunction<T> index, int from, int to) {
        int lo = 0;
        int hi = sorted.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (index.applyAsInt(sorted.get(mid)) < from) lo = mid + 1;
            else hi = mid;
        }
        List<T> out = new ArrayList<>();
        for (int i = lo; i < sorted.size() && index.applyAsInt(sorted.get(i)) <= to; i++) out.add(sorted.get(i));
        return out;
    }

    /** What every incident looks things up in, built once per history. */
    static final class Context {
        final History h;
        /** faults in order of start (time, or index when the history has no times), and the latest end among the first i */
        private final List<FaultSpan> faults;
        private final long[] maxEndSoFar;
        private final boolean timed;
        final Set<String> clientHosts;
        /** each client process's event indexes, in order */
        private final Map<Integer, int[]> eventsOf = new java.util.HashMap<>();

        Context(History h, List<FaultSpan> all) {
            this.h = h;
            // by time when every event has one, else by position (a history that mixes both is read by position)
            this.timed = h.ops().stream().allMatch(op -> op.time() != Op.NO_TIME);
            List<FaultSpan> sorted = new ArrayList<>(all);
            sorted.sort(java.util.Comparator.comparingLong(this::startOf));
            this.faults = sorted;
            this.maxEndSoFar = new long[sorted.size()];
            long max = Long.MIN_VALUE;
            for (int i = 0; i < sorted.size(); i++) maxEndSoFar[i] = max = Math.max(max, endOf(sorted.get(i)));
            this.clientHosts = clientHosts(h);
            Map<Integer, List<Integer>> lists = new java.util.HashMap<>();
            for (Op op : h.ops()) if (op.isClient()) lists.computeIfAbsent(op.process(), k -> new ArrayList<>()).add(op.index());
            lists.forEach((p, l) -> eventsOf.put(p, l.stream().mapToInt(Integer::intValue).toArray()));
        }

        private long startOf(FaultSpan f) {
            return timed ? f.start().time() : f.start().index();
        }

        private long endOf(FaultSpan f) {
            return f.end() == null ? Long.MAX_VALUE : timed ? f.end().time() : f.end().index();
        }

        /** Faults in force at some instant of a hold (by time when the history has times, else by position), in order of start. */
        List<FaultSpan> faultsIn(int from, int to, long fromTime, long toTime) {
            long lo = timed ? fromTime : from;
            long hi = timed ? toTime : to;
            int last = upperBound(hi); // faults[0..last) started by hi
            List<FaultSpan> out = new ArrayList<>();
            for (int i = last - 1; i >= 0 && maxEndSoFar[i] >= lo; i--) {
                if (endOf(faults.get(i)) >= lo) out.add(faults.get(i));
            }
            java.util.Collections.reverse(out);
            return out;
        }

        private int upperBound(long hi) {
            int lo = 0;
            int top = faults.size();
            while (lo < top) {
                int mid = (lo + top) >>> 1;
                if (startOf(faults.get(mid)) <= hi) lo = mid + 1;
                else top = mid;
            }
            return lo;
        }

        /** {@code process}'s event indexes in {@code (after, before)}. */
        int[] eventsBetween(int process, int after, int before) {
            int[] all = eventsOf.getOrDefault(process, new int[0]);
            int i = java.util.Arrays.binarySearch(all, after + 1);
            int a = i >= 0 ? i : -i - 1;
            int j = java.util.Arrays.binarySearch(all, before);
            int b = j >= 0 ? j : -j - 1;
            return a >= b ? new int[0] : java.util.Arrays.copyOfRange(all, a, b);
        }
    }

    /**
     * Why another client was granted the lock while {@code hold} lasted. In this order: a server's
     * clock moved before the grant (a lease limit: leases are measured on it; a client's wall clock
     * moving excuses nothing, since a correct lock does not time leases on it); the holder's client
     * told it it still held the lock after the grant (a lock defect: what a careful holder was told,
     * and it was wrong); the holder was frozen, cut off or its renewals held before the grant, or it
     * had held past its lease (lease limits); else a lock defect: the service granted the lock twice,
     * after a server killed between the two grants when one was (it restarted without the lock), or
     * with nothing to explain it.
     */
    static Incident.Cause cause(Context ctx, HoldInterval hold, List<HoldInterval> grants, OptionalLong lease) {
        History h = ctx.h;
        // a grant whose own client was frozen or cut off inside its acquire may have been made before this hold
        // began (its answer came only after the fault): only the other grants can prove anything against the lock
        List<HoldInterval> fresh = new ArrayList<>();
        FaultSpan late = null;
        for (HoldInterval g : grants) {
            // only when its token, below the holder's, shows it was granted first: a client frozen inside its acquire
            // before its grant (between a GET and its SET) is granted after the fault, and that grant is judged
            FaultSpan f = insideAcquire(ctx, g);
            boolean earlier = f != null && g.token() != null && hold.token() != null && g.token() < hold.token();
            if (!earlier) fresh.add(g);
            else if (late == null) late = f;
        }
        if (fresh.isEmpty()) {
            return new Incident.Cause(true, "every grant meanwhile went to a client frozen or cut off inside its acquire and granted before"
                    + " this hold began (its token is lower), answered only after the fault (" + late.describe() + ")", late);
        }
        HoldInterval first = fresh.get(0);
        for (HoldInterval g : fresh) if (g.start().index() < first.start().index()) first = g;
        long from = hold.start().time();
        long at = first.start().time();
        // the faults in force from the holder's ask to the first grant to another: the service may have granted
        // the holder before a fault froze or cut it off inside its acquire (its answer then comes only after the
        // fault), and its lease ran out meanwhile
        int askIndex = h.partner(hold.start().index());
        Op ask = askIndex < 0 ? hold.start() : h.get(askIndex);
        List<FaultSpan> before = ctx.faultsIn(ask.index(), first.start().index(), ask.time() == Op.NO_TIME ? from : ask.time(), at);
        // a server's clock is what a lease is measured on; a client's wall clock moving must not matter to a correct lock
        Set<String> clientHosts = ctx.clientHosts;
        for (FaultSpan f : before) {
            if (!(f.effect() instanceof FaultEffect.Clock clock)) continue;
            if (f.hosts().stream().noneMatch(clientHosts::contains)) {
                return new Incident.Cause(true, "a server's clock moved before the grant (" + f.describe() + ")", f);
            }
            // a lock whose waiter times the holder's lease on its own monotonic clock (the DynamoDB lock client) assumes that
            // clock keeps time: one running fast ends the lease early, a broken assumption, not a grant the service made twice
            if (clock.move() instanceof FaultEffect.Move.MonotonicRate m && m.rate() > 1.0 && onClientOf(f, first)) {
                return new Incident.Cause(true, "the granted client's monotonic clock ran fast before its grant (" + f.describe()
                        + "): a lease it timed on that clock ran out early", f);
            }
        }
        int to = hold.end() == null ? h.size() : hold.end().index();
        // only an operation invoked after the grant: its client was asked after it (one asked before, answering after, knew nothing yet)
        boolean invokedAfter = false;
        for (int i : ctx.eventsBetween(hold.process(), first.start().index(), to)) {
            Op op = h.get(i);
            if (!sameLock(op, hold)) continue;
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
            boolean onHolder = onClientOf(f, hold);
            FaultEffect.Impact impact = f.effect().onHolder(String.valueOf(hold.start().extra("client")));
            boolean inAcquire = f.start().index() < hold.start().index();
            // inside its acquire, a freeze explains the grant only when the history says it came after the grant (a fault
            // aimed at the after-grant point): frozen before its grant (between a GET and its SET) the holder's lease began later.
            // A delay holds back the grant's reply as well as the request: the lease began a delay before the holder heard of it
            if (onHolder && inAcquire && !afterGrant(f) && !(f.effect() instanceof FaultEffect.Delay)) continue;
            if (onHolder && impact != FaultEffect.Impact.NONE) {
                return new Incident.Cause(true, "the holder was " + impact.words() + (inAcquire ? " inside its acquire, after which its grant"
                        + " may already have been made and its lease run out" : " before the grant") + " (" + f.describe() + ")", f);
            }
            others.add(f.describe());
        }
        // The service began the lease before it answered the holder: by a reply's time on the wire, bounded by
        // REPLY_ALLOWANCE (and by the holder's ask). Not the ask itself: a polling acquire asks seconds before
        // the attempt that wins, and counting from there would excuse real double grants.
        if (lease.isPresent() && from != Op.NO_TIME) {
            if (at - from >= lease.getAsLong()) {
                return new Incident.Cause(true, "the holder had held for " + History.duration(at - from) + " when the grant came, past its "
                        + History.duration(lease.getAsLong()) + " lease");
            }
            long asked = askIndex < 0 ? Op.NO_TIME : ask.time();
            long allowance = Math.max(REPLY_ALLOWANCE_MIN, lease.getAsLong() / REPLY_ALLOWANCE_SHARE);
            if (asked != Op.NO_TIME) allowance = Math.min(allowance, from - asked);
            if (at - from + allowance >= lease.getAsLong()) {
                return new Incident.Cause(true, "the grant came " + History.duration(at - from) + " after the holder's answer, within "
                        + History.duration(lease.getAsLong() - (at - from)) + " of its " + History.duration(lease.getAsLong())
                        + " lease's end: the lease began before that answer, so it may have run out");
            }
        }
        // still a defect of the service as run, but one the history ties to a fault: a server killed after the holder's grant
        // and before the other's restarted without the lock (a Redis without persistence, a member that keeps nothing on disk)
        for (FaultSpan f : before) {
            if (f.effect() instanceof FaultEffect.Kill && f.hosts().stream().noneMatch(clientHosts::contains)
                    && f.start().index() > hold.start().index() && f.start().index() < first.start().index()) {
                return new Incident.Cause(false, "the service granted the lock twice after a server was killed between the two grants ("
                        + f.describe() + "): a server that restarts without what it held forgets the lock", f);
            }
        }
        return new Incident.Cause(false, "nothing before the grant explains it (the holder was not frozen, cut off or past its lease, and no"
                + " clock moved): the service granted the lock twice" + (others.isEmpty() ? "" : ", with in force: " + String.join(", ", others)));
    }

    /**
     * How long before its answer to the holder the service may have begun the lease: a reply's time on
     * the wire, at least 50 ms or a fiftieth of the lease (80 ms of a 4 s lease). A grant that close to
     * the lease's end is not called a defect; one earlier is.
     */
    static final long REPLY_ALLOWANCE_MIN = 50_000_000L;
    static final long REPLY_ALLOWANCE_SHARE = 50;

    /** Whether the fault was aimed at the moment right after a grant ({@code pause-at:after-grant}, {@code kill-at:after-grant}). */
    private static boolean afterGrant(FaultSpan f) {
        return String.valueOf(f.start().extra("fault")).endsWith(":" + dev.lockstorm.checker.history.NemesisEvent.AFTER_GRANT);
    }

    /** A pause or cut of {@code g}'s own client between its acquire's ask and its answer, or null. */
    private static FaultSpan insideAcquire(Context ctx, HoldInterval g) {
        int askIndex = ctx.h.partner(g.start().index());
        if (askIndex < 0) return null;
        Op ask = ctx.h.get(askIndex);
        for (FaultSpan f : ctx.faultsIn(askIndex, g.start().index(), ask.time(), g.start().time())) {
            boolean onClient = onClientOf(f, g);
            // begun inside the acquire; its end may be recorded a moment after the answer (the client answers once resumed)
            boolean begunInside = f.start().index() > askIndex && f.start().index() < g.start().index();
            if (onClient && begunInside && (f.effect() instanceof FaultEffect.Freeze || f.effect() instanceof FaultEffect.Cut)) return f;
        }
        return null;
    }

    /** Whether {@code f} touched the client of {@code hold}: its host, or its worker process ({@code client-c3-p7}). */
    private static boolean onClientOf(FaultSpan f, HoldInterval hold) {
        return f.hosts().contains(String.valueOf(hold.start().extra("client"))) || f.target().endsWith("-p" + hold.process());
    }

    /** The hosts clients ran on, as their operations name them ({@code client}). */
    static Set<String> clientHosts(History h) {
        Set<String> out = new HashSet<>();
        for (Op op : h.ops()) if (op.isClient() && op.extra("client") != null) out.add(String.valueOf(op.extra("client")));
        return out;
    }

    private static boolean sameLock(Op op, HoldInterval hold) {
        return op.lock().equals(hold.lock());
    }
}
