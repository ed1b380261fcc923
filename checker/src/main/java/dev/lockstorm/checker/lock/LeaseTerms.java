package dev.lockstorm.checker.lock;

import dev.lockstorm.api.LeaseModel;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.faults.FaultEffect;

/**
 * A lock's lease model in the terms the rules judge by, and the rules: whether a fault could have
 * ended a holder's lease before another client's grant, as the model says the lease lives. A fault
 * that merely overlaps the hold suffices for nothing: its timing, size, direction and target must
 * let the lease run out (docs/checker.md, "Lease limits").
 *
 * @param kind     how the lease lives
 * @param ttl      a fixed lease's or a renewed lease's time to live, a session's detection time; -1 when none
 * @param interval how often a renewed lease is renewed; 0 otherwise
 * @param clock    whose clock times it
 * @param judges   which servers must stop hearing the holder
 * @param failoverGrace how long past its old end a new leader keeps a renewed lease it has not heard; -1 when a new
 *                      leader gives every lease a whole ttl (or the lease is not renewed)
 */
record LeaseTerms(Kind kind, long ttl, long interval, LeaseModel.Clock clock, LeaseModel.Judges judges, long failoverGrace) {

    /** How a lease lives, as the rules tell them apart. */
    enum Kind {
        /** ends a ttl after the service stamped it, whatever the holder does */
        FIXED,
        /** ends when no renewal reached the judges for a ttl */
        RENEWED,
        /** ends when the server closes the holder's connection (after {@code ttl} unheard, or never when -1) */
        SESSION,
        /** ends only when released */
        UNBOUNDED,
        /** not declared: judged as FIXED and as RENEWED (a third of the ttl), either excusing: never a wrong accusation */
        UNDECLARED
    }

    /**
     * The shortest reply allowance: how long before its answer to the holder the service may have
     * begun the lease. A quarter of a second: a service that stamps the lease inside a transaction
     * (the lock table's row) answers after its commit, 220 ms after the stamp once on this project's
     * loaded 2-core CI machine, where 50 ms called a correct lock defective.
     */
    static final long REPLY_ALLOWANCE_MIN = 250_000_000L;
    /** ... or a twentieth of the lease (200 ms of a 4 s lease), whichever is longer. */
    static final long REPLY_ALLOWANCE_SHARE = 20;

    /** The one place a model becomes terms. */
    static LeaseTerms of(LeaseModel m) {
        if (m instanceof LeaseModel.Fixed f) return new LeaseTerms(Kind.FIXED, f.ttl().toNanos(), 0, f.clock(), f.judges(), -1);
        if (m instanceof LeaseModel.Renewed r) {
            return new LeaseTerms(Kind.RENEWED, r.ttl().toNanos(), r.interval().toNanos(), r.clock(), r.judges(),
                    r.failoverGrace() == null ? -1 : r.failoverGrace().toNanos());
        }
        if (m instanceof LeaseModel.Session s) {
            return new LeaseTerms(Kind.SESSION, s.detection() == null ? -1 : s.detection().toNanos(), 0, LeaseModel.Clock.SERVICE, s.judges(), -1);
        }
        if (m instanceof LeaseModel.Undeclared u) {
            long l = u.lease().toNanos();
            return new LeaseTerms(Kind.UNDECLARED, l, l / 3, LeaseModel.Clock.SERVICE, LeaseModel.Judges.ONE, -1);
        }
        return new LeaseTerms(Kind.UNBOUNDED, -1, 0, LeaseModel.Clock.SERVICE, LeaseModel.Judges.ONE, -1);
    }

    /** Whether a lock server's clock moved so moves the clock the lease is timed on: never a client-timed lease's, a monotonic one's only by a monotonic rate. */
    boolean timedBy(FaultEffect.Move move) {
        return switch (clock) {
            case SERVICE -> true;
            case SERVICE_MONOTONIC -> move.reachesMonotonic();
            case CLIENT -> false;
        };
    }

    /** A fixed ttl, counted from a moment in the hold, expires by itself. */
    boolean expiresByItself() {
        return kind == Kind.FIXED || kind == Kind.UNDECLARED;
    }

    /** Renewals keep it (a fault that stops them long enough ends it). */
    boolean renewed() {
        return kind == Kind.RENEWED || kind == Kind.UNDECLARED;
    }

    /** How long before its answer to the holder the service may have begun the lease: the grant's commit and its reply's time on the wire. */
    long allowance() {
        return Math.max(REPLY_ALLOWANCE_MIN, Math.max(ttl, 0) / REPLY_ALLOWANCE_SHARE);
    }

    /** "a fixed 4 s lease", "a 4 s lease renewed every 1.333 s", …: for explanations. */
    String describe() {
        return switch (kind) {
            case FIXED -> "fixed " + History.duration(ttl) + " lease";
            case RENEWED -> History.duration(ttl) + " lease renewed every " + History.duration(interval);
            case SESSION -> ttl < 0 ? "session-bound lock" : "session-bound lock (closed after " + History.duration(ttl) + " unheard)";
            case UNBOUNDED -> "lock without a lease";
            case UNDECLARED -> History.duration(ttl) + " lease (its model undeclared)";
        };
    }

    /**
     * Whether the judgement excuses the grant, and why (or why not), in words; {@code runsOut}: where it places the
     * lease's end (could run out, or ran to at least), or {@link Op#NO_TIME} when it does not.
     */
    record Judgement(boolean suffices, String why, long runsOut, Held held) {
        Judgement(boolean suffices, String why, long runsOut) {
            this(suffices, why, runsOut, null);
        }

        Judgement(boolean suffices, String why) {
            this(suffices, why, Op.NO_TIME);
        }

        static Judgement yes(String why) {
            return new Judgement(true, why);
        }

        static Judgement no(String why) {
            return new Judgement(false, why);
        }

        /** The same judgement with what it rested on added to its words, in brackets. */
        Judgement because(String reason) {
            return new Judgement(suffices, why + " (" + reason + ")", runsOut, held);
        }
    }

    /**
     * A fault that kept the holder of a renewed lease from renewing (or a session's server from hearing
     * it) from {@code from} until what it held up landed at {@code to}, too short alone: faults back to back are weighed as one ({@link #together}).
     *
     * @param what the fault's words in a judgement: "pause of the holder (pause c1 from 1.000 s to 3.000 s)"
     */
    record Held(FaultSpan fault, long from, long to, String what) {
    }

    /**
     * The lock servers' clocks moved (jumped, ran fast or slow, strobed) between the holder's ask and the grant: a
     * lease they put ahead runs out that much sooner whatever else held its holder up, so a freeze too short for the
     * lease and a jump too small for it are weighed together, and so are several jumps. A move counts while it is on
     * the clock, and once the clock is set right again only as setting it right moved a lease stamped meanwhile (a
     * clock set back and then right jumps ahead under such a lease; one set ahead and then right no longer shortens any).
     *
     * Each server's clock is its own: moves of one server's clock add up, moves of two servers' clocks do not. A lease judged
     * by a majority of independent servers lets another client be granted only once it ran out on enough of the servers
     * that hold its key ({@code needed}: held on 3 of 3, on 2; on a bare majority, on 1), so the moves count as far as the
     * {@code needed}-th most moved server had them (the servers that did not move, none).
     *
     * @param moves  the faults that moved a lock server's clock, in the order they began
     * @param needed how many servers' clocks must have run the lease out (at least 1)
     * @param why    why that many, in words ("" for one)
     */
    record Clocks(java.util.List<FaultSpan> moves, int needed, String why) {
        static final Clocks NONE = new Clocks(java.util.List.of());

        Clocks {
            moves = java.util.List.copyOf(moves);
            if (needed < 1) throw new IllegalArgumentException("needed " + needed + " servers' clocks");
        }

        /** Moves that need one server's clock (one server judges, or any one of them may). */
        Clocks(java.util.List<FaultSpan> moves) {
            this(moves, 1, "");
        }

        /** The moves on each server's clock, by the hosts each names, in the order they began. */
        private java.util.Collection<java.util.List<FaultSpan>> byServer() {
            java.util.Map<java.util.List<String>, java.util.List<FaultSpan>> by = new java.util.LinkedHashMap<>();
            for (FaultSpan f : moves) by.computeIfAbsent(f.hosts(), k -> new java.util.ArrayList<>()).add(f);
            return by.values();
        }

        /** Of each server's own measure, the {@code needed}-th greatest: as far as that many servers' clocks got (0 where fewer moved). */
        private long asFarAsNeeded(java.util.function.ToLongFunction<java.util.List<FaultSpan>> each) {
            long[] per = byServer().stream().mapToLong(each).sorted().toArray();
            return per.length < needed ? 0 : per[per.length - needed];
        }

        /** How far ahead of the real time the moves had put a lease stamped at {@code stamped} at the moment {@code at}; a move of unsaid size counts as none. */
        long ahead(long stamped, long at) {
            return asFarAsNeeded(server -> {
                long sum = 0;
                for (FaultSpan f : server) sum = plus(sum, ahead(f, stamped, at)); // a history may say moves of centuries
                return sum;
            });
        }

        /** Where the moves are, in words for a judgement: on which servers' clocks they had to be to count. */
        String where() {
            if (needed > 1) return " on each of " + needed + " servers' clocks (" + why + ")";
            return byServer().size() > 1 ? " on one server's clock (each server's clock is its own)" : "";
        }

        private static long ahead(FaultSpan f, long stamped, long at) {
            long from = f.start().time();
            if (from > at) return 0;
            FaultEffect.Move move = f.effect().clockMove().orElseThrow();
            if (f.setRightBy(at)) {
                // the clock is right again: only a lease stamped while the move was on it moved, by minus what the move had put on it
                if (stamped >= f.setRight()) return 0;
                return Math.max(0, move.setRightNanos(from, Math.min(stamped, f.end().time())).orElse(0));
            }
            long end = f.end() == null ? at : Math.min(at, f.end().time());
            return Math.max(0, move.aheadNanos(from, stamped, end).orElse(0));
        }

        /**
         * The moments from {@code stamped} to {@code until} at which a lease's reading can be at its most: {@code until},
         * where each move began and ended, and each setting right, and just before it.
         */
        private java.util.NavigableSet<Long> moments(long stamped, long until) {
            java.util.TreeSet<Long> at = new java.util.TreeSet<>();
            at.add(until);
            for (FaultSpan f : moves) {
                at.add(f.start().time());
                if (f.end() != null) at.add(f.end().time());
                if (f.setRight() != Op.NO_TIME) {
                    at.add(f.setRight() - 1);
                    at.add(f.setRight());
                }
            }
            return at.subSet(stamped, true, until, true);
        }

        /** The most the moves had put a lease stamped at {@code stamped} ahead at any moment up to {@code until}. */
        long most(long stamped, long until) {
            long best = 0;
            for (long t : moments(stamped, until)) best = Math.max(best, ahead(stamped, t));
            return best;
        }

        /**
         * Where a lease of {@code ttl}, stamped at {@code stamped} on these clocks, ran out at the earliest, if by
         * {@code until}: at the first of the moments at which its clock read a ttl past the stamp, no earlier than the
         * move (or the setting right) that put it ahead. Null when it did not.
         */
        RunOut runsOut(long stamped, long ttl, long until) {
            for (long t : moments(stamped, until)) {
                long ahead = ahead(stamped, t);
                // compared without a sum that could overflow (a history may say a lease, or a clock's move, of centuries)
                if (ahead > 0 && ahead >= ttl - (t - stamped)) return new RunOut(Math.max(firstAhead(stamped, t), stamped + Math.max(0, ttl - ahead)), ahead, t);
            }
            return null;
        }

        /**
         * The most the moves beginning within one {@code window} of each other put a lease stamped at {@code stamped}
         * ahead by {@code until}: a renewed lease is stamped again every interval, so only moves between two renewals
         * add up, and a clock running fast gains on it only what it gains in an interval. A clock set right again
         * before {@code until} counts by what setting it right moved a renewal stamped while it was moved.
         */
        long aheadWithin(long window, long stamped, long until) {
            return asFarAsNeeded(server -> {
                long best = 0;
                for (int i = 0; i < server.size(); i++) {
                    long sum = 0;
                    for (int k = i; k < server.size() && server.get(k).start().time() - server.get(i).start().time() <= window; k++) {
                        sum = plus(sum, gain(server.get(k), stamped, until, window));
                    }
                    best = Math.max(best, sum);
                }
                return best;
            });
        }

        private static long gain(FaultSpan f, long stamped, long until, long window) {
            long from = f.start().time();
            if (from > until) return 0;
            FaultEffect.Move move = f.effect().clockMove().orElseThrow();
            long end = f.end() == null ? until : Math.min(until, f.end().time());
            long gain = Math.max(0, move.gainNanos(from, stamped, end, window).orElse(0));
            if (f.setRightBy(until) && stamped < f.setRight()) {
                // the last renewal before the clock was set right: a window before it, while the move was on the clock
                long renewal = Math.min(f.end().time(), Math.max(Math.max(stamped, from), f.setRight() - window));
                gain = Math.max(gain, move.setRightNanos(from, renewal).orElse(0));
            }
            return gain;
        }

        /**
         * When the first move that put a lease stamped at {@code stamped} ahead by {@code until} did so: where it began,
         * or where the clock was set right, when only that moved the lease. It ran out no earlier.
         */
        long firstAhead(long stamped, long until) {
            // the needed-th server to move: the lease was ahead on that many clocks no earlier
            long[] per = byServer().stream().mapToLong(server -> {
                long first = Long.MAX_VALUE;
                for (FaultSpan f : server) {
                    boolean right = f.setRightBy(until);
                    if (ahead(f, stamped, right ? f.setRight() - 1 : until) > 0) first = Math.min(first, f.start().time());
                    else if (right && ahead(f, stamped, until) > 0) first = Math.min(first, f.setRight());
                }
                return first;
            }).filter(t -> t != Long.MAX_VALUE).sorted().toArray();
            return per.length < needed ? Long.MAX_VALUE : per[needed - 1];
        }

        /** "clock redis-n1 from 2.000 s to 6.000 s, clock redis-n2 …". */
        String describe() {
            return String.join(", ", moves.stream().map(FaultSpan::describe).toList());
        }
    }

    /**
     * A lease that ran out on moved clocks.
     *
     * @param at    where it ran out at the earliest
     * @param ahead how far the moves had put it ahead then
     * @param seen  the moment it was found run out (at or after {@code at})
     */
    record RunOut(long at, long ahead, long seen) {
    }

    /**
     * A server's clock moved back (or slowed) after the holder's lease was stamped on it, and not set right by the grant:
     * by that clock the lease lasted {@code nanos} longer than its length.
     */
    record HeldBack(FaultSpan fault, long nanos) {
    }

    /**
     * Whether the holder's lease, timed from {@code start} (the earliest moment the service may have
     * stamped it), ran out by itself before the grant at {@code grant}.
     *
     * @param start  the earliest the lease began: the holder's answer less the allowance, not before its ask
     * @param answer when the holder heard of its grant
     * @param back   the server's clock that certainly lengthened it, or null
     * @param heldUp the fault that held the holder's answer back, so that its lease may have begun at its ask, or null
     */
    Judgement expired(long start, long answer, long grant, HeldBack back, FaultSpan heldUp) {
        if (!expiresByItself()) return Judgement.no("a " + describe() + " does not end by itself while its holder runs");
        long length = plus(ttl, back == null ? 0 : back.nanos());
        long end = plus(start, length);
        if (grant - answer >= length) {
            return new Judgement(true, "the holder had held for " + History.duration(grant - answer) + " when the grant came, past its "
                    + describe() + lengthened(back), end);
        }
        if (grant - start >= length && heldUp != null) {
            return new Judgement(true, "the grant came " + History.duration(grant - start) + " after the holder's ask, past its " + describe()
                    + lengthened(back) + ": its lease may have begun then, for a fault held its answer back (" + heldUp.describe() + ")", end);
        }
        if (grant - start >= length) {
            return new Judgement(true, "the grant came " + History.duration(grant - answer) + " after the holder's answer, within "
                    + History.duration(length - (grant - answer)) + " of its " + describe() + "'s end" + lengthened(back)
                    + ": the lease began before that answer, so it may have run out", end);
        }
        if (back != null && grant - start >= ttl) {
            return new Judgement(false, "the holder's " + describe() + " would have run out by the grant at " + History.duration(grant)
                    + ", but the clock it is timed on was set back after it was stamped (" + back.fault().describe() + ", "
                    + back.fault().effect().clockMove().orElseThrow().words() + "): by that clock it ran to at least "
                    + History.duration(end), end);
        }
        return new Judgement(false, "the holder's " + describe() + " ran to at least " + History.duration(end) + lengthened(back)
                + ", after the grant at " + History.duration(grant), end);
    }

    /** {@code a + b}, held at the ends of a long: a time plus a lease of centuries is later than any event, never before them. */
    static long plus(long a, long b) {
        long sum = a + b;
        if (((a ^ sum) & (b ^ sum)) < 0) return a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        return sum;
    }

    private static String lengthened(HeldBack back) {
        return back == null ? "" : " (" + History.duration(back.nanos()) + " longer by its server's clock, set back after it was stamped: "
                + back.fault().describe() + ")";
    }

    /**
     * Whether a fault that held the holder up ({@code impact}: froze it, cut it off from the servers
     * that judge its lease, held its renewals, slowed, delayed or lost its packets) from {@code from}
     * to {@code to} (Long.MAX_VALUE: not undone) could have ended its lease before {@code grant}.
     *
     * @param ask    the holder's ask: the service heard it then, so nothing was unrenewed before
     * @param clocks the lock servers' clocks moved ahead meanwhile, which shorten a lease timed on them
     */
    Judgement stopped(FaultSpan f, FaultEffect.Impact impact, boolean inAcquire, long from, long to, long ask, long grant, Clocks clocks) {
        String what = f.effect().noun() + (impact.throughServers() ? " of the servers that judge it" : " of the holder") + " (" + f.describe() + ")";
        String held = "the holder was " + impact.words() + (inAcquire ? " inside its acquire" : " before the grant") + " (" + f.describe() + ")";
        switch (kind) {
            case FIXED:
                return Judgement.no("a " + describe() + " ends on its own time whatever the holder does, so the " + what + " cannot end it early");
            case UNBOUNDED:
                return Judgement.no("a " + describe() + " ends only when released, so the " + what + " cannot end it");
            case SESSION:
                if (impact == FaultEffect.Impact.SERVERS_DOWN) {
                    // a session's lock lives in the server's memory with its connection: a crash ends both at once
                    long at = Math.max(from, ask);
                    return new Judgement(true, "the server that held the holder's session was killed (" + f.describe() + "): a " + describe()
                            + " ends with its connection, at " + History.duration(at) + ", before the grant at " + History.duration(grant), at);
                }
                if (impact == FaultEffect.Impact.FROZEN) {
                    return Judgement.no("a frozen client's kernel keeps its connection open, so the " + what + " does not end a " + describe());
                }
                // a word lockstorm does not know may have been a cut: judged as one; a holder that hears nothing answers no
                // keep-alive probe either
                if (!impact.cut() && impact != FaultEffect.Impact.UNREAD) {
                    return Judgement.no("the " + what + " does not close a " + describe() + "'s connection");
                }
                if (f.effect().resetsConnections()) {
                    // refused with resets, the connection breaks as soon as the server next sends to the holder (a reply, a keep-alive probe)
                    long at = Math.max(from, ask);
                    return new Judgement(true, held + ": a cut that answers with resets breaks the connection as soon as the server next"
                            + " sends to the holder, so its " + describe() + " could end from " + History.duration(at) + ", before the grant at "
                            + History.duration(grant), at);
                }
                if (ttl < 0) return Judgement.no("the server notices a cut-off client only by its own keep-alive (hours), so the " + what + " does not end a " + describe());
                Judgement cut = window(what, held, Math.max(from, ask), to, grant, Clocks.NONE);
                return cut.suffices() ? cut : new Judgement(false, cut.why(), cut.runsOut(), new Held(f, from, to, what));
            default:
                break;
        }
        // renewed (or undeclared, judged as renewed)
        String size = tooSmall(f, impact);
        if (size != null) return Judgement.no("the " + what + " " + size);
        // a delayed link delivers what was sent under it a delay late: renewals keep landing late after it is undone
        long lands = to;
        if (to != Long.MAX_VALUE && f.effect().lateNanos().isPresent()) lands = plus(to, f.effect().lateNanos().getAsLong());
        Judgement j = window(what, held, Math.max(from - interval, ask), lands, grant, clocks);
        return j.suffices() ? j : new Judgement(false, j.why(), j.runsOut(), new Held(f, from, lands, what));
    }

    /**
     * Whether faults that held the holder up back to back ({@code chain}, in the order they began, each
     * beginning within the reply allowance of the last one's end: no time for a renewal between them),
     * each too short alone, kept its renewed lease unrenewed (or its session unheard) long enough to run out before {@code grant}.
     */
    Judgement together(java.util.List<Held> chain, long ask, long grant, Clocks clocks) {
        long from = chain.get(0).from();
        long to = chain.stream().mapToLong(Held::to).max().orElseThrow();
        String what = "faults back to back (the " + String.join(", then the ", chain.stream().map(Held::what).toList()) + ")";
        String held = "the holder was held up from " + History.duration(from) + " to " + History.duration(to) + " by " + what;
        // a session's server counts its detection from the first moment it heard nothing; a renewed lease may have been renewed last an interval before
        long heard = kind == Kind.SESSION ? from : from - interval;
        return window(what, held, Math.max(heard, ask), to, grant, kind == Kind.SESSION ? Clocks.NONE : clocks);
    }

    /**
     * Whether a failover of the servers that judge the lease could have ended it before {@code grant}:
     * the leader that judged it was frozen, killed or cut off from a majority at {@code from}, and no
     * renewal could land until the run's leader watch named the next leader at {@code elected}. A new
     * leader that gives every lease a whole ttl ends none; one that keeps an unheard lease only
     * {@link #failoverGrace} past its old end (Hazelcast's CP sessions) ends it there unless the holder
     * renews through the new leader first, which it may not: its next renewal may come an interval after
     * the takeover, and while it was itself frozen or kept from the old leader ({@code heldUntil}) its
     * renewals went to a leader that could not commit them.
     *
     * @param what      the fault and the old leader, for the words
     * @param heldUntil until when the holder's renewals were held up on their way to the old leader; Long.MIN_VALUE when not
     * @param ask       the holder's ask: the service heard it then
     */
    Judgement failover(String what, long from, long elected, long heldUntil, long ask, long grant) {
        if (kind != Kind.RENEWED) return Judgement.no("a " + describe() + " is not renewed through a leader, so the failover (" + what + ") does not end it");
        if (failoverGrace < 0) {
            return Judgement.no("a new leader gives the holder's " + describe() + " a whole ttl from its takeover, so the failover (" + what + ") does not end it");
        }
        long renewed = Math.max(ask, from - interval);
        long end = Math.max(elected, plus(plus(renewed, ttl), failoverGrace));
        long slack = allowance();
        String grace = "a new leader keeps an unheard lease only " + History.duration(failoverGrace) + " past its old end";
        if (end - slack > grant) {
            return new Judgement(false, "after the failover (" + what + "; a new leader named at " + History.duration(elected) + "), " + grace
                    + ": the holder's " + describe() + ", last heard no earlier than " + History.duration(renewed) + ", could run out at "
                    + History.duration(end) + " at the earliest, after the grant at " + History.duration(grant), end);
        }
        boolean late = end - elected - slack < interval;
        // renewals held up at the old leader until the fault ended: the one held is lost or refused there, and the next goes out
        // (to a leader the client must find) up to an interval later
        boolean held = heldUntil >= end - slack - interval;
        if (!late && !held) {
            return new Judgement(false, "after the failover (" + what + "), the new leader was named at " + History.duration(elected) + ", "
                    + History.duration(end - elected) + " before the holder's " + describe() + " could run out at " + History.duration(end)
                    + ": time for its renewals to reach it", end);
        }
        return new Judgement(true, "the leader that judged the holder's lease failed over (" + what + "): no renewal could land until a new"
                + " leader was named at " + History.duration(elected) + ", and " + grace + (held ? ", while the holder's renewals still went to the"
                + " old one" + (heldUntil < end ? " until " + History.duration(heldUntil) + ", the next due up to " + History.duration(interval)
                + " later" : "") : ", less than a renewal interval after the takeover") + ", so its " + describe() + ", last heard no earlier than "
                + History.duration(renewed) + ", could run out at " + History.duration(end) + ", before the grant at " + History.duration(grant), end);
    }

    /** Why a lossy, slow or delaying fault is too small to stop renewals for a ttl, or null when it is not (or its size is not said). */
    private String tooSmall(FaultSpan f, FaultEffect.Impact impact) {
        java.util.Optional<String> mild = f.effect().tooMild();
        if (mild.isPresent()) return mild.get();
        if (impact == FaultEffect.Impact.DELAYED && f.effect().lateNanos().isPresent()) {
            // a delay holds up the request and its answer: a client that renews once the last renewal was answered leaves
            // a round trip more between two at the server
            long roundTrip = plus(f.effect().lateNanos().getAsLong(), f.effect().lateNanos().getAsLong());
            if (roundTrip < ttl - interval - allowance()) {
                return "holds each renewal's round trip back " + History.duration(roundTrip) + ": renewed every " + History.duration(interval)
                        + ", the " + describe() + " needs a gap of " + History.duration(ttl) + " to end";
            }
        }
        return null;
    }

    /**
     * The lease, last renewed no earlier than {@code renewed}, could run out at {@code renewed + ttl},
     * or sooner by what the servers' {@code clocks} moved ahead after it was stamped (not before the
     * first move): the fault must last until then (less the allowance), and that must come before the grant.
     */
    private Judgement window(String what, String held, long renewed, long to, long grant, Clocks clocks) {
        long end = plus(renewed, ttl);
        long ahead = clocks.most(renewed, Math.min(grant, end));
        String moved = "";
        if (ahead > 0) {
            end = Math.max(clocks.firstAhead(renewed, Math.min(grant, end)), end - ahead);
            moved = " with the servers' clocks moved " + History.duration(ahead) + " ahead" + clocks.where() + " (" + clocks.describe() + ")";
        }
        long slack = allowance();
        if (to != Long.MAX_VALUE && to < end - slack) {
            // the fault ended first: the lease was renewed again after it, and where it then ran to is not placed
            return Judgement.no("the " + what + " ended " + History.duration(end - to) + " before the holder's " + describe()
                    + ", heard of no earlier than " + History.duration(renewed) + ", could run out at " + History.duration(end) + moved);
        }
        if (end - slack > grant) {
            return new Judgement(false, "the holder's " + describe() + ", heard of no earlier than " + History.duration(renewed)
                    + ", could run out at " + History.duration(end) + " at the earliest" + moved + ", after the grant at " + History.duration(grant)
                    + " (the " + what + ")", end);
        }
        return new Judgement(true, held + ", long enough for its " + describe() + ", heard of no earlier than " + History.duration(renewed)
                + ", to run out by " + History.duration(end) + moved + ", before the grant at " + History.duration(grant), end);
    }

    /**
     * Whether a server's clock moved so that the holder's lease, timed on it from {@code start},
     * could have run out before {@code grant}: forward (or fast) by enough, or set right again by enough under a lease
     * stamped on it while it was back (or slow); never back or slow alone.
     */
    Judgement serverClock(FaultSpan f, FaultEffect.Move move, long start, long grant) {
        String what = "server clock fault (" + f.describe() + ")";
        if (clock == LeaseModel.Clock.CLIENT) return Judgement.no("the lease is timed on a client's clock, so the " + what + " does not end it");
        if (!timedBy(move)) {
            return Judgement.no("the lease is timed on the servers' monotonic clock, which the " + what + " did not move (" + move.words()
                    + " of the wall clock)");
        }
        if (kind == Kind.SESSION || kind == Kind.UNBOUNDED) return Judgement.no("a " + describe() + " is timed by no clock, so the " + what + " does not end it");
        if (f.start().time() > grant) return Judgement.no("the " + what + " came after the grant");
        if (move.aheadNanos(f.start().time(), start, grant).isEmpty()) {
            return Judgement.yes("a server's clock moved before the grant, by how much the history does not say (" + f.describe() + ")");
        }
        Clocks one = new Clocks(java.util.List.of(f));
        long ahead = one.most(start, grant);
        // a renewed lease is stamped again at each renewal: the move counts against the last one before it
        long between = renewed() ? one.aheadWithin(interval, start, grant) : 0;
        if (ahead == 0 && between == 0 && move.canHasten()) {
            // a lease stamped on a clock already moved, or after it was set right, is timed on that clock throughout
            return Judgement.no("the " + what + " moved nothing after the holder's " + describe() + " began (no earlier than "
                    + History.duration(start) + "): a lease stamped on the clock as it then was runs its whole length");
        }
        if (ahead <= 0 && between <= 0) return Judgement.no("the " + what + " did not move it ahead (" + move.words() + "): a lease timed on it lasts no shorter");
        RunOut out = expiresByItself() ? one.runsOut(start, ttl, grant) : null;
        if (out != null && f.setRightBy(out.seen())) {
            // stamped while the clock was back (or slow), the lease was that much older once the clock was right again
            return new Judgement(true, "a server's clock was set right at " + History.duration(f.setRight()) + " (" + f.describe() + "), "
                    + History.duration(out.ahead()) + " ahead of the holder's " + describe() + " stamped from " + History.duration(start)
                    + " on the clock as moved (" + move.words() + "): the lease could run out at " + History.duration(out.at())
                    + (out.at() == f.setRight() ? ", as the clock was set right" : ""), out.at());
        }
        if (out != null) {
            // never before the clock moved: a jump past what was left of the lease ends it at the jump
            long at = Math.max(f.start().time(), start);
            return new Judgement(true, "a server's clock moved " + History.duration(out.ahead()) + " ahead before the grant (" + f.describe()
                    + "): the holder's " + describe() + " from " + History.duration(start) + " could run out at " + History.duration(out.at())
                    + (out.at() == at ? ", as the clock moved" : ""), out.at());
        }
        if (renewed() && between >= ttl - allowance() - interval) {
            boolean byRight = f.setRightBy(grant) && move.settingRightHastens();
            return Judgement.yes((byRight ? "a server's clock set right at " + History.duration(f.setRight()) + " (" + move.words()
                    + " until then) moved a renewal made meanwhile " : "a server's clock moved ") + History.duration(between) + " ahead before the grant ("
                    + f.describe() + "), more than the " + History.duration(ttl - interval) + " a renewal leaves before the end of the holder's " + describe());
        }
        return Judgement.no("the " + what + " moved it " + History.duration(Math.max(ahead, between)) + " ahead"
                + (renewed() && between < ahead ? " (" + History.duration(between) + " between two renewals)" : "") + ", too little for the holder's "
                + describe() + " to run out before the grant at " + History.duration(grant));
    }

    /**
     * Whether several moves of the servers' clocks, each too small alone ({@link #serverClock}), could
     * together have made the holder's lease, timed on them from {@code start}, run out before {@code grant}.
     */
    Judgement serverClocks(Clocks c, long start, long grant) {
        String what = "server clock faults (" + c.describe() + ")";
        // the moves are only those of the clock the lease is timed on (timedBy): none of a client-timed lease's
        if (kind == Kind.SESSION || kind == Kind.UNBOUNDED) return Judgement.no("a " + describe() + " is timed by no clock, so the " + what + " do not end it");
        long ahead = c.most(start, grant);
        RunOut out = expiresByItself() ? c.runsOut(start, ttl, grant) : null;
        if (out != null) {
            return new Judgement(true, "the servers' clocks moved " + History.duration(out.ahead()) + " ahead in all" + c.where() + " before the grant (" + c.describe()
                    + "): the holder's " + describe() + " from " + History.duration(start) + " could run out at " + History.duration(out.at()), out.at());
        }
        long between = c.aheadWithin(interval, start, grant);
        if (renewed() && between >= ttl - allowance() - interval) {
            return Judgement.yes("the servers' clocks moved " + History.duration(between) + " ahead" + c.where() + " within one renewal interval before the grant ("
                    + c.describe() + "), more than the " + History.duration(ttl - interval) + " a renewal leaves before the end of the holder's " + describe());
        }
        if (ahead == 0 && c.needed() > 1) {
            return Judgement.no("the " + what + " moved fewer than " + c.needed() + " servers' clocks ahead, and the holder's " + describe()
                    + " ends only where " + c.needed() + " servers' clocks end it (" + c.why() + ")");
        }
        return Judgement.no("the " + what + " moved them " + History.duration(ahead) + " ahead in all" + c.where() + ", too little for the holder's "
                + describe() + " to run out before the grant at " + History.duration(grant));
    }

    /**
     * Whether the granted client's monotonic clock running fast ({@code rate}) could have made it
     * take over a lease it times itself (a waiter watching the holder's heartbeats for a ttl) early.
     */
    Judgement waiterClockFast(FaultSpan f, double rate) {
        if (clock != LeaseModel.Clock.CLIENT && kind != Kind.UNDECLARED) {
            return Judgement.no("the granted client's monotonic clock ran fast (" + f.describe() + "), but the lease is timed on the service's clock");
        }
        long seen = kind == Kind.FIXED ? ttl : interval;
        if (rate * seen + allowance() >= ttl || kind == Kind.UNDECLARED && rate > 1) {
            return Judgement.yes("the granted client's monotonic clock ran fast (" + rate + "×) before its grant (" + f.describe()
                    + "): a lease it timed on that clock ran out early");
        }
        return Judgement.no("the granted client's monotonic clock ran " + rate + "× fast (" + f.describe() + "), too little for the "
                + describe() + " it watched to seem over");
    }
}
