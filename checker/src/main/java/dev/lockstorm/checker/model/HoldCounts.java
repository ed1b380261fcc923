package dev.lockstorm.checker.model;

import java.util.ArrayList;
import java.util.List;

/**
 * Hold counts by process, immutable and persistent: a change copies only the path to one process
 * (O(log n)), and the hash is kept as the counts change. A read-write lock's readers are this: with
 * 50,000 readers at once, a copy of every reader per step made the search quadratic.
 *
 * <p>A treap whose priorities are drawn from the process numbers, so that a set of counts has one
 * shape whatever order it was built in; equal counts are equal trees.
 *
 * <pre>{@code
 * HoldCounts r = HoldCounts.EMPTY.with(3, 1).with(5, 2);
 * r.get(5);          // 2
 * r.with(5, 0);      // only process 3's hold left
 * r.processes();     // [3, 5]
 * }</pre>
 */
public final class HoldCounts {
    public static final HoldCounts EMPTY = new HoldCounts(null);

    private record Node(int process, int count, int priority, Node left, Node right, int size, int hash) {
        static Node of(int process, int count, Node left, Node right) {
            return new Node(process, count, priorityOf(process), left, right, 1 + sizeOf(left) + sizeOf(right),
                    entryHash(process, count) + hashOf(left) + hashOf(right));
        }
    }

    private final Node root;

    private HoldCounts(Node root) {
        this.root = root;
    }

    /** {@code process}'s hold count; 0 when it holds nothing. */
    public int get(int process) {
        for (Node n = root; n != null; ) {
            if (process == n.process) return n.count;
            n = process < n.process ? n.left : n.right;
        }
        return 0;
    }

    public boolean holds(int process) {
        return get(process) > 0;
    }

    /** These counts with {@code process}'s set to {@code count}; at 0 or below it leaves. */
    public HoldCounts with(int process, int count) {
        Node r = count > 0 ? put(root, process, count) : remove(root, process);
        return r == root ? this : new HoldCounts(r);
    }

    /** These counts with {@code process}'s moved by {@code by}. */
    public HoldCounts moved(int process, int by) {
        return with(process, get(process) + by);
    }

    public boolean isEmpty() {
        return root == null;
    }

    public int size() {
        return sizeOf(root);
    }

    /** The processes that hold, in increasing order. */
    public List<Integer> processes() {
        List<Integer> out = new ArrayList<>(size());
        walk(root, out);
        return out;
    }

    private static void walk(Node n, List<Integer> out) {
        // iterative on the right spine, recursive on the left: a treap's depth is O(log n) expected
        for (; n != null; n = n.right) {
            walk(n.left, out);
            out.add(n.process);
        }
    }

    private static Node put(Node n, int process, int count) {
        if (n == null) return Node.of(process, count, null, null);
        if (process == n.process) return n.count == count ? n : Node.of(process, count, n.left, n.right);
        if (process < n.process) {
            Node l = put(n.left, process, count);
            if (l == n.left) return n;
            Node t = Node.of(n.process, n.count, l, n.right);
            return l.priority > t.priority ? Node.of(l.process, l.count, l.left, Node.of(n.process, n.count, l.right, n.right)) : t;
        }
        Node r = put(n.right, process, count);
        if (r == n.right) return n;
        Node t = Node.of(n.process, n.count, n.left, r);
        return r.priority > t.priority ? Node.of(r.process, r.count, Node.of(n.process, n.count, n.left, r.left), r.right) : t;
    }

    private static Node remove(Node n, int process) {
        if (n == null) return null;
        if (process < n.process) {
            Node l = remove(n.left, process);
            return l == n.left ? n : Node.of(n.process, n.count, l, n.right);
        }
        if (process > n.process) {
            Node r = remove(n.right, process);
            return r == n.right ? n : Node.of(n.process, n.count, n.left, r);
        }
        return merge(n.left, n.right);
    }

    /** Joins two treaps, every process of {@code a} below every process of {@code b}. */
    private static Node merge(Node a, Node b) {
        if (a == null) return b;
        if (b == null) return a;
        return a.priority > b.priority ? Node.of(a.process, a.count, a.left, merge(a.right, b))
                : Node.of(b.process, b.count, merge(a, b.left), b.right);
    }

    private static int sizeOf(Node n) {
        return n == null ? 0 : n.size;
    }

    private static int hashOf(Node n) {
        return n == null ? 0 : n.hash;
    }

    private static int entryHash(int process, int count) {
        return mix(process * 31 + count);
    }

    private static int priorityOf(int process) {
        return mix(process ^ 0x5bd1e995);
    }

    private static int mix(int x) {
        x ^= x >>> 16;
        x *= 0x7feb352d;
        x ^= x >>> 15;
        x *= 0x846ca68b;
        return x ^ (x >>> 16);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof HoldCounts other) || hashCode() != other.hashCode() || size() != other.size()) return false;
        // one shape per set of counts: equal trees node by node
        return same(root, other.root);
    }

    private static boolean same(Node a, Node b) {
        for (; a != null && b != null; a = a.right, b = b.right) {
            if (a == b) return true;
            if (a.process != b.process || a.count != b.count || !same(a.left, b.left)) return false;
        }
        return a == b;
    }

    @Override
    public int hashCode() {
        return hashOf(root);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("{");
        for (int p : processes()) sb.append(sb.length() > 1 ? ", " : "").append(p).append('=').append(get(p));
        return sb.append('}').toString();
    }
}
