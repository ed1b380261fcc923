package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.Prose;

import java.util.List;

/**
 * One hold that other clients' grants overlapped: who believed it held the lock and since when,
 * every grant made to others meanwhile, the faults in force, and what it cost the resource. A run
 * where one client froze while four others took turns has one incident, not dozens of pairs.
 *
 * @param holder      the hold that was overlapped
 * @param grants      every other hold that began while it lasted, in order
 * @param faults      the faults in force at some instant of the hold
 * @param staleWrites stale writes the resource accepted during the hold
 * @param lostUpdates acknowledged writes during the hold that went backwards, each with the increments it lost
 * @param cause       whether every lease lock does this under the fault that came (a lease limit), or the lock has a defect
 * @param grantCount  how many grants overlapped the hold: {@code grants} lists the first of them when there are very many
 */
public record Incident(HoldInterval holder, List<HoldInterval> grants, List<FaultSpan> faults, List<StaleWrite> staleWrites,
                       List<Overwrite> lostUpdates, Cause cause, int grantCount) implements Prose.Explained {

    /** An incident whose every grant is listed. */
    public Incident(HoldInterval holder, List<HoldInterval> grants, List<FaultSpan> faults, List<StaleWrite> staleWrites,
                    List<Overwrite> lostUpdates, Cause cause) {
        this(holder, grants, faults, staleWrites, lostUpdates, cause, grants.size());
    }

    /**
     * Why the lock was granted while the holder held it.
     *
     * @param leaseLimit true when the holder was frozen, cut off, its clock or renewals moved, or it held past its lease
     *                   before the grant: any lease lock without fencing does this; false for a lock defect (the service
     *                   granted the lock twice with nothing to explain it, or the client told its holder it still held the
     *                   lock after the lock was granted to another)
     * @param reason     the evidence, in its parts
     * @param fault      the fault the evidence names (the holder frozen, cut off or kept from renewing, a server's clock
     *                   moved, a client frozen inside its acquire; for a defect, a server killed between the two grants),
     *                   or null when none does (the holder held past its lease, or a defect no fault is tied to)
     * @param leaseEnds  where the holder's lease, by its model, could run out (a lease limit: at or before the grant), or
     *                   ran to at least (a defect: after it), in nanoseconds on the history's clock; {@link Op#NO_TIME}
     *                   when the evidence does not place it (no lease said, no times, a lease that never ends by itself)
     */
    public record Cause(boolean leaseLimit, Prose reason, FaultSpan fault, long leaseEnds) {
        /** A cause that does not place the holder's lease end. */
        public Cause(boolean leaseLimit, Prose reason, FaultSpan fault) {
            this(leaseLimit, reason, fault, Op.NO_TIME);
        }

        /** A cause whose evidence names no process. */
        public Cause(boolean leaseLimit, String why, FaultSpan fault) {
            this(leaseLimit, Prose.text(why), fault);
        }

        /** A cause whose evidence names no process, with where the holder's lease ends (or {@link Op#NO_TIME}). */
        public Cause(boolean leaseLimit, String why, FaultSpan fault, long leaseEnds) {
            this(leaseLimit, Prose.text(why), fault, leaseEnds);
        }

        /** A lease limit on a judgement of the holder's lease, which says where that lease could run out. */
        static Cause limit(LeaseTerms.Judgement j, FaultSpan fault) {
            return new Cause(true, j.why(), fault, j.runsOut());
        }

        /** A cause that names no fault. */
        public Cause(boolean leaseLimit, String why) {
            this(leaseLimit, why, null);
        }

        /** The evidence in plain words. */
        public String why() {
            return reason.plain();
        }

        /** "lease limit" or "lock defect". */
        public String word() {
            return leaseLimit ? "lease limit" : "lock defect";
        }

        /** The key results.json and --expect use: "lease-limit" or "lock-defect". */
        public String key() {
            return leaseLimit ? "lease-limit" : "lock-defect";
        }
    }

    public Incident {
        grants = List.copyOf(grants);
        faults = List.copyOf(faults);
        staleWrites = List.copyOf(staleWrites);
        lostUpdates = List.copyOf(lostUpdates);
    }

    @Override
    public Prose prose() {
        Op s = holder.start();
        // each process granted once, by its label
        java.util.TreeMap<String, Prose.Who> others = new java.util.TreeMap<>();
        for (HoldInterval g : grants) others.putIfAbsent(String.valueOf(g.start().processLabel()), g.start().who());
        boolean named = others.values().stream().anyMatch(w -> w.client() != null);
        Prose.Builder b = new Prose.Builder().add(s.who()).add(" held " + holder.what() + " from " + History.when(s));
        if (holder.token() != null) b.add(" (token ").add(holder.token()).add(")");
        b.add(holder.end() == null ? " to the end of the history" : " to " + History.when(holder.end())
                + (holder.end().type() == dev.lockstorm.checker.history.OpType.INVOKE ? "" : " (when it crashed)"));
        // a read-write lock's grants name their mode: a write grant beside a read hold, any grant beside a write hold
        String modes = grants.stream().map(HoldInterval::mode).filter(m -> !m.isEmpty()).distinct().sorted()
                .collect(java.util.stream.Collectors.joining(" and "));
        b.add("; meanwhile " + grantCount + (modes.isEmpty() ? "" : " " + modes) + (grantCount == 1 ? " grant" : " grants") + " to ");
        if (named) {
            // named as everywhere else ("process 2 (client c3)") when the history names clients
            b.join(", ", others.values());
        } else {
            b.add((others.size() == 1 ? "process " : "processes ") + String.join(", ", others.keySet()));
        }
        b.add(grantCount > grants.size() ? " and others (the first " + grants.size() + " listed)" : "");
        Long lo = null;
        Long hi = null;
        for (HoldInterval g : grants) {
            if (g.token() == null) continue;
            lo = lo == null ? g.token() : Math.min(lo, g.token());
            hi = hi == null ? g.token() : Math.max(hi, g.token());
        }
        if (lo != null) b.add(Prose.of(lo.equals(hi) ? " (token " : " (tokens ", lo, lo.equals(hi) ? ")" : Prose.of("–", hi, ")")));
        if (!faults.isEmpty()) b.add("; faults in force: " + String.join(", ", faults.stream().map(FaultSpan::describe).toList()));
        // what the lock's own client noted with a grant (a node its session does not own, a key that no longer exists):
        // often the mechanism itself, in the client's words
        List<Prose> noted = new java.util.ArrayList<>();
        for (HoldInterval h : java.util.stream.Stream.concat(java.util.stream.Stream.of(holder), grants.stream()).toList()) {
            if (h.start().extra("notes") instanceof List<?> ns && !ns.isEmpty()) {
                noted.add(Prose.of(h.start().who(), "'s grant at " + History.when(h.start()) + ": \""
                        + String.join("; ", ns.stream().map(String::valueOf).toList()) + "\""));
            }
        }
        if (!noted.isEmpty()) b.add("; noted by the lock's client with ").join("; ", noted);
        long lost = lostUpdates.stream().mapToLong(Overwrite::lost).sum();
        b.add("; " + staleWrites.size() + (staleWrites.size() == 1 ? " stale write" : " stale writes") + " accepted, ");
        if (lost == 0) {
            b.add("no increment lost");
        } else {
            b.add(lost + (lost == 1 ? " increment" : " increments") + " lost (").join("; ", lostUpdates.stream().map(Overwrite::prose).toList()).add(")");
        }
        String word = cause.word();
        return b.add(". " + word.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + word.substring(1) + ": ").add(cause.reason()).build();
    }
}
