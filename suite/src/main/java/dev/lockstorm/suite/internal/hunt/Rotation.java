package dev.lockstorm.suite.internal.hunt;

import dev.lockstorm.suite.internal.nemesiskinds.NemesisKind;

import java.util.ArrayList;
import java.util.List;

/**
 * A hunt's runs in order: round after round, the round's seed (1, 2, …) with every nemesis that
 * fits the lock in turn, and every other run's holders careful (they ask "still held?" through the
 * hold and stop at a doubt: a lock that says yes after the service gave the lock to another is
 * caught either way, its lease limits fewer with them). A {@link Shard} takes its share of the
 * positions, so that the shards of a hunt together make exactly the runs of the hunt unsharded.
 *
 * @param kinds  the nemeses of a round, in order
 * @param rounds how many rounds (seeds 1 … rounds), or 0 for as many as the budget allows
 * @param shard  the share of the runs this hunt makes
 */
record Rotation(List<NemesisKind> kinds, long rounds, Shard shard) {

    /**
     * One run of the rotation.
     *
     * @param position where it stands in the whole rotation, from 0 (the same in every shard)
     * @param seed     the round's seed
     * @param careful  whether its holders ask "still held?" through the hold and stop at a doubt
     */
    record Turn(long position, long seed, NemesisKind kind, boolean careful) {
    }

    Rotation {
        kinds = List.copyOf(kinds);
        if (kinds.isEmpty()) throw new IllegalArgumentException("a rotation needs a nemesis");
        if (rounds < 0) throw new IllegalArgumentException("--seeds must be at least 1, not " + rounds);
    }

    /** The turn at {@code position} of the whole rotation. */
    Turn at(long position) {
        return new Turn(position, position / kinds.size() + 1, kinds.get((int) (position % kinds.size())), position % 2 == 1);
    }

    /** This shard's next turn at or after {@code position}, or null when the rounds are done. */
    Turn next(long position) {
        for (long p = position; rounds == 0 || p < rounds * kinds.size(); p++) {
            if (shard.takes(p)) return at(p);
        }
        return null;
    }

    /** This shard's turns from {@code turn} to the end of its round, it included. */
    int leftInRound(Turn turn) {
        int n = 0;
        for (long p = turn.position(); p < turn.seed() * kinds.size(); p++) if (shard.takes(p)) n++;
        return n;
    }

    /** Every turn of this shard, when the rounds are bounded. */
    List<Turn> turns() {
        if (rounds == 0) throw new IllegalStateException("an endless rotation has no list of turns");
        List<Turn> out = new ArrayList<>();
        for (Turn t = next(0); t != null; t = next(t.position() + 1)) out.add(t);
        return out;
    }
}
