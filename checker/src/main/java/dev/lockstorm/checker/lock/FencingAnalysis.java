package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Fencing-token analysis (docs/architecture.md): tokens are unique and increase in real-time acquisition order;
 * a resource write accepted with a token below that of a write acknowledged before it began is a
 * stale write (writes that overlap may have been applied in either order, so neither is stale);
 * a write the resource rejected as stale is one that fencing stopped. Per lock. Under a read-write
 * lock ({@code acquire-read}, {@code acquire-write}) readers hold side by side and may be granted in
 * any order among themselves: a write grant's token must exceed every grant's before it, a read
 * grant's every write grant's before it.
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
     * @param tokenViolations acquires whose token went backwards or repeated
     * @param staleWrites     accepted writes with a stale token (each a real hazard)
     * @param rejected        writes the resource rejected as stale: the times fencing saved you
     * @param rejectedWrites  the rejected writes that carried a token, with the write that made them stale when known
     * @param tokens          ok acquires that carried a token
     * @param rejectedReads   reads the resource rejected as stale (the final read too): no write was saved by them
     */
    public record Result(List<TokenViolation> tokenViolations, List<StaleWrite> staleWrites, int rejected,
                         List<StaleWrite> rejectedWrites, int tokens, int rejectedReads) {
    }

    public static Result analyze(History h) {
        List<TokenViolation> violations = new ArrayList<>();
        List<StaleWrite> stale = new ArrayList<>();
        List<StaleWrite> rejectedWrites = new ArrayList<>();
        int rejected = 0;
        int rejectedReads = 0;
        int tokens = 0;
        // per lock: the highest token granted by completed acquires (of a read-write lock, by write grants only in
        // highestExclusive), its event, and every token seen
        Map<Object, Op> highestGranted = new HashMap<>();
        Map<Object, Op> highestExclusive = new HashMap<>();
        Map<Object, Map<Long, Op>> granted = new HashMap<>();
        // per invocation: the highest grant completed before it (real-time order)
        Map<Integer, Op> floorAtInvoke = new HashMap<>();
        // per lock: the acknowledged write with the highest token so far
        Map<Object, Op> highestWrite = new HashMap<>();
        Map<Integer, Long> writeToken = new HashMap<>();
        // per write invocation: the highest acknowledged write before it began
        Map<Integer, Op> writeFloor = new HashMap<>();

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
                    if (op.type() == OpType.INVOKE) {
                        Long t = Resource.token(op);
                        if (t != null) writeToken.put(op.index(), t);
                        Op floor = highestWrite.get(lock);
                        if (t != null && floor != null && op.f().equals("write")) writeFloor.put(op.index(), floor);
                        continue;
                    }
                    Op floor = writeFloor.remove(h.partner(op.index()));
                    Long t = writeToken.remove(h.partner(op.index()));
                    if (op.type() == OpType.FAIL && op.f().equals("read")) {
                        rejectedReads++;
                        continue;
                    }
                    if (op.type() == OpType.FAIL) {
                        rejected++;
                        Op hi = highestWrite.get(lock);
                        if (t != null) {
                            rejectedWrites.add(new StaleWrite(op, t, hi, false, hi == null ? Long.MIN_VALUE : writeTokenOf(hi, h)));
                        }
                        continue;
                    }
                    if (op.type() != OpType.OK || !op.f().equals("write") || t == null) continue;
                    if (floor != null && t < writeTokenOf(floor, h)) stale.add(new StaleWrite(op, t, floor, true, writeTokenOf(floor, h)));
                    Op hi = highestWrite.get(lock);
                    if (hi == null || t > writeTokenOf(hi, h)) highestWrite.put(lock, op);
                }
                default -> { }
            }
        }
        return new Result(violations, stale, rejected, rejectedWrites, tokens, rejectedReads);
    }

    private static void raise(Map<Object, Op> highest, Object lock, Op op, long t) {
        Op hi = highest.get(lock);
        if (hi == null || t > Resource.acquireToken(hi)) highest.put(lock, op);
    }

    private static long writeTokenOf(Op completion, History h) {
        Long t = Resource.token(h.get(h.partner(completion.index())));
        return t == null ? Long.MIN_VALUE : t;
    }
}
