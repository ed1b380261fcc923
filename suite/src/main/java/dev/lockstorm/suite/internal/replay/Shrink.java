package dev.lockstorm.suite.internal.replay;

import dev.lockstorm.suite.internal.nemesiskinds.RecordedSchedule;
import dev.lockstorm.nemesis.replay.Step;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * From a failing run's schedule to the smallest one that still shows its finding: delta debugging
 * over the steps (which faults were needed; each candidate's first fault comes 3 s after the
 * clients start, the rest keep their spacing, and its time limit is cut to a few seconds past its
 * last heal), then each remaining fault's length cut down by bisection (a fault that must
 * outlast a lease stops shrinking just above it, since shorter ones no longer show the finding),
 * then fewer clients, then the time limit cut to a second past the last heal; a result that shows
 * the finding in only some runs is then made steadier (its faults held longer). Every candidate is judged by a {@link Trial}: real runs, several tries each, kept when any
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

    /** How many runs a minimal schedule gets to show how steadily it shows the finding. */
    static final int STEADY_RUNS = 3;

    /** Runs a candidate (several tries) and says whether it showed the same finding; throws {@link Ddmin.OutOfBudget} when it may not run. */
    @FunctionalInterface
    public interface Trial {
        boolean shows(Candidate c);

        /** In how many of {@code runs} runs (one try each) the candidate showed the finding. */
        default int showings(Candidate c, int runs) {
            int n = 0;
            for (int i = 0; i < runs; i++) if (shows(c)) n++;
            return n;
        }

        /** Called once the search is done, before the smallest is made steadier: a budget kept for that is given now. */
        default void lastPhase() {
        }
    }

    private final RecordedSchedule recorded;
    private final Trial trial;
    private final Consumer<String> progress;
    private final Set<Integer> tied;

    public Shrink(RecordedSchedule recorded, Trial trial, Consumer<String> progress) {
        this(recorded, trial, progress, Set.of());
    }

    /** @param tied the steps the finding is tied to: held longer first when the smallest is made steadier */
    public Shrink(RecordedSchedule recorded, Trial trial, Consumer<String> progress, Set<Integer> tied) {
        this.recorded = recorded;
        this.trial = trial;
        this.progress = progress;
        this.tied = Set.copyOf(tied);
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
            progress.accept("the search's budget is spent: the smallest so far is kept");
        }
        trial.lastPhase();
        try {
            best[0] = steadied(best[0]);
        } catch (Ddmin.OutOfBudget e) {
            progress.accept("the budget is spent before the smallest was made steadier");
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

    /**
     * The minimal schedule made steadier when it shows the finding in only some runs (a freeze just
     * around the lease shows it when the timing falls right): each fault held half as long again,
     * then twice as long, kept when that shows it in more runs. The aim is a schedule that fails
     * every time, not merely the shortest that failed once.
     */
    private Candidate steadied(Candidate c) {
        int shown = trial.showings(c, STEADY_RUNS);
        if (shown == 0) return c; // it showed the finding when it was kept: a steadier one is no more likely to be found
        progress.accept("the smallest showed it in " + shown + " of " + STEADY_RUNS + " runs");
        // the faults the finding is tied to first: holding those longer is what makes it come every time
        List<Integer> order = new java.util.ArrayList<>(c.steps());
        order.sort(java.util.Comparator.comparing(n -> !tied.contains(n)));
        for (int n : order) {
            long length = c.step(recorded, n).lengthMs();
            if (shown == STEADY_RUNS || length == 0) continue;
            for (long longer : new long[]{length * 3 / 2, length * 2}) {
                Candidate l = covering(c.withLength(n, longer / GRAIN_MS * GRAIN_MS));
                int k = trial.showings(l, STEADY_RUNS);
                progress.accept("step " + n + " held " + longer / 1000.0 + " s: " + k + " of " + STEADY_RUNS + " runs");
                if (k > shown) {
                    c = l;
                    shown = k;
                    break;
                }
            }
        }
        return c;
    }

    /** The candidate with its time limit long enough for a second past its last heal. */
    private Candidate covering(Candidate c) {
        Duration d = Duration.ofSeconds((c.end(recorded) + 1_000 + 999) / 1000);
        return d.compareTo(c.timeLimit()) > 0 ? c.withTimeLimit(d) : c;
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
