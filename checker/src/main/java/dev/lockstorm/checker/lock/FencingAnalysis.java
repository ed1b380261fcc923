package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.history.RunFacts;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Fencing-token analysis (docs/architecture.md): tokens are unique and increase in real-time acquisition order;
 * a resource write accepted with a token below that of a write acknowledged before it began is a
 * stale write (writes that overlap may have been applied in either order, so neither is stale);
 * where the resource checks reads too (the run's {@code fencing: all}), an acknowledged read raises
 * the bar as a write does, and a read accepted below it is a stale read. A write the resource
 * rejected below its bar is one that fencing stopped; one rejected though nothing it took (or may
 * have taken: an uncertain write) had a higher token is a wrongful refusal of a current holder. Per lock. Under a read-write
 * lock ({@code acquire-read}, {@code acquire-write}) readers hold side by side and may be granted in
 * any order among themselves: a write grant's token must exceed every grant's before it, a read
 * grant's every write grant's before it; likewise a read made under the read lock alone is stale only
 * below a token the writers' operations had presented, never below another reader's. A token its client did not hold at the moment it presented it
 * (made up, another holder's, or kept from an earlier hold) is a foreign token: the client's use of
 * fencing is wrong whatever the resource does. So is a write made under no hold of its lock (none, or a read-write lock's
 * shared read lock alone), with a token or without: nothing protected it from another holder's.
 *
 * <pre>{@code
 * FencingAnalysis.Result f = FencingAnalysis.analyze(history);
 * System.out.println("fencing saved you " + f.rejected() + " times");
 * }</pre>
 */
public final class FencingAnalysis {
    private FencingAnalysis() {
    }

    /**
     * @param tokenViolations   acquires whose token went backwards or repeated
     * @param staleWrites       accepted writes with a stale token (each a real hazard)
     * @param rejected          writes the resource rejected as stale: the times fencing saved you
     * @param rejectedWrites    the rejected writes that carried a token, with the operation that made them stale when known
     * @param tokens            ok acquires that carried a token
     * @param rejectedReads     reads the resource rejected as stale (the final read too): no write was saved by them
     * @param staleReads        accepted reads with a stale token, where the resource checks reads ({@code fencing: all})
     * @param wrongfulRefusals  operations refused though no accepted (or possibly accepted) one had a higher token: not fencing at work
     * @param foreignTokens     operations presented with a token that was not of a hold their client had then, and writes
     *                          made under no hold of their lock that excludes others (with a token or without)
     */
    public record Result(List<TokenViolation> tokenViolations, List<StaleWrite> staleWrites, int rejected,
                         List<StaleWrite> rejectedWrites, int tokens, int rejectedReads, List<StaleWrite> staleReads,
                         List<WrongfulRefusal> wrongfulRefusals, List<ForeignToken> foreignTokens) {
    }

    public static Result analyze(History h) {
        List<TokenViolation> violations = new ArrayList<>();
        List<StaleWrite> stale = new ArrayList<>();
        List<StaleWrite> staleReads = new ArrayList<>();
        List<StaleWrite> rejectedWrites = new ArrayList<>();
        List<WrongfulRefusal> wrongful = new ArrayList<>();
        List<ForeignToken> foreign = new ArrayList<>();
        int rejected = 0;
        int rejectedReads = 0;
        int tokens = 0;
        // a fenced read raises the resource's bar only where the resource checks reads' tokens (the run says so)
        boolean fencedReads = RunFacts.of(h).fencedReads();
        // per lock: the highest token granted by completed acquires (of a read-write lock, by write grants only in
        // highestExclusive), its event, and every token seen
        Map<Object, Op> highestGranted = new HashMap<>();
        Map<Object, Op> highestExclusive = new HashMap<>();
        Map<Object, Map<Long, Op>> granted = new HashMap<>();
        // per invocation: the highest grant completed before it (real-time order)
        Map<Integer, Op> floorAtInvoke = new HashMap<>();
        // per lock: the resource's bar, of every operation; and the same of the writers' operations only (writes, and reads
        // by a holder of the write lock): what a shared read under a read-write lock's read lock is judged by, for readers hold
        // side by side and present their tokens in any order (ProtectedResource.readShared)
        Map<Object, Bar> resourceBars = new HashMap<>();
        Map<Object, Bar> writersBars = new HashMap<>();
        Set<Integer> sharedCalls = new HashSet<>();
        Map<Integer, Long> opToken = new HashMap<>();
        // per invocation: the bar when it began
        Map<Integer, Op> floorAtCall = new HashMap<>();
        // the locks some client acquired: a write to a resource of one of them is made under a hold, or nothing protected it
        // (a history of resource operations alone, such as a register's, has no lock to hold)
        Set<Object> locked = new HashSet<>();
        for (Op op : h.ops()) if (op.isClient() && op.f().startsWith("acquire")) locked.add(op.lock());

        for (Op op : h.ops()) {
            if (!op.isClient() || h.reentry(op)) continue; // a nested acquire of a reentrant lock is no new grant
            Object lock = op.lock();
            switch (op.f()) {
                case "acquire", "acquire-write", "acquire-read" -> {
                    boolean shared = op.f().equals("acquire-read");
                    if (op.type() == OpType.INVOKE) {
                        Op floor = (shared ? highestExclusive : highestGranted).get(lock);
                        if (floor != null) floorAtInvoke.put(op.index(), floor);
                    } else if (op.type() == OpType.OK) {
                        Long t = Resource.acquireToken(op);
                        if (t == null) continue;
                        tokens++;
                        Map<Long, Op> seen = granted.computeIfAbsent(lock, k -> new HashMap<>());
                        Op dup = shared ? null : seen.get(t);
                        Op floor = floorAtInvoke.remove(h.partner(op.index()));
                        if (dup != null) {
                            violations.add(new TokenViolation(TokenViolation.Kind.DUPLICATE, op, dup));
                        } else if (floor != null && t <= Resource.acquireToken(floor)) {
                            violations.add(new TokenViolation(TokenViolation.Kind.WENT_BACKWARDS, op, floor));
                        }
                        seen.putIfAbsent(t, op);
                        raise(highestGranted, lock, op, t);
                        if (!shared) raise(highestExclusive, lock, op, t);
                    }
                }
                case "write", "read" -> {
                    boolean read = op.f().equals("read");
                    Bar all = resourceBars.computeIfAbsent(lock, k -> new Bar());
                    Bar writers = writersBars.computeIfAbsent(lock, k -> new Bar());
                    // a read's token counts only where the resource checks it
                    boolean bars = !read || fencedReads;
                    if (op.type() == OpType.INVOKE) {
                        Long t = Resource.token(op);
                        if (t != null || !read && locked.contains(lock)) {
                            ForeignToken f = foreign(op, t, h.grantsAt(op), granted.getOrDefault(lock, Map.of()));
                            if (f != null) foreign.add(f);
                        }
                        if (t == null) continue;
                        opToken.put(op.index(), t);
                        boolean shared = read && h.readsShared(op);
                        if (shared) sharedCalls.add(op.index());
                        Op floor = (shared ? writers : all).highest;
                        if (floor != null) floorAtCall.put(op.index(), floor);
                        all.present(t);
                        if (!shared) writers.present(t);
                        continue;
                    }
                    int call = h.partner(op.index());
                    Op floor = floorAtCall.remove(call);
                    boolean shared = sharedCalls.remove(call);
                    Long t = opToken.remove(call);
                    if (op.type() == OpType.FAIL) {
                        if (t != null) {
                            all.withdraw(t);
                            if (!shared) writers.withdraw(t);
                            // refused, though nothing presented to the resource (and not refused) had a higher token: a current
                            // holder turned away; a shared read, though no writer's operation had (another reader's does not count)
                            Bar judged = shared ? writers : all;
                            if (!judged.presentedAbove(t)) {
                                wrongful.add(new WrongfulRefusal(op, t, judged.highest, judged.highestToken, shared));
                                continue;
                            }
                        }
                        if (read) {
                            rejectedReads++;
                            continue;
                        }
                        rejected++;
                        if (t != null) rejectedWrites.add(new StaleWrite(op, t, all.highest, false, all.highestToken));
                        continue;
                    }
                    if (op.type() != OpType.OK || t == null || !bars) continue;
                    if (floor != null && t < tokenOf(floor, h)) (read ? staleReads : stale).add(new StaleWrite(op, t, floor, true, tokenOf(floor, h)));
                    all.accept(op, t);
                    if (!shared) writers.accept(op, t);
                }
                default -> { }
            }
        }
        return new Result(violations, stale, rejected, rejectedWrites, tokens, rejectedReads, staleReads, wrongful, foreign);
    }

    /**
     * {@code invoke} (presenting {@code t}, or no token) as an operation not made under its client's own hold, or null. A write
     * counts only a hold that excludes others (a read-write lock's read lock is shared: a write under it alone is unprotected);
     * a write with no token needs such a hold, any token one of those holds' tokens. A grant that recorded no token is not
     * judged by its token: the history does not say which token its client was given.
     */
    private static ForeignToken foreign(Op invoke, Long t, List<Op> grants, Map<Long, Op> granted) {
        boolean write = invoke.f().equals("write");
        List<Op> mine = write ? grants.stream().filter(g -> !g.f().equals("acquire-read")).toList() : grants;
        Op lastGrant = grants.isEmpty() ? null : grants.get(grants.size() - 1);
        if (t == null) return mine.isEmpty() ? new ForeignToken(invoke, null, lastGrant, null) : null;
        for (Op g : mine) if (Resource.acquireToken(g) == null || (long) t == Resource.acquireToken(g)) return null;
        return new ForeignToken(invoke, t, mine.isEmpty() ? lastGrant : mine.get(mine.size() - 1), granted.get(t));
    }

    /**
     * A resource's bar, as far as one lock's operations show it: the accepted operation (a write, or a fenced read) with the
     * highest token so far, and the tokens presented (invoked, not refused), with how many: reads too, whatever the run's
     * fencing, for a resource may fence more than it was asked to, and a holder whose newer token reached it is no longer the
     * current one.
     */
    private static final class Bar {
        /** the completion of the accepted operation with the highest token, or null; and that token (Long.MIN_VALUE: none) */
        Op highest;
        long highestToken = Long.MIN_VALUE;
        private final java.util.TreeMap<Long, Integer> presented = new java.util.TreeMap<>();

        void present(long t) {
            presented.merge(t, 1, Integer::sum);
        }

        /** Takes back what a refused operation presented. */
        void withdraw(long t) {
            presented.merge(t, -1, (a, b) -> a + b == 0 ? null : a + b);
        }

        /** Whether something still presented has a token above {@code t}. */
        boolean presentedAbove(long t) {
            return !presented.isEmpty() && t < presented.lastKey();
        }

        void accept(Op completion, long t) {
            if (highest == null || t > highestToken) {
                highest = completion;
                highestToken = t;
            }
        }
    }

    private static void raise(Map<Object, Op> highest, Object lock, Op op, long t) {
        Op hi = highest.get(lock);
        if (hi == null || t > Resource.acquireToken(hi)) highest.put(lock, op);
    }

    /** The token of the operation that {@code completion} completes. */
    private static long tokenOf(Op completion, History h) {
        Long t = Resource.token(h.get(h.partner(completion.index())));
        return t == null ? Long.MIN_VALUE : t;
    }
}
