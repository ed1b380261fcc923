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

    /**
     * The {@code job}-th (from 1) of {@code jobs} equal parts of this share, for jobs side by side
     * ({@code hunt --jobs}): the parts are disjoint and together are this share, so that each is a
     * share of the whole rotation ({@code 1/2} split in two: {@code 1/4} and {@code 3/4}).
     */
    public Shard part(int job, int jobs) {
        if (jobs < 1 || job < 1 || job > jobs) throw new IllegalArgumentException("job " + job + " of " + jobs + ": expected 1 ≤ job ≤ jobs");
        return new Shard(index + (job - 1) * of, of * jobs);
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
