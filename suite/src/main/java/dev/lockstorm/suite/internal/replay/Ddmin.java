package dev.lockstorm.suite.internal.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Zeller's delta debugging (ddmin): the smallest subsequence of a failing input that still fails,
 * found by trying chunks and their complements at ever finer granularity. The result is
 * 1-minimal: leaving out any one more item makes it pass (as far as {@code fails} tells, which for
 * a timing-dependent failure means "failed in one of several tries").
 *
 * <pre>{@code
 * List<Integer> min = Ddmin.minimize(List.of(1, 2, 3, 4, 5, 6), xs -> xs.contains(2) && xs.contains(5));
 * // [2, 5]
 * }</pre>
 */
public final class Ddmin {
    private Ddmin() {
    }

    /**
     * The smallest failing subsequence of {@code items} (which must fail), in their order;
     * {@code fails} may stop the search early by throwing {@link OutOfBudget}, and the smallest
     * failing one found so far is returned.
     */
    public static <T> List<T> minimize(List<T> items, Predicate<List<T>> fails) {
        List<T> c = new ArrayList<>(items);
        int n = 2;
        try {
            while (c.size() >= 2) {
                List<List<T>> chunks = split(c, n);
                boolean reduced = false;
                // a chunk alone that fails: go on from it, at the coarsest granularity
                for (List<T> chunk : chunks) {
                    if (fails.test(chunk)) {
                        c = chunk;
                        n = 2;
                        reduced = true;
                        break;
                    }
                }
                // else a complement that fails: one chunk less, the same granularity but one
                if (!reduced && n > 2) {
                    for (int i = 0; i < chunks.size(); i++) {
                        List<T> rest = complement(chunks, i);
                        if (fails.test(rest)) {
                            c = rest;
                            n = Math.max(n - 1, 2);
                            reduced = true;
                            break;
                        }
                    }
                }
                if (!reduced) {
                    if (n >= c.size()) break; // every single item is needed
                    n = Math.min(c.size(), 2 * n);
                }
            }
        } catch (OutOfBudget e) {
            // the smallest failing one so far
        }
        return c;
    }

    /** Thrown by a test that may not run any more (the budget is spent): ddmin stops with what it has. */
    public static final class OutOfBudget extends RuntimeException {
        public OutOfBudget() {
            super("out of budget", null, false, false);
        }
    }

    static <T> List<List<T>> split(List<T> c, int n) {
        List<List<T>> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < n; i++) {
            int end = start + (c.size() - start) / (n - i);
            out.add(List.copyOf(c.subList(start, end)));
            start = end;
        }
        return out;
    }

    private static <T> List<T> complement(List<List<T>> chunks, int leftOut) {
        List<T> out = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) if (i != leftOut) out.addAll(chunks.get(i));
        return out;
    }
}
