package dev.lockstorm.checker.linear;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Small random histories for property tests: a few processes, overlapping operations, random
 * outcomes (ok, fail, crashed, never completed) and values from small domains so that both
 * verdicts come up often.
 */
final class RandomHistories {
    private RandomHistories() {
    }

    /** what a kv get may return: few enough that some histories are valid */
    private static final String[] KV_VALUES = {"", "a", "b", "ab", "ba", "x", "xa"};

    enum Kind { MUTEX, FENCED, REGISTER, CAS_REGISTER, KV }

    static History generate(Kind kind, SplittableRandom r, int maxOps, int slots) {
        List<Op> ops = new ArrayList<>();
        int[] process = new int[slots];
        String[] pending = new String[slots];
        Object[] pendingValue = new Object[slots];
        boolean[] holding = new boolean[slots];
        for (int s = 0; s < slots; s++) process[s] = s;
        int invoked = 0;
        long token = 0;
        while (true) {
            boolean anyPending = Arrays.stream(pending).anyMatch(p -> p != null);
            if (invoked >= maxOps && !anyPending) break;
            if (invoked >= maxOps && r.nextInt(10) == 0) break; // leave some invocations incomplete
            int s = r.nextInt(slots);
            int p = process[s];
            if (pending[s] == null) {
                if (invoked >= maxOps) continue;
                String f;
                Object v = null;
                switch (kind) {
                    case MUTEX, FENCED -> f = holding[s] ? (r.nextInt(4) == 0 ? "write" : "release") : "acquire";
                    case KV -> {
                        int c = r.nextInt(3);
                        f = c == 0 ? "get" : c == 1 ? "put" : "append";
                        v = f.equals("put") ? (r.nextBoolean() ? "" : "x") : f.equals("append") ? (r.nextBoolean() ? "a" : "b") : null;
                    }
                    default -> {
                        int c = r.nextInt(3);
                        f = c == 0 ? "read" : c == 1 ? "write" : "cas";
                        v = f.equals("write") ? (Object) (long) r.nextInt(3) : f.equals("cas") ? List.of((long) r.nextInt(3), (long) r.nextInt(3)) : null;
                    }
                }
                if (f.equals("release")) holding[s] = false;
                ops.add(Op.of(ops.size(), ops.size(), OpType.INVOKE, p, f, v));
                pending[s] = f;
                pendingValue[s] = v;
                invoked++;
                continue;
            }
            int roll = r.nextInt(100);
            OpType outcome = roll < 72 ? OpType.OK : roll < 84 ? OpType.FAIL : OpType.INFO;
            String f = pending[s];
            Object out = null;
            if (outcome == OpType.OK) {
                switch (f) {
                    case "acquire" -> {
                        holding[s] = true;
                        if (kind == Kind.FENCED) out = r.nextInt(5) == 0 ? token - r.nextInt(2) : ++token;
                    }
                    case "read" -> out = r.nextInt(8) == 0 ? null : (Object) (long) r.nextInt(3);
                    case "get" -> out = KV_VALUES[r.nextInt(KV_VALUES.length)];
                    case "put", "append" -> out = pendingValue[s];
                    case "write" -> out = pendingValue[s];
                    case "cas" -> out = kind == Kind.REGISTER && r.nextInt(4) == 0 ? Boolean.FALSE : pendingValue[s];
                    default -> { }
                }
            }
            ops.add(Op.of(ops.size(), ops.size(), outcome, p, f, out));
            pending[s] = null;
            if (outcome == OpType.INFO) {
                process[s] += slots;
                holding[s] = false;
            }
        }
        return History.of("random", ops);
    }
}
