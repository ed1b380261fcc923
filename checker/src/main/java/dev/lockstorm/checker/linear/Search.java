package dev.lockstorm.checker.linear;

import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.history.Operation;
import dev.lockstorm.checker.history.Prose;
import dev.lockstorm.checker.model.Explanations;
import dev.lockstorm.checker.model.Model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The Wing–Gong search with Lowe's memoization, for one independent sub-history.
 *
 * <p>Calls and returns form a doubly linked list in history order. The search repeatedly picks an
 * operation whose call comes before the first remaining return, applies it to the model and removes
 * it from the list; when a return is reached first, it backtracks. An explicit stack replaces
 * recursion. A (linearized set, state) pair that was seen before is not explored again.
 *
 * <p>Two choices keep long histories fast. Candidates are tried in order of their return, so the
 * operation that must happen soonest goes first (in a lock history that is nearly always the right
 * one). And a linearized set is stored compactly as a frontier (the first required operation not
 * yet linearized) plus the exceptions around it (see {@link Key}), instead of a bit per operation.
 */
final class Search<S> {
    private final Model<S> model;
    private final Operation[] ops;
    private final long[] ret;
    private final int n;
    private final int[] optionalIds;
    /** optional operations not linearized: the key lists those behind the frontier (skipping the many already placed) */
    private final BitSet optionalPending;
    /** operations that never change the state when legal ({@link Model#readOnly}) */
    private final boolean[] readOnly;

    // linked list of entries: call of op i = 2i, its return = 2i+1; head and tail sentinels
    private final int[] next;
    private final int[] prev;
    private final int head;
    private final int tail;

    private final long[] zobrist;
    /** the linearized operations, a bit each (a plain array: {@link #past} reads its words once per state) */
    private final long[] done;
    private final BitSet requiredPending;
    private int frontier;
    private long hash;
    private int requiredLeft;
    private KeySet seen = new KeySet();
    /** states this search has taken from the shared budget, given back when it ends */
    private long grantedStates;

    // stack: op linearized at each depth, the state before it, the candidate index tried
    private int[] stackOp = new int[64];
    private int[] stackTried = new int[64];
    private Object[] stackState = new Object[64];
    private int depth;

    // the longest linearizable prefix, copied lazily from the stack
    private int[] best = new int[64];
    private int bestDepth;
    private int lowWater;

    private long steps;

    Search(Model<S> model, List<Operation> partition) {
        this.model = model;
        this.ops = partition.toArray(new Operation[0]);
        Arrays.sort(ops, (a, b) -> Long.compare(a.call(), b.call()));
        this.n = ops.length;
        this.ret = new long[n];
        List<Integer> opt = new ArrayList<>();
        this.done = new long[(n + 63) >>> 6];
        this.requiredPending = new BitSet(n);
        for (int i = 0; i < n; i++) {
            ret[i] = ops[i].optional() ? Operation.NEVER_RETURNED : ops[i].ret();
            if (ops[i].optional()) opt.add(i);
            else requiredPending.set(i);
        }
        this.optionalIds = opt.stream().mapToInt(Integer::intValue).toArray();
        this.optionalPending = new BitSet(n);
        for (int id : optionalIds) optionalPending.set(id);
        this.readOnly = new boolean[n];
        for (int i = 0; i < n; i++) readOnly[i] = model.readOnly(ops[i]);
        this.requiredLeft = n - optionalIds.length;
        this.frontier = requiredPending.nextSetBit(0) < 0 ? n : requiredPending.nextSetBit(0);

        this.head = 2 * n;
        this.tail = 2 * n + 1;
        this.next = new int[2 * n + 2];
        this.prev = new int[2 * n + 2];
        Integer[] order = new Integer[2 * n];
        for (int e = 0; e < 2 * n; e++) order[e] = e;
        Arrays.sort(order, (a, b) -> {
            int c = Long.compare(position(a), position(b));
            if (c != 0) return c;
            c = Boolean.compare(isReturn(a), isReturn(b)); // calls first
            return c != 0 ? c : Integer.compare(a, b);
        });
        int last = head;
        for (int e : order) {
            next[last] = e;
            prev[e] = last;
            last = e;
        }
        next[last] = tail;
        prev[tail] = last;

        this.zobrist = new long[n];
        SplittableRandom r = new SplittableRandom(0x10c5_7012_3L);
        for (int i = 0; i < n; i++) zobrist[i] = r.nextLong();
    }

    private long position(int entry) {
        int op = entry >> 1;
        return isReturn(entry) ? ret[op] : ops[op].call();
    }

    private static boolean isReturn(int entry) {
        return (entry & 1) == 1;
    }

    /** Runs the search to its end (see {@link #slice}). */
    PartitionResult run(long deadlineNanos, AtomicLong budget, AtomicBoolean stop) {
        PartitionResult r;
        do {
            r = slice(Long.MAX_VALUE, deadlineNanos, budget, stop);
        } while (r == null);
        return r;
    }

    /**
     * Runs the search for at most {@code maxSteps} steps and returns its result, or null when it
     * is not done yet (a later call goes on where this one stopped: the stack is explicit, so
     * partitions can take turns and a cheap failing one ends the check early). {@code budget} is
     * the shared state bound, {@code stop} set when another partition is invalid. When the search
     * ends, whatever the verdict, its memo is dropped and its share of the budget given back.
     */
    PartitionResult slice(long maxSteps, long deadlineNanos, AtomicLong budget, AtomicBoolean stop) {
        PartitionResult r = search(maxSteps, deadlineNanos, budget, stop);
        if (r != null) {
            budget.addAndGet(grantedStates);
            grantedStates = 0;
            seen = new KeySet();
            current = null;
            candBuf = null;
        }
        return r;
    }

    // where the search stands between slices
    private S current;
    private int tried;
    private boolean started;

    /*
     * The candidates of every configuration on the stack, one above the other in candBuf: the
     * current one at [candBase, candBase + candLen), its parent's below. Backtracking finds them
     * again instead of recomputing them, and a child's are its parent's minus the operation placed
     * (plus, when that was the first to return, the calls that come into reach).
     */
    private int[] candBuf = new int[64];
    private int candBase;
    private int candLen;
    private int[] stackCandBase = new int[64];
    private int[] stackCandLen = new int[64];

    private PartitionResult search(long maxSteps, long deadlineNanos, AtomicLong budget, AtomicBoolean stop) {
        if (!started) {
            started = true;
            current = model.init();
            initialCandidates();
            tried = 0;
        }
        S state = current;
        int i = tried;
        long until = maxSteps == Long.MAX_VALUE ? Long.MAX_VALUE : steps + maxSteps;
        try {
            while (true) {
                if (requiredLeft == 0) return result(Verdict.VALID, null);
                if (steps >= until) {
                    current = state;
                    tried = i;
                    return null;
                }
                if ((++steps & 1023) == 0) {
                    if (System.nanoTime() > deadlineNanos) return result(Verdict.UNKNOWN, "time limit reached");
                    if (stop.get()) return result(Verdict.UNKNOWN, "stopped: another part of the history is already invalid");
                }
                if (i == 0) {
                    // a fresh configuration: a legal read-only candidate goes first and alone (see forced)
                    int forced = forced(state);
                    if (forced == DEAD_END) {
                        i = candLen;
                    } else if (forced >= 0) {
                        if (!reserve(budget)) return outOfBudget();
                        advance(forced, state, NO_ALTERNATIVE);
                        continue;
                    }
                }
                boolean advanced = false;
                for (; i < candLen; i++) {
                    int op = candBuf[candBase + i];
                    // forced() places a legal read-only candidate before this loop is reached: here they are all illegal
                    if (readOnly[op]) continue;
                    S nextState = model.step(state, ops[op]);
                    if (nextState == null) continue;
                    mark(op);
                    if (firstVisit(nextState)) {
                        if (!reserve(budget)) return outOfBudget();
                        advance(i, state, i);
                        state = nextState;
                        advanced = true;
                        break;
                    }
                    unmark(op);
                }
                if (advanced) {
                    i = 0;
                    continue;
                }
                if (depth == 0) return result(Verdict.INVALID, null);
                depth--;
                lowWater = Math.min(lowWater, depth);
                int op = stackOp[depth];
                @SuppressWarnings("unchecked") S before = (S) stackState[depth];
                stackState[depth] = null;
                unlift(op);
                unmark(op);
                state = before;
                candBase = stackCandBase[depth];
                candLen = stackCandLen[depth];
                i = stackTried[depth] + 1;
            }
        } catch (OutOfMemoryError e) {
            long states = seen.size();
            seen = new KeySet();
            candBuf = null;
            return new PartitionResult(Verdict.UNKNOWN, "out of memory after " + steps + " steps and " + states
                    + " states (raise -Xmx)", n, states, steps, null);
        }
    }

    /** Places candidate {@code index} (already marked done): pushes it and makes its successor's candidates current. */
    private void advance(int index, S before, int tried) {
        int op = candBuf[candBase + index];
        push(op, before, tried);
        lift(op);
        int base = candBase + candLen;
        int len = candLen - 1;
        ensureCandCapacity(base + len);
        System.arraycopy(candBuf, candBase, candBuf, base, index);
        System.arraycopy(candBuf, candBase + index + 1, candBuf, base + index, len - index);
        if (index == 0 && ret[op] != Operation.NEVER_RETURNED) {
            // op held the first return: the calls between it and the next return come into reach
            // (a call at the same instant as that return was already before it)
            for (int e = next[head]; e != tail && !isReturn(e); e = next[e]) {
                int c = e >> 1;
                if (ops[c].call() > ret[op]) {
                    ensureCandCapacity(base + len + 1);
                    len = insertByReturn(base, len, c);
                }
            }
        }
        candBase = base;
        candLen = len;
    }

    private void initialCandidates() {
        candBase = 0;
        candLen = 0;
        for (int e = next[head]; e != tail && !isReturn(e); e = next[e]) {
            ensureCandCapacity(candLen + 1);
            candLen = insertByReturn(0, candLen, e >> 1);
        }
    }

    /** Inserts op into the sorted run [base, base + len), soonest return first (ties: lower index); returns the new length. */
    private int insertByReturn(int base, int len, int op) {
        int b = base + len - 1;
        while (b >= base && (ret[candBuf[b]] > ret[op] || (ret[candBuf[b]] == ret[op] && candBuf[b] > op))) {
            candBuf[b + 1] = candBuf[b];
            b--;
        }
        candBuf[b + 1] = op;
        return len + 1;
    }

    private void ensureCandCapacity(int size) {
        if (size > candBuf.length) candBuf = Arrays.copyOf(candBuf, Math.max(size, candBuf.length * 2));
    }

    private static final int DEAD_END = -2;
    /** What a forced step records as its candidate index: on backtracking, nothing else is tried there. */
    private static final int NO_ALTERNATIVE = Integer.MAX_VALUE - 1;

    /**
     * The index of a candidate that never changes the state and is legal now, marked done; -1 when
     * there is none; {@link #DEAD_END} when there is one but the configuration it leads to was seen
     * (and so failed). Placing such an operation at once is sound and leaves nothing to try
     * instead: in any linearization that places it later, moving it to the front changes no state
     * that the others see, and no remaining operation returned before it was called. Porcupine
     * explores these orders one by one; on read-heavy histories (etcd) they are much of the work.
     */
    private int forced(S state) {
        for (int k = 0; k < candLen; k++) {
            int op = candBuf[candBase + k];
            if (!readOnly[op] || model.step(state, ops[op]) == null) continue;
            mark(op);
            if (firstVisit(state)) return k;
            unmark(op);
            return DEAD_END;
        }
        return -1;
    }

    /** Takes a share of the shared state budget when this search's memo outgrows its own; false when it is spent. */
    private boolean reserve(AtomicLong budget) {
        if (seen.size() <= grantedStates) return true;
        grantedStates += 1024;
        return budget.addAndGet(-1024) >= 0;
    }

    private PartitionResult outOfBudget() {
        return result(Verdict.UNKNOWN, "memory bound reached: " + seen.size()
                + " states memoized in this part (raise -Xmx or lower the history's size)");
    }

    private void lift(int op) {
        int c = 2 * op;
        int r = c + 1;
        next[prev[c]] = next[c];
        prev[next[c]] = prev[c];
        next[prev[r]] = next[r];
        prev[next[r]] = prev[r];
    }

    private void unlift(int op) {
        int c = 2 * op;
        int r = c + 1;
        next[prev[r]] = r;
        prev[next[r]] = r;
        next[prev[c]] = c;
        prev[next[c]] = c;
    }

    private void mark(int op) {
        done[op >>> 6] |= 1L << op;
        hash ^= zobrist[op];
        if (ops[op].optional()) {
            optionalPending.clear(op);
            if (op < frontier) behindNow = null;
        } else {
            requiredPending.clear(op);
            requiredLeft--;
            if (op == frontier) {
                int f = requiredPending.nextSetBit(op + 1);
                frontier = f < 0 ? n : f;
                behindNow = null;
            }
        }
    }

    private void unmark(int op) {
        done[op >>> 6] &= ~(1L << op);
        hash ^= zobrist[op];
        if (ops[op].optional()) {
            optionalPending.set(op);
            if (op < frontier) behindNow = null;
        } else {
            requiredPending.set(op);
            requiredLeft++;
            if (op < frontier) {
                frontier = op;
                behindNow = null;
            }
        }
    }

    /** Scratch for {@link #behind}: the optional operations behind the frontier, before they are copied to their exact size. */
    private int[] behindBuf = new int[8];
    /** {@link #behind}'s answer while neither the frontier nor an optional operation behind it changes; null when it must be made again */
    private int[] behindNow;

    /**
     * Whether the configuration now (the linearized operations, and {@code state}) is new to this
     * search, remembering it when it is. The memo is probed before a key is built: on read-heavy
     * histories (etcd) most configurations were met before, and a key is three allocations.
     */
    private boolean firstVisit(S state) {
        int h = Key.hash(hash, state);
        Key[] table = seen.table;
        int[] hashes = seen.hashes;
        int mask = table.length - 1;
        int i = KeySet.spread(h) & mask;
        for (Key at = table[i]; at != null; at = table[i]) {
            if (hashes[i] == h && at.frontier == frontier && samePast(at.past) && sameBehind(at.behind) && at.state.equals(state)) return false;
            i = (i + 1) & mask;
        }
        seen.put(i, new Key(frontier, behind(), past(), state, h));
        return true;
    }

    /** The optional operations left behind the frontier, in order (shared by the keys made until it changes: never written to). */
    private int[] behind() {
        if (behindNow != null) return behindNow;
        int k = 0;
        for (int id = optionalPending.nextSetBit(0); id >= 0 && id < frontier; id = optionalPending.nextSetBit(id + 1)) {
            if (k == behindBuf.length) behindBuf = Arrays.copyOf(behindBuf, k * 2);
            behindBuf[k++] = id;
        }
        return behindNow = k == 0 ? NONE : Arrays.copyOf(behindBuf, k);
    }

    /** Whether {@link #behind} is {@code ids}, without building it: when it is, {@code ids} is kept as its answer. */
    private boolean sameBehind(int[] ids) {
        if (behindNow != null) return ids == behindNow || Arrays.equals(ids, behindNow);
        int k = 0;
        for (int id = optionalPending.nextSetBit(0); id >= 0 && id < frontier; id = optionalPending.nextSetBit(id + 1)) {
            if (k == ids.length || ids[k++] != id) return false;
        }
        if (k != ids.length) return false;
        behindNow = ids;
        return true;
    }

    private static final int[] NONE = new int[0];
    private static final long[] NO_WORDS = new long[0];

    /**
     * The operations linearized past the frontier, as words of bits counted from frontier + 1 (what a
     * BitSet's {@code get(frontier + 1, length()).toLongArray()} gives, in one copy: this runs once
     * per state explored).
     */
    private long[] past() {
        int words = pastWords();
        if (words == 0) return NO_WORDS;
        long[] out = new long[words];
        for (int i = 0; i < words; i++) out[i] = pastWord(i);
        return out;
    }

    /** Whether {@link #past} would give {@code words}, without building it. */
    private boolean samePast(long[] words) {
        if (words.length != pastWords()) return false;
        for (int i = 0; i < words.length; i++) if (words[i] != pastWord(i)) return false;
        return true;
    }

    /** How many words {@link #past} has: up to the highest linearized operation past the frontier. */
    private int pastWords() {
        int from = frontier + 1;
        int top = done.length - 1;
        while (top >= 0 && done[top] == 0) top--;
        if (top < 0) return 0;
        int last = (top << 6) + 63 - Long.numberOfLeadingZeros(done[top]); // the highest linearized operation
        return last < from ? 0 : (last - from + 64) >>> 6;
    }

    /** The {@code i}th word of {@link #past}. */
    private long pastWord(int i) {
        int from = frontier + 1;
        int start = from >>> 6;
        int shift = from & 63;
        long lo = done[start + i] >>> shift;
        long hi = shift == 0 || start + i + 1 >= done.length ? 0 : done[start + i + 1] << (64 - shift);
        return lo | hi;
    }

    private void push(int op, S before, int tried) {
        if (depth == stackOp.length) {
            stackOp = Arrays.copyOf(stackOp, depth * 2);
            stackTried = Arrays.copyOf(stackTried, depth * 2);
            stackState = Arrays.copyOf(stackState, depth * 2);
            stackCandBase = Arrays.copyOf(stackCandBase, depth * 2);
            stackCandLen = Arrays.copyOf(stackCandLen, depth * 2);
        }
        stackCandBase[depth] = candBase;
        stackCandLen[depth] = candLen;
        stackOp[depth] = op;
        stackTried[depth] = tried;
        stackState[depth] = before;
        depth++;
        if (depth > bestDepth) {
            if (best.length < depth) best = Arrays.copyOf(best, Math.max(depth, best.length * 2));
            System.arraycopy(stackOp, lowWater, best, lowWater, depth - lowWater);
            bestDepth = depth;
            lowWater = depth;
        }
    }

    private PartitionResult result(Verdict v, String reason) {
        return new PartitionResult(v, reason, n, seen.size(), steps, v == Verdict.INVALID ? this : null);
    }

    /** Builds the witness of an invalid search. */
    Failure failure(Object partition, Explanations ctx) {
        // replay the best prefix to get its state (cheaper than keeping a state per new best)
        S state = model.init();
        BitSet inPrefix = new BitSet(n);
        for (int d = 0; d < bestDepth; d++) {
            state = model.step(state, ops[best[d]]);
            inPrefix.set(best[d]);
        }
        int blocked = -1;
        for (int op = 0; op < n; op++) {
            if (inPrefix.get(op) || ops[op].optional()) continue;
            if (blocked < 0 || ret[op] < ret[blocked]) blocked = op;
        }
        List<Operation> tail = new ArrayList<>();
        for (int d = Math.max(0, bestDepth - 10); d < bestDepth; d++) tail.add(ops[best[d]]);
        Operation b = blocked < 0 ? null : ops[blocked];
        Prose explanation = b == null ? Prose.text("no order of the operations satisfies the model")
                : model.explain(state, b, ctx);
        return new Failure(partition, b, bestDepth, tail, model.describe(state), explanation);
    }

    /**
     * A memoized configuration: the linearized set and the model state. The set is the frontier,
     * the optional operations left behind it, and a bitmap of the operations linearized past it (a
     * long-waiting acquire holds the frontier back while other clients' operations go on: hundreds
     * of them, a bit each rather than an int).
     */
    private static final class Key {
        final int frontier;
        final int[] behind;
        final long[] past;
        final Object state;
        final int hash;

        Key(int frontier, int[] behind, long[] past, Object state, int hash) {
            this.frontier = frontier;
            this.behind = behind;
            this.past = past;
            this.state = state;
            this.hash = hash;
        }

        /** A key's hash, from the linearized set's (Zobrist) hash and the state. */
        static int hash(long setHash, Object state) {
            return (int) (setHash ^ (setHash >>> 32)) * 31 + state.hashCode();
        }
    }

    /**
     * The memo: a set of keys by open addressing (linear probing, at most half full), without a
     * node object per key or a rehash of boxed entries as a {@code HashSet} has; a search adds to it
     * once per state explored and never removes.
     */
    private static final class KeySet {
        Key[] table = new Key[64];
        /** each slot's key's hash, beside the keys: a probe reads a key only when its hash is the one sought */
        int[] hashes = new int[64];
        private int size;

        /** Puts {@code k} in the free slot {@code i}, where probing for it from its hash ended. */
        void put(int i, Key k) {
            table[i] = k;
            hashes[i] = k.hash;
            if (++size * 2 > table.length) grow();
        }

        int size() {
            return size;
        }

        private void grow() {
            Key[] old = table;
            int[] oldHashes = hashes;
            table = new Key[old.length * 2];
            hashes = new int[table.length];
            int mask = table.length - 1;
            for (int j = 0; j < old.length; j++) {
                if (old[j] == null) continue;
                int h = oldHashes[j]; // from the array beside, not the key: a rehash reads no key
                int i = spread(h) & mask;
                while (table[i] != null) i = (i + 1) & mask;
                table[i] = old[j];
                hashes[i] = h;
            }
        }

        /** The high bits mixed into the low ones that pick a slot (a key's hash may differ only above them). */
        static int spread(int h) {
            h *= 0x9E3779B9;
            return h ^ (h >>> 16);
        }
    }

    /** Whether a slice of it has run. */
    boolean started() {
        return started;
    }

    record PartitionResult(Verdict verdict, String reason, int operations, long states, long steps, Search<?> failed) {
        /** A partition that never ran because another was already invalid. */
        static PartitionResult stopped(Search<?> s) {
            return new PartitionResult(Verdict.UNKNOWN, "stopped: another part of the history is already invalid", s.n, 0, 0, null);
        }
    }
}
