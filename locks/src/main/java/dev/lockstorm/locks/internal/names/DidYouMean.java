package dev.lockstorm.locks.internal.names;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The known names a mistyped one was probably meant to be: those within a few edits of it (a
 * transposed pair counts as one), or that begin with it. For error messages that suggest instead of
 * listing every name there is.
 *
 * <pre>{@code
 * DidYouMean.of("redis-singel", List.of("redis-single", "redlock"));   // [redis-single]
 * DidYouMean.phrase("etcd", List.of("etcd-lock", "etcd-txn-lock"));     // "did you mean etcd-lock or etcd-txn-lock?"
 * }</pre>
 */
public final class DidYouMean {
    private DidYouMean() {
    }

    /** The close names, closest first (at most three). */
    public static List<String> of(String typed, Collection<String> known) {
        List<String> close = new ArrayList<>();
        int allowed = Math.max(1, typed.length() / 4);
        List<int[]> scored = new ArrayList<>();
        List<String> names = new ArrayList<>(known);
        for (int i = 0; i < names.size(); i++) {
            String k = names.get(i);
            int d = typed.isEmpty() ? Integer.MAX_VALUE : k.startsWith(typed) ? 0 : distance(typed, k);
            if (d <= allowed) scored.add(new int[]{d, i});
        }
        scored.sort((a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]));
        for (int[] s : scored) if (close.size() < 3) close.add(names.get(s[1]));
        return close;
    }

    /** "did you mean x?", "did you mean x or y?", or null when nothing is close. */
    public static String phrase(String typed, Collection<String> known) {
        List<String> close = of(typed, known);
        if (close.isEmpty()) return null;
        if (close.size() == 1) return "did you mean " + close.get(0) + "?";
        return "did you mean " + String.join(", ", close.subList(0, close.size() - 1)) + " or " + close.get(close.size() - 1) + "?";
    }

    /** Edits from a to b: insertions, deletions, substitutions, and a swap of two neighbours as one. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
