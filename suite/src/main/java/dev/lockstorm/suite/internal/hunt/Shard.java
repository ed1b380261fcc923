package dev.lockstorm.suite.internal.hunt;

/**
 * A share of a hunt's runs, {@code --shard i/n}: of the rotation's runs in order (0, 1, 2, …) the
 * i-th of every n. The n shares of one hunt are disjoint and together are the hunt unsharded, so
 * that n machines (a CI job's matrix) can hunt side by side and {@code lockstorm merge} joins them.
 *
 * @param index which share, from 1
 * @param of    how many shares
 */
public record Shard(int index, int of) {
    /** The whole hunt. */
    public static final Shard WHOLE = new Shard(1, 1);

    public Shard {
        if (of < 1 || index < 1 || index > of) throw new IllegalArgumentException("--shard " + index + "/" + of + ": expected i/n with 1 ≤ i ≤ n");
    }

    /** {@code "2/4"}; an {@link IllegalArgumentException} that names the option otherwise. */
    public static Shard parse(String text) {
        String[] parts = text.trim().split("/", -1);
        try {
            if (parts.length == 2) return new Shard(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
        } catch (NumberFormatException e) {
            // the message below says what is expected
        }
        throw new IllegalArgumentException("--shard " + text + ": expected i/n, such as 1/4 (the first of four shares)");
    }

    /** Whether the run at {@code position} of the rotation (from 0) is this share's. */
    public boolean takes(long position) {
        return position % of == index - 1;
    }

    @Override
    public String toString() {
        return index + "/" + of;
    }
}
