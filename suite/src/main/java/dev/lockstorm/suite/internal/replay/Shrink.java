package dev.lockstorm.suite.internal.replay;

import dev.lockstorm.nemesis.replay.RecordedSchedule;
import dev.lockstorm.nemesis.replay.Step;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * From a failing run's schedule to the smallest one that still shows its finding: delta debugging
 * over the steps (which faults were needed; each candidate's first fault comes 3 s after the
 * clients start, the rest keep their spacing, and its time limit is cut to a few seconds past its
 * last heal), then each remaining fault's length cut down by bisection (a fault that must
 * outlast a lease stops shrinking just above it, since shorter ones no longer show the finding),
 * then fewer clients, then the time limit cut to a second past the last heal. Every candidate is judged by a {@link Trial}: real runs, several tries each, kept when any
 * try shows the same finding (DEMi's approach to timing-dependent failures).
 *
 * <pre>{@code
 * Candidate min = new Shrink(recorded, trial, progress::println).shrink(Candidate.all(recorded, 5, Duration.ofSeconds(60)));
 * }</pre>
 */
public final class Shrink {
    /** How many times a fault's length is halved toward what still shows the finding. */
    static final int BISECTIONS = 3;
    /** Lengths are cut in steps of this many milliseconds. */
    static final long GRAIN_MS = 100;
    /** How long a candidate runs past its last heal while its faults are being chosen: for what a heal sets off (a frozen holder's stale write). */
    static final Duration SETTLE = Duration.ofSeconds(5);
    /** How long a candidate's clients run before its first fault (at most: never later than recorded). */
    static final Duration LEAD = Duration.ofSeconds(3);

    /** Runs a candidate (several tries) and says whether it showed the same finding; throws {@link Ddmin.OutOfBudget} when it may not run. */
    @FunctionalInterface
    public interface Trial {
        boolean shows(Candidate c);
    }

    private final RecordedSchedule recorded;
    private final Trial trial;
    private final Consumer<String> progress;

    public Shrink(RecordedSchedule recorded, Trial trial, Consumer<String> progress) {
        this.recorded = recorded;
        this.trial = trial;
        this.progress = progress;
    }

    /** The smallest candidate found from {@code start} (which the caller knows to show the finding). */
    public Candidate shrink(Candidate start) {
        Candidate[] best = {start};
        try {
            List<Integer> steps = Ddmin.minimize(start.steps(), s -> {
                Candidate c = fitted(best[0].withSteps(s), SETTLE);
                boolean shows = trial.shows(c);
                // ddmin goes on from a smaller failing set: remember it as the best so far
                if (shows && s.size() < best[0].steps().size()) best[0] = c;
                return shows;
            });
            if (!steps.equals(best[0].steps())) best[0] = fitted(best[0].withSteps(steps), SETTLE);
            progress.accept("faults needed: " + best[0].describe());
            for (int n : best[0].steps()) best[0] = shorten(best[0], n);
            while (best[0].clients() > 2 && trial.shows(best[0].withClients(best[0].clients() - 1))) best[0] = best[0].withClients(best[0].clients() - 1);
            Candidate tight = fitted(best[0], Duration.ofSeconds(1));
            if (tight.timeLimit().compareTo(best[0].timeLimit()) < 0 && trial.shows(tight)) best[0] = tight;
        } catch (Ddmin.OutOfBudget e) {
            progress.accept("the budget is spent: the smallest so far is kept");
        }
        return best[0];
    }

    /**
     * The candidate with its time limit cut to {@code after} past its last heal (never longer than
     * it was): a run without the faults left out has nothing to wait for after them.
     */
    Candidate fitted(Candidate c, Duration after) {
        // the quiet time before the first fault kept, cut to a lead in which the clients get going
        c = c.shifted(Math.max(0, c.start(recorded) - LEAD.toMillis()));
        Duration d = Duration.ofSeconds((c.end(recorded) + after.toMillis() + 999) / 1000);
        return d.compareTo(c.timeLimit()) < 0 ? c.withTimeLimit(d) : c;
    }

    /** Step {@code n}'s length bisected between 0 and what it is now, kept as short as still shows the finding. */
    private Candidate shorten(Candidate c, int n) {
        Step s = c.step(recorded, n);
        long hi = s.lengthMs();
        if (hi < 2 * GRAIN_MS) return c;
        long lo = 0;
        for (int i = 0; i < BISECTIONS && hi - lo >= 2 * GRAIN_MS; i++) {
            long mid = (lo + hi) / 2 / GRAIN_MS * GRAIN_MS;
            if (trial.shows(c.withLength(n, mid))) {
                hi = mid;
                c = c.withLength(n, mid);
            } else {
                lo = mid;
            }
        }
        return c;
    }
}
