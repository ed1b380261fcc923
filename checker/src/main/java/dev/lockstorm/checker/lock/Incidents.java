package dev.lockstorm.checker.lock;

import dev.lockstorm.api.Checkpoints;
import dev.lockstorm.api.LeaseModel;
import dev.lockstorm.api.Notes;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.Prose;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.history.RunFacts;
import dev.lockstorm.faults.FaultEffect;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

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
        return of(h, new DoubleHolders.Found(pairs, pairs.size(), grouped, counts, java.util.Optional.empty()), faults, staleWrites, overwrites, Deadline.NONE);
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
        RunFacts facts = RunFacts.of(h);
        LeaseTerms terms = facts.leaseModel().map(LeaseTerms::of).orElse(null);
        long lastTime = h.size() == 0 ? 0 : h.get(h.size() - 1).time();
        Context ctx = new Context(h, faults, facts);
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
            out.add(new Incident(hold, grants, inForce, stale, lost, cause(ctx, hold, grants, terms),
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
        /** the run's servers, empty when the history does not say */
        final List<String> servers;
        /**
         * how late the run's leader watch may name a new leader: twice the interval at which it asks, as the run says it
         * ({@code leader_watch_ms}), else a second (lockstorm's watch asks every half second)
         */
        final long watchLag;
        /** where the lock's own checkpoints lie against its grant, as the run declared them ({@code checkpoints}) */
        final Map<String, Checkpoints.Place> points;
        /** each client process's event indexes, in order */
        private final Map<Integer, int[]> eventsOf = new java.util.HashMap<>();
        /** the indexes of the run's leader watch's events, in order */
        final int[] leaderEvents;
        /** the indexes of the nemesis's events that inject or undo something (no harness fact), in order */
        private final int[] injections;

        Context(History h, List<FaultSpan> all, RunFacts facts) {
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
            this.servers = facts.servers();
            this.points = facts.checkpoints();
            this.watchLag = facts.leaderWatchNanos().stream().map(w -> LeaseTerms.plus(w, w)).findFirst().orElse(1_000_000_000L);
            Map<Integer, List<Integer>> lists = new java.util.HashMap<>();
            for (Op op : h.ops()) if (op.isClient()) lists.computeIfAbsent(op.process(), k -> new ArrayList<>()).add(op.index());
            lists.forEach((p, l) -> eventsOf.put(p, l.stream().mapToInt(Integer::intValue).toArray()));
            this.leaderEvents = h.ops().stream().filter(op -> op.process() == Op.NEMESIS && dev.lockstorm.faults.NemesisEvent.LEADER.f().equals(op.f()))
                    .mapToInt(Op::index).toArray();
            this.injections = h.ops().stream().filter(op -> op.process() == Op.NEMESIS
                    && dev.lockstorm.faults.NemesisEvent.of(op.f()).map(e -> !e.harnessFact()).orElse(true)).mapToInt(Op::index).toArray();
        }

        /** Whether the nemesis injected or undid anything strictly between the two indexes. */
        boolean injectedBetween(int after, int before) {
            int i = java.util.Arrays.binarySearch(injections, after + 1);
            int a = i >= 0 ? i : -i - 1;
            return a < injections.length && injections[a] < before;
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
     * Why another client was granted the lock while {@code hold} lasted, judged by the lock's lease
     * model ({@link LeaseTerms}): a lease limit only when the history shows a way the holder's lease,
     * as the model says it lives, could have ended before the grant. In this order: the lock's own
     * client noted one of the two grants as unbacked (a lock defect: that grant's); every grant
     * meanwhile went to a client held up inside its acquire, which may have been granted first and
     * lost its lease (a lease limit); a server's clock moved ahead by enough, or the granted client's
     * own monotonic clock ran fast by enough where it times the lease; the holder's client told it it
     * still held the lock after the grant (a lock defect, which the rules after it still judge: where none of them
     * finds how the lease could have ended, the explanation names the grant too); a fault kept the holder from renewing, or
     * from its session, long enough and early enough; a fixed lease ran out (named before any fault
     * when it had run out by itself: no fault was needed); else a lock defect, with
     * why each fault in force did not suffice: a fault that merely overlaps the hold explains nothing.
     *
     * @param terms the lock's lease as the run declared it, or null when the history says no lease
     */
    static Incident.Cause cause(Context ctx, HoldInterval hold, List<HoldInterval> grants, LeaseTerms terms) {
        History h = ctx.h;
        Incident.Cause unbacked = unbacked(hold, grants, terms);
        if (unbacked != null) return unbacked;
        // a grant whose own client was held up inside its acquire may have been made before this hold began (its answer
        // came only after the fault): only the other grants can prove anything against the lock
        List<HoldInterval> fresh = new ArrayList<>();
        String late = null;
        FaultSpan lateFault = null;
        List<Object> believed = new ArrayList<>();
        for (HoldInterval g : grants) {
            FaultSpan f = insideAcquire(ctx, g);
            String earlier = f == null ? null : grantedFirst(ctx, terms, hold, g, f);
            // granted first, its lease had ended by this hold's grant, so its client's "yes" after that is false: only the reading
            // where it was granted after this hold began is left, and judged as any grant is
            Told yes = earlier == null ? null : told(ctx, g, hold.start());
            if (yes != null && yes.yes() != null) {
                believed.addAll(List.of("; ", g.start().who(), ", held up inside its acquire (" + f.describe() + "), may have been granted"
                        + " before this hold began, but its client told it it still held the lock at " + yes.when() + ", after this hold's answer:"
                        + " had it been granted first, its lease had ended by then"));
                earlier = null;
            }
            if (earlier == null) {
                fresh.add(g);
            } else if (late == null) {
                late = earlier;
                lateFault = f;
            }
        }
        if (fresh.isEmpty()) {
            return new Incident.Cause(true, "every grant meanwhile went to a client held up inside its acquire (frozen, or its links cut or slowed), which may have been"
                    + " granted before this hold began and answered only after the fault (" + lateFault.describe() + "): " + late, lateFault);
        }
        Incident.Cause c = freshGrant(ctx, hold, fresh, terms);
        if (c.leaseLimit() || believed.isEmpty()) return c;
        believed.add(0, c.reason());
        return new Incident.Cause(false, Prose.of(believed.toArray()), c.fault(), c.leaseEnds());
    }

    /** {@link #cause}'s judgement of the grants that may not have been made before the hold began ({@code fresh}). */
    private static Incident.Cause freshGrant(Context ctx, HoldInterval hold, List<HoldInterval> fresh, LeaseTerms terms) {
        History h = ctx.h;
        HoldInterval first = fresh.get(0);
        for (HoldInterval g : fresh) if (g.start().index() < first.start().index()) first = g;
        long answer = hold.start().time();
        long at = first.start().time();
        int askIndex = h.partner(hold.start().index());
        Op ask = askIndex < 0 ? hold.start() : h.get(askIndex);
        long asked = ask.time() == Op.NO_TIME ? answer : ask.time();
        // the faults in force from the holder's ask to the first grant to another
        List<FaultSpan> before = ctx.faultsIn(ask.index(), first.start().index(), asked, at);
        boolean timed = answer != Op.NO_TIME && at != Op.NO_TIME;
        List<String> notEnough = new ArrayList<>();
        if (terms == null) notEnough.add("the history does not say the lock's lease");
        else if (terms.kind() == LeaseTerms.Kind.UNDECLARED) notEnough.add("the lock declares no lease model: judged as a fixed or a renewed " + terms.describe());
        // the lease may have begun at the holder's ask when its own links or process were held up while it asked (the answer came late)
        // (a freeze unless aimed at a point before the grant: frozen there, its lease began after the freeze)
        FaultSpan heldUp = before.stream().filter(f -> onClientOf(f, hold) && f.start().index() < hold.start().index()
                && f.effect().keepsFrom(client(hold), judging(ctx, f, terms, hold)) && (f.effect().onProcess() != FaultEffect.OnProcess.FREEZES || !aimedBeforeGrant(ctx, f))
                && !heldTheCallBack(ctx, f, hold, askIndex, terms)).findFirst().orElse(null);
        long start = terms == null || heldUp != null ? asked : Math.max(asked, answer - terms.allowance());
        // a fixed lease that ran out by itself before the grant needs no fault to end it: a fault then only overlapped the hold, so
        // the lease's own end is the cause (the holder's belief is still judged first); an undeclared model may be renewed, where
        // a fault that stopped the renewals explains the grant in either reading and the lease's own end in only one
        LeaseTerms.Judgement ownEnd = terms != null && timed ? terms.expired(start, answer, at, heldBack(ctx, terms, before, answer, at), heldUp) : null;
        boolean ranOut = ownEnd != null && terms.kind() == LeaseTerms.Kind.FIXED && ownEnd.suffices();
        Set<String> clientHosts = ctx.clientHosts;
        // the lock servers' clocks that moved ahead: judged one by one, then together, and with what held the holder up. They
        // come before the holder's belief: a lease that a server's clock (or the waiter's) ended is still running by the
        // holder's own clock, which is what a correct lock times its belief on, so its "yes" then is no defect
        List<FaultSpan> moves = new ArrayList<>();
        // how many servers' clocks must have ended the lease: more than one only where a majority judges it
        LeaseTerms.Clocks needs = clocksNeeded(ctx, terms, hold);
        for (FaultSpan f : before) {
            FaultEffect.Move move = f.effect().clockMove().orElse(null);
            if (move == null || ranOut) continue;
            double monotonicRate = move.monotonicRate().orElse(1.0);
            if (onLockServer(f, ctx.servers, clientHosts)) {
                String led = terms == null ? null : ledInstead(ctx, terms, f, first);
                if (led != null) {
                    notEnough.add("the clock of " + String.join(", ", f.hosts()) + " moved (" + f.describe() + "), but the lease is judged by "
                            + switch (terms.judges()) {
                                case LEADER, GROUP -> "the group's leader";
                                case KEY_MASTER -> "the key's master";
                                case ONE, MAJORITY -> "one server";
                            } + ", which the run's leader"
                            + " watch named " + led + " from then to the grant: a clock the lease is not timed on");
                    continue;
                }
                // a clock set back (or slowed) and set right before the grant jumped ahead under a lease stamped meanwhile: one
                // moved before the holder's answer (or its next renewal) and set right after its ask
                boolean hastens = move.canHasten() || f.setRightBy(at) && f.setRight() > asked
                        && (f.start().time() <= answer || terms != null && terms.renewed()) && move.settingRightHastens();
                if (hastens && (terms == null || terms.timedBy(move))) moves.add(f);
                if ((terms == null || !timed) && !hastens) {
                    notEnough.add("a server's clock did not move ahead (" + f.describe() + ", " + move.words() + "): a lease timed on it lasts no shorter");
                    continue;
                }
                if (terms == null || !timed) return new Incident.Cause(true, "a server's clock moved before the grant (" + f.describe() + ")" + unjudged(terms), f);
                if (needs.needed() > 1) continue; // one server's clock alone ends no such lease: judged together below
                LeaseTerms.Judgement j = terms.serverClock(f, move, start, at);
                // one clock of several servers a majority judges was enough only by the held-on count, noted or taken: say which
                if (j.suffices()) return Incident.Cause.limit(needs.why().isEmpty() ? j : j.because(needs.why()), f);
                notEnough.add(j.why());
            } else if (monotonicRate > 1.0 && onClientOf(f, first)) {
                LeaseTerms.Judgement j = terms == null ? new LeaseTerms.Judgement(true, "the granted client's monotonic clock ran fast before"
                        + " its grant (" + f.describe() + "): a lease it timed on that clock ran out early") : terms.waiterClockFast(f, monotonicRate);
                if (j.suffices()) return Incident.Cause.limit(j, f);
                notEnough.add(j.why());
            } else if (onLockServer(f, List.of(), clientHosts)) {
                // a host neither the run's servers nor its clients (the resource's, one the run did not list): not a clock the lease is timed on
                notEnough.add("the clock of " + String.join(", ", f.hosts()) + ", not one of the lock's servers, moved (" + f.describe()
                        + "), which never ends a lease of a correct lock");
            } else {
                notEnough.add("a client's clock moved (" + f.describe() + "), which never ends a lease of a correct lock");
            }
        }
        // in the order they began, as the faults in force are
        LeaseTerms.Clocks clocks = new LeaseTerms.Clocks(moves, needs.needed(), needs.why());
        if ((moves.size() > 1 || needs.needed() > 1 && !moves.isEmpty()) && terms != null && timed) {
            LeaseTerms.Judgement j = terms.serverClocks(clocks, start, at);
            if (j.suffices()) return Incident.Cause.limit(j, moves.get(0));
            notEnough.add(j.why());
        }
        // a "yes" after the other's grant is the lock's defect whatever ended the lease; the rules below still say whether
        // anything could have ended it, and where nothing could, the grant was a defect too (judged)
        Told told = told(ctx, hold, first.start());
        Incident.Cause belief = told.yes() == null ? null : new Incident.Cause(false, Prose.of("its client told ", hold.start().who(),
                " it still held the lock at ", told.when(), ", after ", first.start().who(), " was granted it at ", History.when(first.start())), null);
        if (told.cannotSay() && belief == null) notEnough.add("its client cannot say whether it still holds (no stillHeld), so what it believed is not judged");
        List<LeaseTerms.Held> held = new ArrayList<>();
        for (FaultSpan f : before) {
            if (ranOut || !judgedOnHolder(f, terms)) continue;
            LeaseTerms.Judgement j = onHolder(ctx, terms, hold, f, asked, at, timed, clocks);
            if (j.suffices()) return judged(belief, Incident.Cause.limit(j, f));
            notEnough.add(j.why());
            if (j.held() != null) held.add(j.held());
        }
        // a lease a majority of independent servers judges, lost on different servers to different faults (one frozen, another cut
        // from the holder): each server is its own, as each clock is
        if (!ranOut && terms != null && timed && terms.judges() == LeaseModel.Judges.MAJORITY) {
            Incident.Cause apart = serverByServer(ctx, terms, hold, before, start, asked, at, clocks);
            if (apart != null) return judged(belief, apart);
        }
        // faults each too short, back to back: the holder had no time to renew between them
        for (List<LeaseTerms.Held> chain : chains(held, terms == null ? 0 : terms.allowance())) {
            LeaseTerms.Judgement j = terms.together(chain, asked, at, clocks);
            if (j.suffices()) return judged(belief, Incident.Cause.limit(j, chain.get(0).fault()));
            notEnough.add(j.why());
        }
        if (terms != null && timed && terms.kind() == LeaseTerms.Kind.RENEWED) {
            Incident.Cause leaderLost = leaderFailover(ctx, terms, hold, first, before, asked, notEnough);
            if (leaderLost != null) return judged(belief, leaderLost);
        }
        // where the holder's lease ran to, for the defects below (the report draws it)
        long leaseRan = Op.NO_TIME;
        if (ownEnd != null) {
            if (ownEnd.suffices()) return judged(belief, Incident.Cause.limit(ownEnd, null));
            notEnough.add(ownEnd.why());
            leaseRan = ownEnd.runsOut();
        }
        // still a defect of the service as run, but one the history ties to a failover: the server the run's leader watch named at
        // the holder's grant was frozen, killed or cut off from the other servers while the other was granted, so another server
        // granted it (a replica promoted without the key, as Redis's asynchronous replication allows)
        Incident.Cause failover = failover(ctx, terms, hold, first, before, leaseRan, notEnough);
        if (failover != null) return judged(belief, failover);
        // still a defect of the service as run, but one the history ties to a fault: a server killed after the holder's grant
        // and before the other's restarted without the lock (a Redis without persistence, a member that keeps nothing on disk)
        for (FaultSpan f : before) {
            if (f.effect().onProcess() == FaultEffect.OnProcess.CRASHES_SERVER && onLockServer(f, ctx.servers, clientHosts)
                    && f.start().index() > hold.start().index() && f.start().index() < first.start().index()) {
                return judged(belief, new Incident.Cause(false, "the service granted the lock twice after a server was killed between the two grants ("
                        + f.describe() + "): a server that restarts without what it held forgets the lock", f, leaseRan));
            }
        }
        return judged(belief, new Incident.Cause(false, "nothing before the grant could have ended the holder's lease, so the service granted the lock twice"
                + (notEnough.isEmpty() ? "" : ": " + String.join("; ", notEnough)), null, leaseRan));
    }

    /**
     * How long the servers' clocks, moved back (or slowed) after the holder's grant and not set right by the other's,
     * certainly made the holder's lease last past its length: by those clocks it had not run out yet. Every server the run
     * names must have been moved so, for any of them may have judged the lease (the one that answered, or a majority without
     * the others), and the lease outlasts its length by the least of them. A move must come after the holder's answer (its
     * lease was stamped before it) and be one the lease is timed on; none counts where the run names no server, and a
     * strobe swings both ways, so it holds nothing back.
     */
    private static LeaseTerms.HeldBack heldBack(Context ctx, LeaseTerms terms, List<FaultSpan> before, long answer, long at) {
        if (ctx.servers.isEmpty()) return null;
        LeaseTerms.HeldBack least = null;
        for (String server : ctx.servers) {
            long most = 0;
            FaultSpan by = null;
            for (FaultSpan f : before) {
                FaultEffect.Move move = f.effect().clockMove().orElse(null);
                if (move == null || !terms.timedBy(move) || !f.hosts().contains(server)) continue;
                long from = f.start().time();
                if (from <= answer || from > at || f.setRightBy(at)) continue;
                long until = f.end() == null ? at : Math.min(at, f.end().time());
                long back = -move.aheadNanos(from, from - 1, until).orElse(0); // on a lease stamped before it
                if (back > most) {
                    most = back;
                    by = f;
                }
            }
            if (by == null) return null;
            if (least == null || most < least.nanos()) least = new LeaseTerms.HeldBack(by, most);
        }
        return least;
    }

    /**
     * What {@code hold}'s client said of it after {@code other} was answered: its first "yes" asked after that ({@code yes}, null
     * when none), and whether it said "unknown" (it cannot say) meanwhile. Read up to the hold's end: a careful holder's last
     * "yes" that no completion carried rides on its release's invocation, with its times.
     */
    private record Told(Op yes, boolean cannotSay) {
        /** When the "yes" was answered, and asked when the history says. */
        String when() {
            String answered = yes.extra("still_held_at") instanceof Number n ? History.duration(n.longValue()) : History.when(yes);
            return answered + (yes.extra("still_held_asked") instanceof Number n ? " (asked at " + History.duration(n.longValue()) + ")" : "");
        }
    }

    private static Told told(Context ctx, HoldInterval hold, Op other) {
        int to = hold.end() == null ? ctx.h.size() : hold.end().index() + 1;
        // only an operation invoked after the other's answer: its client was asked after it (one asked before, answering after, knew nothing yet)
        boolean invokedAfter = false;
        boolean cannotSay = false;
        for (int i : ctx.eventsBetween(hold.process(), other.index(), to)) {
            Op op = ctx.h.get(i);
            if (!sameLock(op, hold)) continue;
            if (op.type() == OpType.INVOKE) {
                invokedAfter = true;
                // an invocation's belief was formed before it: judged only by when it was asked
                if (!(op.extra("still_held_asked") instanceof Number)) continue;
            }
            if ("unknown".equals(op.extra("still_held"))) cannotSay = true;
            // the answer was formed after the client was asked ("still_held_asked") and before it arrived ("still_held_at"): only a
            // question put after the other's answer certainly has an answer formed after it (a worker frozen once it had answered
            // delivers an earlier belief late). An older history without the question's time is judged by the answer's, else by
            // when the operation it came with was invoked.
            Object askedAt = op.extra("still_held_asked") instanceof Number q ? q : op.extra("still_held_at");
            boolean toldAfter = askedAt instanceof Number n ? n.longValue() > other.time() : invokedAfter;
            if (toldAfter && Boolean.TRUE.equals(op.extra("still_held"))) return new Told(op, cannotSay);
        }
        return new Told(null, cannotSay);
    }

    /**
     * The cause of a second grant as the rules judged it ({@code grant}), after the holder's belief: a "yes" after the other's
     * grant ({@code belief}) is the lock's defect whatever faults were in force, so it stands before a lease limit; where the
     * rules found no way the lease could have ended, the grant was a defect too, and the explanation says both, so that the
     * fix looked for is the grant's and not only the belief's (which the holder's own lease may well have borne out).
     */
    private static Incident.Cause judged(Incident.Cause belief, Incident.Cause grant) {
        if (belief == null) return grant;
        if (grant.leaseLimit()) return belief;
        return new Incident.Cause(false, Prose.of(belief.reason(), "; and ", grant.reason()), grant.fault(), grant.leaseEnds());
    }

    /**
     * The runs of two or more faults in {@code held} (in the order they began, as the faults in force are) each beginning
     * within {@code gap} of the end of those before it.
     */
    private static List<List<LeaseTerms.Held>> chains(List<LeaseTerms.Held> held, long gap) {
        List<List<LeaseTerms.Held>> out = new ArrayList<>();
        List<LeaseTerms.Held> chain = new ArrayList<>();
        long to = Long.MIN_VALUE;
        for (LeaseTerms.Held x : held) {
            if (!chain.isEmpty() && x.from() > to + gap) {
                if (chain.size() > 1) out.add(chain);
                chain = new ArrayList<>();
            }
            chain.add(x);
            to = chain.size() == 1 ? x.to() : Math.max(to, x.to());
        }
        if (chain.size() > 1) out.add(chain);
        return out;
    }

    /**
     * A lock defect when the holder's grant, or a grant made during its hold, was noted by its own
     * lock client as having nothing behind it ({@link dev.lockstorm.api.Notes#unbacked}), or as held on
     * fewer servers than the majority that judges its lease ({@link dev.lockstorm.api.Notes#heldOn}); else null.
     * Whatever faults ended the lease behind such a grant, granting on it is the lock's wrong step,
     * and the explanation names that grant, not the other client's (rightly held) belief.
     */
    private static Incident.Cause unbacked(HoldInterval hold, List<HoldInterval> grants, LeaseTerms terms) {
        String own = unbackedWhy(hold.start(), terms);
        if (own != null) {
            return new Incident.Cause(false, Prose.of("the lock granted ", hold.start().who(), " its hold at ", History.when(hold.start()),
                    " with nothing behind it (its client noted: ", own, "), so the grants during it found the lock free"), null);
        }
        for (HoldInterval g : grants) {
            String why = unbackedWhy(g.start(), terms);
            if (why == null) continue;
            return new Incident.Cause(false, Prose.of("the lock granted ", g.start().who(), " the lock at ", History.when(g.start()), " while ",
                    hold.start().who(), " held it, with nothing behind the grant (its client noted: ", why, ")"), null);
        }
        return null;
    }

    /**
     * How many servers' clocks must have run {@code hold}'s lease out before another client could be granted, and why (as
     * {@link LeaseTerms.Clocks} with no moves): one, unless a majority of independent servers judges it. Then as many as
     * its client noted ({@link Notes.HeldOn#lostToEnd}); unnoted, as for a grant on a bare majority, so that a lock that
     * does not say is never blamed for what such a grant does under one server's clock. The count's words only where there
     * are several servers: of one, its clock is the one there is.
     */
    private static LeaseTerms.Clocks clocksNeeded(Context ctx, LeaseTerms terms, HoldInterval hold) {
        if (terms == null || terms.judges() != LeaseModel.Judges.MAJORITY) return LeaseTerms.Clocks.NONE;
        Optional<Notes.HeldOn> noted = heldOn(hold);
        if (noted.isPresent()) {
            return noted.get().of() < 2 ? LeaseTerms.Clocks.NONE : new LeaseTerms.Clocks(List.of(), noted.get().lostToEnd(), words(noted.get()));
        }
        int servers = ctx.servers.size();
        if (servers < 2) return LeaseTerms.Clocks.NONE; // the history does not say its servers, or names one
        Notes.HeldOn bare = new Notes.HeldOn(LeaseModel.Judges.majority(servers), servers);
        return new LeaseTerms.Clocks(List.of(), bare.lostToEnd(), "held on a bare majority at least, " + bare.servers() + " of " + servers
                + " servers: its client did not say on how many");
    }

    /** On how many servers {@code hold}'s grant holds the lock, as its client noted ({@link Notes#heldOn}, the last such note); empty when it did not. */
    private static Optional<Notes.HeldOn> heldOn(HoldInterval hold) {
        Optional<Notes.HeldOn> held = Optional.empty();
        if (hold.start().extra("notes") instanceof List<?> notes) {
            for (Object n : notes) {
                Optional<Notes.HeldOn> said = Notes.heldOn(String.valueOf(n));
                if (said.isPresent()) held = said;
            }
        }
        return held;
    }

    /** A held-on count its client did not note, taken as every one of {@code servers} (the most another grant needs lost), in an explanation's words. */
    private static String unsaid(int servers) {
        return "its client did not say on how many servers it held the lock, so it is taken as held on all " + servers + ", and another grant needs "
                + LeaseModel.Judges.majority(servers) + " of them";
    }

    /** A noted held-on count in an explanation's words. */
    private static String words(Notes.HeldOn held) {
        return "its client noted it held on " + held.servers() + " of " + held.of() + " servers, and another grant needs " + held.majority() + " of them";
    }

    /**
     * The first reason a grant's notes give for its being unbacked, or null: an unbacked note's, or under a lease a majority
     * judges, a held-on count short of a majority (a Redlock that counted its masters wrong).
     */
    private static String unbackedWhy(Op grant, LeaseTerms terms) {
        if (!(grant.extra("notes") instanceof List<?> notes)) return null;
        boolean majority = terms != null && terms.judges() == LeaseModel.Judges.MAJORITY;
        for (Object n : notes) {
            java.util.Optional<String> why = dev.lockstorm.api.Notes.unbackedWhy(String.valueOf(n));
            if (why.isPresent()) return why.get();
            Optional<Notes.HeldOn> held = majority ? Notes.heldOn(String.valueOf(n)) : Optional.empty();
            if (held.isPresent() && held.get().servers() < held.get().majority()) return n + ", fewer than the " + held.get().majority() + " a majority of them is";
        }
        return null;
    }

    /**
     * The failover a second grant is tied to, or null: the leader the run's watch named at the holder's grant was frozen,
     * or cut off from a majority of the servers, after that grant and before the other; or killed then while the watch
     * named another leader by the second grant (a kill without a new leader is a restart: the rule after this one); never
     * where that leader is the run's only server, which leaves no other to grant it again.
     */
    private static Incident.Cause failover(Context ctx, LeaseTerms terms, HoldInterval hold, HoldInterval first, List<FaultSpan> before,
                                           long leaseRan, List<String> notEnough) {
        String leader = leaderAt(ctx, hold.start().index());
        // a failover needs another server to grant it again: with the leader the run's only server, none could have
        if (leader == null || !ctx.servers.isEmpty() && ctx.servers.stream().allMatch(leader::equals)) return null;
        String next = leaderAt(ctx, first.start().index());
        for (FaultSpan f : before) {
            boolean inForce = f.start().index() < first.start().index() && (f.end() == null || f.end().index() > hold.start().index());
            if (!inForce) continue;
            LeaderLoss loss = LeaderLoss.of(ctx, f, leader);
            if (loss == null) continue;
            // a kill is a failover only once the watch names another (without one: a restart, the rule after this one)
            boolean replaced = f.start().index() > hold.start().index() && next != null && !next.equals(leader);
            if (loss == LeaderLoss.KILLED && !replaced) continue;
            String what = "was " + loss.words + (loss == LeaderLoss.KILLED ? " and the watch then named " + next : "");
            return new Incident.Cause(false, "the service granted the lock twice while " + leader + ", its leader when the holder was granted"
                    + " (the run's leader watch), " + what + " (" + f.describe() + "): " + lostGrant(terms)
                    + (notEnough.isEmpty() ? "" : "; " + String.join("; ", notEnough)), f, leaseRan);
        }
        return null;
    }

    /**
     * What a grant made again after a failover says of the service, by who judges the lease: a master's
     * replica can be promoted without a write it had not yet received, but a group that commits on a
     * majority keeps a committed grant across a change of leader, so there the grant was lost or never
     * committed.
     */
    private static String lostGrant(LeaseTerms terms) {
        if (terms == null || terms.kind() == LeaseTerms.Kind.UNDECLARED) {
            return "the server that granted it again did not have the first grant (the lock's lease, and so who keeps a grant, is not declared)";
        }
        return switch (terms.judges()) {
            case LEADER, GROUP -> "a group that commits a grant on a majority keeps it across a change of leader, so the first grant was lost"
                    + " or never committed before it was answered";
            case MAJORITY -> "a majority of independent servers granted it again, so enough of them did not have the first grant";
            case KEY_MASTER, ONE -> "the server that granted it again did not have the first grant (a failover to a replica that missed it)";
        };
    }

    /**
     * A lease limit when a failover of the leader that judged the holder's lease could have ended it
     * ({@link LeaseTerms#failover}): a fault in force before the grant froze or killed the leader the
     * run's watch named when it began, or cut it off from a majority, and the watch named another
     * before the grant. Else null, with why each such failover did not suffice added to {@code notEnough}.
     */
    private static Incident.Cause leaderFailover(Context ctx, LeaseTerms terms, HoldInterval hold, HoldInterval first, List<FaultSpan> before,
                                                 long asked, List<String> notEnough) {
        String client = client(hold);
        long at = first.start().time();
        for (FaultSpan f : before) {
            if (f.start().time() == Op.NO_TIME || f.start().index() > first.start().index()) continue;
            String leader = leaderAt(ctx, f.start().index());
            if (leader == null) continue;
            long end = f.end() == null || f.end().time() == Op.NO_TIME ? Long.MAX_VALUE : f.end().time();
            LeaderLoss loss = LeaderLoss.of(ctx, f, leader);
            if (loss == null) continue;
            // until when the holder's renewals, sent to that leader, were held up: a frozen one keeps them waiting, a killed
            // one's port refuses at once (the client moves on), a cut one keeps them only when it is cut off from the holder too
            long heldUntil = switch (loss) {
                case FROZEN -> end;
                case KILLED -> Long.MIN_VALUE;
                case CUT_OFF -> ((FaultEffect.Cut) f.effect()).separates(client, leader) ? end : Long.MIN_VALUE;
            };
            String how = loss.words + (loss == LeaderLoss.CUT_OFF && heldUntil == end ? " and from the holder" : "");
            String what = leader + ", the leader when it began (the run's leader watch), " + how + ": " + f.describe();
            long elected = electedAfter(ctx, f.start().index(), first.start().index(), leader);
            if (elected == Op.NO_TIME) {
                notEnough.add("the run's leader watch named no new leader between the failover (" + what + ") and the grant");
                continue;
            }
            if (elected <= asked) continue; // over before the holder asked: its lease began with the new leader
            LeaseTerms.Judgement j = terms.failover(what, Math.max(f.start().time(), asked), elected, heldUntil, asked, at);
            if (j.suffices()) return Incident.Cause.limit(j, f);
            notEnough.add(j.why());
        }
        return null;
    }

    /** What a fault did to the leader the run's watch named: the three ways a consensus group loses its leader. */
    private enum LeaderLoss {
        FROZEN("frozen"), KILLED("killed"), CUT_OFF("cut off from a majority of the servers");

        final String words;

        LeaderLoss(String words) {
            this.words = words;
        }

        /** How {@code f} took {@code leader} from the group, or null when it did not touch it so. */
        static LeaderLoss of(Context ctx, FaultSpan f, String leader) {
            if (f.hosts().equals(List.of(leader))) {
                switch (f.effect().onProcess()) {
                    case FREEZES:
                        return FROZEN;
                    case CRASHES_SERVER:
                        return KILLED;
                    case KILLS_CLIENT, NONE:
                        break;
                }
            }
            return f.effect().isolates(leader, ctx.servers, ctx.clientHosts) ? CUT_OFF : null;
        }
    }

    /** When the run's leader watch first named a leader other than {@code old} between events {@code from} and {@code to}; NO_TIME when it did not. */
    private static long electedAfter(Context ctx, int from, int to, String old) {
        int[] at = ctx.leaderEvents;
        for (int i = leaderEventAfter(ctx, from); i < at.length && at[i] < to; i++) {
            if (ctx.h.get(at[i]).value() instanceof String s && !s.equals(old)) return ctx.h.get(at[i]).time();
        }
        return Op.NO_TIME;
    }

    /**
     * For a lease one member judges at a time (a group's leader, the key's master, the one server that judges it), the members the run's leader watch named from
     * the clock fault {@code f}'s start until a little after the grant {@code first} (the watch polls), when none of them is a
     * host {@code f} moved the clock of: that clock timed no lease then. Null when it may have (another judge, a host of
     * {@code f} led, or the watch named no one or was silent at some moment of that span).
     */
    private static String ledInstead(Context ctx, LeaseTerms terms, FaultSpan f, HoldInterval first) {
        if (terms.judges() == LeaseModel.Judges.MAJORITY) return null;
        long until = first.start().time() == Op.NO_TIME ? Op.NO_TIME : LeaseTerms.plus(first.start().time(), ctx.watchLag);
        Set<String> led = new java.util.LinkedHashSet<>();
        String at = leaderAt(ctx, f.start().index());
        if (at == null) return null;
        led.add(at);
        for (int i = leaderEventAfter(ctx, f.start().index()); i < ctx.leaderEvents.length; i++) {
            Op op = ctx.h.get(ctx.leaderEvents[i]);
            boolean within = until == Op.NO_TIME || op.time() == Op.NO_TIME ? op.index() < first.start().index() : op.time() <= until;
            if (!within) break;
            if (!(op.value() instanceof String s)) return null;
            led.add(s);
        }
        return led.stream().anyMatch(f.hosts()::contains) ? null : String.join(", then ", led);
    }

    /** Where in {@code ctx.leaderEvents} the watch's first event after event {@code index} is (its length when none is). */
    private static int leaderEventAfter(Context ctx, int index) {
        int i = java.util.Arrays.binarySearch(ctx.leaderEvents, index + 1);
        return i >= 0 ? i : -i - 1;
    }

    /** The host the run's leader watch last named at or before event {@code index}, or null (none named, or no watch). */
    private static String leaderAt(Context ctx, int index) {
        int i = java.util.Arrays.binarySearch(ctx.leaderEvents, index);
        int last = i >= 0 ? i : -i - 2;
        return last >= 0 && ctx.h.get(ctx.leaderEvents[last]).value() instanceof String s ? s : null;
    }

    /**
     * Where a majority of independent servers judges the lease: whether enough of them ({@link dev.lockstorm.faults.Judging#lostEnough})
     * each stopped hearing the holder long enough to run its lease out before the grant, each under a fault of its own (n3 frozen,
     * n2 cut from the holder, n1's clock moved ahead), when no one fault did; null when not. A server counts under one fault,
     * judged as if it alone timed the lease, with the clock moves on it, or under those moves alone; losses of one server to
     * faults one after the other are not joined.
     */
    private static Incident.Cause serverByServer(Context ctx, LeaseTerms terms, HoldInterval hold, List<FaultSpan> before, long start, long asked,
                                                 long at, LeaseTerms.Clocks clocks) {
        int servers = ctx.servers.size();
        if (servers < 2) return null;
        Optional<Notes.HeldOn> noted = heldOn(hold);
        int needed = new dev.lockstorm.faults.Judging(ctx.servers, LeaseModel.Judges.MAJORITY, null, ctx.clientHosts, Set.of(),
                noted.map(Notes.HeldOn::lostToEnd).orElse(0)).needed(servers);
        record Loss(String server, FaultSpan by, LeaseTerms.Judgement how) {
        }
        List<Loss> losses = new ArrayList<>();
        for (String server : ctx.servers) {
            dev.lockstorm.faults.Judging alone = dev.lockstorm.faults.Judging.one(List.of(server), ctx.clientHosts);
            LeaseTerms.Clocks own = new LeaseTerms.Clocks(clocks.moves().stream().filter(m -> m.hosts().contains(server)).toList());
            Loss loss = null;
            for (FaultSpan f : before) {
                if (!judgedOnHolder(f, terms)) continue;
                LeaseTerms.Judgement j = onHolder(ctx, terms, hold, f, asked, at, true, own, alone);
                if (j.suffices()) {
                    loss = new Loss(server, f, j);
                    break;
                }
            }
            if (loss == null && !own.moves().isEmpty()) {
                LeaseTerms.Judgement j = terms.serverClocks(own, start, at);
                if (j.suffices()) loss = new Loss(server, own.moves().get(0), j);
            }
            if (loss != null) losses.add(loss);
        }
        if (losses.size() < Math.max(2, needed)) return null;
        // the lease, as a majority sees it, ends where the last of the servers it needed lost it: the needed-th earliest end
        long[] ends = losses.stream().mapToLong(l -> l.how().runsOut()).sorted().toArray();
        long runsOut = java.util.Arrays.stream(ends).anyMatch(e -> e == Op.NO_TIME) ? Op.NO_TIME : ends[needed - 1];
        StringBuilder why = new StringBuilder("enough of the servers that judge its lease ran it out, each under a fault of its own ("
                + noted.map(Incidents::words).orElseGet(() -> unsaid(servers)) + "): ");
        for (Loss l : losses) why.append(l == losses.get(0) ? "" : "; ").append(l.server()).append(": ").append(l.how().why());
        FaultSpan first = losses.stream().map(Loss::by).min(java.util.Comparator.comparingInt(f -> f.start().index())).orElseThrow();
        return Incident.Cause.limit(new LeaseTerms.Judgement(true, why.toString(), runsOut), first);
    }

    /**
     * Whether the holder-side rules ({@link #onHolder}) judge {@code f}: clocks are judged on their own, and a server's crash
     * only where it kept a renewed lease from its renewals or broke a session's connection (else as a crash that forgot the lock).
     */
    private static boolean judgedOnHolder(FaultSpan f, LeaseTerms terms) {
        if (f.effect().clockMove().isPresent()) return false;
        return f.effect().onProcess() != FaultEffect.OnProcess.CRASHES_SERVER || terms != null && (terms.renewed() || terms.kind() == LeaseTerms.Kind.SESSION);
    }

    /**
     * Whether fault {@code f}, in force between the holder's ask and the grant, could have ended the
     * holder's lease: it must touch the holder (its process or host, or keep its host from the
     * servers that judge the lease), and its timing and size must let the lease run out.
     */
    private static LeaseTerms.Judgement onHolder(Context ctx, LeaseTerms terms, HoldInterval hold, FaultSpan f, long asked, long at, boolean timed,
                                                 LeaseTerms.Clocks clocks) {
        return onHolder(ctx, terms, hold, f, asked, at, timed, clocks, judging(ctx, f, terms, hold));
    }

    /** {@link #onHolder}, the lease judged by {@code judging}. */
    private static LeaseTerms.Judgement onHolder(Context ctx, LeaseTerms terms, HoldInterval hold, FaultSpan f, long asked, long at, boolean timed,
                                                 LeaseTerms.Clocks clocks, dev.lockstorm.faults.Judging judging) {
        String client = client(hold);
        boolean onClient = onClientOf(f, hold);
        // one that names neither the holder's host nor its worker may still hold it up through the servers that judge its lease (a
        // cut among a group's members, a frozen member): its family says
        java.util.Optional<FaultEffect.Impact> past = f.effect().pastItsHosts(client, f.hosts(), judging);
        // the member it reached its group's leader through, when the history says: what the judgement below rests on
        String via = judging.judges() == LeaseModel.Judges.LEADER && !judging.attached().isEmpty()
                ? ", its client attached to " + String.join(", ", new java.util.TreeSet<>(judging.attached())) : "";
        // where a majority judges the lease: how many of those servers the fault had to take, as the holder's
        // client noted or, unsaid, taken as held on every one (what a loss too small rests on); a sufficient loss names it only
        // where it took fewer servers than a lock held on every one would need
        int servers = judging.servers().size();
        String count = judging.lostNeeded() > 0 ? heldOn(hold).map(n -> "; " + words(n)).orElse("")
                : judging.judges() == LeaseModel.Judges.MAJORITY && servers > 1 ? "; " + unsaid(servers) : "";
        via += count;
        String held = judging.lostNeeded() > 0 && judging.lostNeeded() < dev.lockstorm.faults.Judging.onEvery(servers) ? count : "";
        // a history that does not name the holder (an imported one, its processes numbers) does not say which server it reached
        // the others through: it may have been any the fault touched, and is judged as if it was; the words say so
        String placed = "";
        if (!onClient && past.map(i -> i == FaultEffect.Impact.NONE).orElse(true) && hold.start().client() == null) {
            for (String host : f.hosts()) {
                FaultEffect.Impact there = f.effect().through(host, judging);
                if (there == FaultEffect.Impact.NONE) continue;
                past = java.util.Optional.of(there);
                placed = "; the history does not say which server the holder reached the others through, so it is judged as if through " + host;
                break;
            }
        }
        if (!onClient && past.isEmpty()) return LeaseTerms.Judgement.no("the " + f.effect().noun() + " did not touch the holder (" + f.describe() + via + ")");
        FaultEffect.Impact impact = onClient ? f.effect().onHolder(client, judging) : past.get();
        if (impact == FaultEffect.Impact.NONE) {
            return LeaseTerms.Judgement.no("the " + f.effect().noun() + " did not " + (past.isPresent() ? "keep the holder from" : "hold up what the holder sent to")
                    + " the servers that judge its lease (" + f.describe() + via + ")");
        }
        // servers frozen (or killed) before the holder's grant answered it after they thawed (or restarted; a reply sent before
        // arrives at once): a lease stamped with that answer began after the fault, and one stamped before it the lock handed over
        // after the fault had run on, which it could tell from how long its own acquire took
        boolean down = impact == FaultEffect.Impact.SERVERS_DOWN;
        if ((impact == FaultEffect.Impact.SERVERS_FROZEN || down) && answeredAfterServersBack(f, hold, terms)) {
            String took = asked == Op.NO_TIME || hold.start().time() == Op.NO_TIME ? ""
                    : " (its acquire took " + History.duration(hold.start().time() - asked) + (terms == null ? "" : ", against its " + terms.describe()) + ")";
            return LeaseTerms.Judgement.no("the servers that judge the holder's lease were " + (down ? "down" : "frozen") + " before its grant and"
                    + " answered it after they " + (down ? "restarted" : "thawed") + " (" + f.describe() + "): the lease that answer stamped began"
                    + " after the " + (down ? "kill" : "freeze") + ", and one stamped before it the lock would have handed over knowing how long"
                    + " its acquire took" + took);
        }
        // inside its acquire, a freeze aimed at a point of the lock's code before its grant (between a GET and its SET) came
        // before the grant, and the holder's lease began later; one aimed at no point, or at one the lock does not place, may
        // have come after the server granted (the reply waiting in the frozen client's socket), and is judged as one that did
        if (onClient && f.start().index() < hold.start().index() && f.effect().onProcess() == FaultEffect.OnProcess.FREEZES && aimedBeforeGrant(ctx, f)) {
            return LeaseTerms.Judgement.no("the holder was frozen inside its acquire, before its grant (" + f.describe() + ")");
        }
        if (onClient && f.start().index() < hold.start().index() && f.effect().onProcess() == FaultEffect.OnProcess.FREEZES) placed += unplaced(ctx, f);
        if (terms == null || !timed || f.start().time() == Op.NO_TIME) {
            return LeaseTerms.Judgement.yes("the holder was " + impact.words() + " before the grant (" + f.describe() + ")" + placed + held + unjudged(terms));
        }
        LeaseTerms.Judgement j = terms.stopped(f, impact, f.start().index() < hold.start().index(), f.start().time(),
                f.end() == null ? Long.MAX_VALUE : f.end().time(), asked, at, clocks);
        return placed.isEmpty() && held.isEmpty() ? j : new LeaseTerms.Judgement(j.suffices(), j.why() + placed + held, j.runsOut(), j.held());
    }

    /**
     * Whether the holder's grant came after frozen servers thawed (or killed ones restarted): the fault's end is recorded before the
     * answer, or the answer came more than a reply's allowance after it began (a reply the servers sent before it would have arrived
     * by then).
     */
    private static boolean answeredAfterServersBack(FaultSpan f, HoldInterval hold, LeaseTerms terms) {
        if (f.start().index() > hold.start().index()) return false;
        if (f.end() != null && f.end().index() < hold.start().index()) return true;
        long answer = hold.start().time();
        long slack = terms == null ? LeaseTerms.REPLY_ALLOWANCE_MIN : terms.allowance();
        return answer != Op.NO_TIME && f.start().time() != Op.NO_TIME && answer - f.start().time() > slack;
    }

    /**
     * Why {@code g}, answered after a fault inside its acquire, may have been granted before
     * {@code hold} began and lost its own lease meanwhile; null when the history rules that out. A
     * lower token proves it was granted first; without tokens, it asked before the hold's answer and
     * its lease, as the model says, could have ended by then.
     */
    private static String grantedFirst(Context ctx, LeaseTerms terms, HoldInterval hold, HoldInterval g, FaultSpan f) {
        if (g.token() != null && hold.token() != null) return g.token() < hold.token() ? "its token is lower" : null;
        // a freeze aimed at a point of the lock's code before its grant (pause-at:after-get) came before the grant
        if (aimedBeforeGrant(ctx, f)) return null;
        int gAskIndex = ctx.h.partner(g.start().index());
        if (gAskIndex < 0 || gAskIndex > hold.start().index()) return null;
        long gAsk = ctx.h.get(gAskIndex).time();
        long holdAnswer = hold.start().time();
        if (terms == null || gAsk == Op.NO_TIME || holdAnswer == Op.NO_TIME) return "it asked before this hold began" + unplaced(ctx, f);
        if (terms.expiresByItself() && holdAnswer - gAsk >= terms.ttl() - terms.allowance()) {
            return "it asked at " + History.duration(gAsk) + ", its " + terms.describe() + " or more before this hold's answer" + unplaced(ctx, f);
        }
        long until = f.end() == null ? Long.MAX_VALUE : f.end().time();
        FaultEffect.Impact impact = f.effect().onProcess() == FaultEffect.OnProcess.FREEZES ? FaultEffect.Impact.FROZEN
                : f.effect().onHolder(client(g), dev.lockstorm.faults.Judging.one(ctx.servers, ctx.clientHosts));
        LeaseTerms.Judgement j = terms.stopped(f, impact, true, f.start().time(), until, gAsk, holdAnswer, LeaseTerms.Clocks.NONE);
        return j.suffices() ? "it asked before this hold began, and " + j.why() + unplaced(ctx, f) : null;
    }

    /**
     * Why a fault's size, timing and direction went unjudged: the history says no lease (an imported
     * one), or has no times; either way the fault is taken as enough, and the explanation says so.
     */
    private static String unjudged(LeaseTerms terms) {
        return terms == null ? "; the history does not say the lock's lease, so the fault's size and timing are not judged"
                : "; the history has no times, so the fault's size and timing are not judged";
    }

    private static String client(HoldInterval hold) {
        return String.valueOf(hold.start().client());
    }

    /**
     * Whether {@code f} began before the ask and held the call back until it ended: a freeze (the worker took the call up only
     * when thawed), or a cut that kept the servers from hearing the client (its request reached them only when the cut ended).
     * Either way the grant came after the fault, and its answer followed at once: the fault held no reply back.
     */
    private static boolean heldTheCallBack(Context ctx, FaultSpan f, HoldInterval hold, int askIndex, LeaseTerms terms) {
        if (askIndex < 0 || f.start().index() > askIndex) return false;
        return f.effect().onProcess() == FaultEffect.OnProcess.FREEZES
                || f.effect().onHolder(client(hold), judging(ctx, f, terms, hold)) == FaultEffect.Impact.CUT_OFF;
    }

    /**
     * The checkpoint a fault was aimed at ({@code pause-at:after-get}: {@code after-get}; a replayed step's, {@code pause-at:after-get#2},
     * too), or null: aimed at none.
     */
    private static String aimedPoint(FaultSpan f) {
        return f.name().flatMap(dev.lockstorm.faults.FaultName::checkpoint).orElse(null);
    }

    /**
     * Whether the fault was aimed at a point of an acquire before the servers granted it: lockstorm's own before the call, or
     * one the lock declares so ({@code LockSystem.checkpoints}, the run event's {@code checkpoints}). A point it places after,
     * or does not place, may have been reached after the grant.
     */
    private static boolean aimedBeforeGrant(Context ctx, FaultSpan f) {
        String point = aimedPoint(f);
        return point != null && (point.equals(Checkpoints.BEFORE_ACQUIRE)
                || ctx.points.get(point) == Checkpoints.Place.BEFORE_GRANT);
    }

    /**
     * Words for a fault aimed at a point of the lock's own that the run does not place against the grant, judged as one that
     * may have come after it; empty for any other fault.
     */
    private static String unplaced(Context ctx, FaultSpan f) {
        String point = aimedPoint(f);
        if (point == null || ctx.points.containsKey(point) || Checkpoints.OWN.contains(point)) return "";
        return "; the lock does not say whether its point " + point + " comes before or after its servers grant (LockSystem.checkpoints),"
                + " so a fault there is judged as one that may have come after the grant";
    }

    /** A freeze of {@code g}'s own client, or a fault of its links, that held up its acquire between the ask and the answer, or null. */
    private static FaultSpan insideAcquire(Context ctx, HoldInterval g) {
        int askIndex = ctx.h.partner(g.start().index());
        if (askIndex < 0) return null;
        Op ask = ctx.h.get(askIndex);
        for (FaultSpan f : ctx.faultsIn(askIndex, g.start().index(), ask.time(), g.start().time())) {
            if (!onClientOf(f, g) || f.start().index() >= g.start().index()) continue;
            // a freeze begun inside the acquire (its end may be recorded a moment after the answer: the client answers once resumed);
            // one begun before the ask held up the call before it went out, so the grant came after it
            boolean begunInside = f.start().index() > askIndex;
            if (f.effect().onProcess() == FaultEffect.OnProcess.FREEZES && begunInside) return f;
            // its own links to any server lossy, slowed, delayed or losing the replies while it asked, from before the ask too: the
            // answer came late (a lock that asks every server waits on the slowest), and the grant may have been made long before
            // it. A cut both ways only from inside the acquire: one begun before the ask kept the call from the servers until it
            // ended, and the answer followed the grant at once
            FaultEffect.Impact links = f.effect().onHolder(client(g), dev.lockstorm.faults.Judging.one(ctx.servers, ctx.clientHosts));
            if (links.onLinks() && (links != FaultEffect.Impact.CUT_OFF || begunInside)) return f;
        }
        return null;
    }

    /**
     * Who judged the lease while {@code f} was in force: a group's leader as the run's watch named it when {@code f} began, and the
     * servers the holder was attached to then ({@link #attachedAt}).
     */
    private static dev.lockstorm.faults.Judging judging(Context ctx, FaultSpan f, LeaseTerms terms, HoldInterval hold) {
        LeaseModel.Judges judges = terms == null ? LeaseModel.Judges.ONE : terms.judges();
        // a majority's servers frozen, killed or cut from the holder: as many as end the lease where its client noted it held it;
        // unnoted, so many that those left are no majority, as for a lease held on every server
        int lost = judges == LeaseModel.Judges.MAJORITY ? heldOn(hold).map(Notes.HeldOn::lostToEnd).orElse(0) : 0;
        return new dev.lockstorm.faults.Judging(ctx.servers, judges, leaderAt(ctx, f.start().index()), ctx.clientHosts, attachedAt(ctx, hold, f), lost);
    }

    /**
     * The servers the holder's client was connected to when {@code f} began ({@code attached}, recorded with its grant and with
     * each "still held?"): the last such record in this hold before {@code f}, and only while nothing was injected between the
     * two (a connection moves only when something breaks it). Empty when the history does not say: any member may be it.
     */
    private static Set<String> attachedAt(Context ctx, HoldInterval hold, FaultSpan f) {
        int from = hold.start().index();
        int until = f.start().index();
        if (until <= from) return Set.of();
        int[] own = ctx.eventsBetween(hold.process(), from - 1, until);
        for (int k = own.length - 1; k >= 0; k--) {
            Op op = ctx.h.get(own[k]);
            // a completion's, which the history's reader checked (a list of names)
            if (op.type() == OpType.INVOKE || !(op.extra("attached") instanceof List<?> l)) continue;
            if (ctx.injectedBetween(own[k], until)) return Set.of();
            Set<String> out = new HashSet<>();
            for (Object o : l) out.add(String.valueOf(o));
            return out;
        }
        return Set.of();
    }

    /** Whether {@code f} touched the client of {@code hold}: its host, or its worker process ({@code client-c3-p7}). */
    private static boolean onClientOf(FaultSpan f, HoldInterval hold) {
        return f.hosts().contains(client(hold)) || f.effect().workers().contains(new dev.lockstorm.faults.Worker(client(hold), hold.process()));
    }

    /**
     * Whether {@code f} acts on one of the lock's servers: one of {@code servers} when the history names them, else a host that
     * is not a client's. A fault of another host of the run (the resource's service, its own servers) is no fault of the lock's.
     */
    static boolean onLockServer(FaultSpan f, List<String> servers, Set<String> clientHosts) {
        return dev.lockstorm.faults.Judging.onServer(f.hosts(), servers, clientHosts);
    }

    /** The hosts clients ran on, as their operations name them ({@code client}). */
    static Set<String> clientHosts(History h) {
        // the run's own list first: a client that never got to act (frozen or cut off from the start) is still a client
        Set<String> out = new HashSet<>(RunFacts.of(h).clientHosts());
        for (Op op : h.ops()) if (op.isClient() && op.client() != null) out.add(op.client());
        return out;
    }

    private static boolean sameLock(Op op, HoldInterval hold) {
        return op.lock().equals(hold.lock());
    }
}
