package dev.lockstorm.suite.internal.replay;

import dev.lockstorm.suite.internal.nemesiskinds.RecordedSchedule;
import dev.lockstorm.locks.internal.registry.PluginException;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.run.Placement;
import dev.lockstorm.suite.internal.run.RunRequest;
import dev.lockstorm.suite.internal.run.RunResult;
import dev.lockstorm.suite.internal.run.RunSpec;
import dev.lockstorm.suite.internal.run.Runner;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A shrink's candidates run for real: each as the recorded run with the candidate's schedule, clients
 * and time limit, up to {@code tries} times, until the budget is spent; a try is the same finding when
 * {@link Finding#reproduces} says so. What {@link Shrink} asks of real runs.
 *
 * <pre>{@code
 * Trials trials = new Trials(recorded, schedule, finding, placement, new RunStore(out), log, 3, deadline, finalDeadline, System.nanoTime());
 * Candidate min = new Shrink(schedule, trials, log::println, finding.tiedSteps()).shrink(Candidate.all(schedule, 5, Duration.ofSeconds(30)));
 * }</pre>
 */
public final class Trials implements Shrink.Trial {
    /** The folder of a shrink's directory that holds every try's run. */
    public static final String TRIES = "tries";

    private final RunRequest recorded;
    private final RecordedSchedule schedule;
    private final Finding wanted;
    private final Placement placement;
    private final RunStore store;
    private final PrintStream log;
    private final int tries;
    private long deadline;
    private final long finalDeadline;
    private final long started;
    private long lastRunNanos;
    private int candidates;
    private int runs;
    /** The last run that showed the finding, of each candidate that showed it. */
    private final Map<Candidate, Path> shownBy = new HashMap<>();
    /** The last run that showed it, of any candidate. */
    private Path lastShown;

    /**
     * @param recorded      the recorded run, as data
     * @param schedule      its schedule, which candidates cut down
     * @param wanted        what it found, which a try must show again
     * @param store         where the tries go (its {@code tries/} and {@code candidates/})
     * @param log           every line; each is printed on the console too
     * @param deadline      when the search stops (System.nanoTime())
     * @param finalDeadline when the last phase stops
     */
    public Trials(RunRequest recorded, RecordedSchedule schedule, Finding wanted, Placement placement, RunStore store, PrintStream log, int tries,
                  long deadline, long finalDeadline, long started) {
        this.recorded = recorded;
        this.schedule = schedule;
        this.wanted = wanted;
        this.placement = placement;
        this.store = store;
        this.log = log;
        this.tries = tries;
        this.deadline = deadline;
        this.finalDeadline = finalDeadline;
        this.started = started;
    }

    /** Runs made so far. */
    public int runs() {
        return runs;
    }

    /** The last run that showed the finding for {@code c}, else the last that showed it for any candidate; null when none did. */
    public Path shownBy(Candidate c) {
        return shownBy.getOrDefault(c, lastShown);
    }

    @Override
    public void lastPhase() {
        deadline = finalDeadline;
    }

    @Override
    public boolean shows(Candidate c) {
        return runs(c, tries, true) > 0;
    }

    @Override
    public int showings(Candidate c, int runs) {
        return runs(c, runs, false);
    }

    /** Runs the candidate up to {@code times} times, stopping at the first that shows the finding when {@code untilShown}; how many showed it. */
    private int runs(Candidate c, int times, boolean untilShown) {
        candidates++;
        Path file = store.root().resolve("candidates").resolve("candidate-" + candidates + ".json");
        RunSpec spec;
        try {
            Files.createDirectories(file.getParent());
            c.schedule(schedule).write(file);
            spec = recorded.withSchedule(file).withClients(c.clients()).withTimeLimit(c.timeLimit()).spec();
        } catch (IllegalArgumentException | PluginException e) {
            say(String.format(Locale.ROOT, "  [%5.1f min] candidate %d: %s: cannot run: %s", minutes(), candidates, c.describe(), e.getMessage()));
            return 0;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        int shown = 0;
        for (int t = 1; t <= times; t++) {
            if (System.nanoTime() + lastRunNanos > deadline) throw new Ddmin.OutOfBudget();
            long begun = System.nanoTime();
            RunResult r;
            try {
                // the runs' own progress goes to the log; the console gets a line a try
                r = new Runner(log, placement).run(spec, store.newRun(TRIES));
            } catch (Exception e) {
                say(String.format(Locale.ROOT, "  [%5.1f min] candidate %d: %s: try %d failed to run: %s", minutes(), candidates, c.describe(), t, e));
                return shown;
            }
            lastRunNanos = System.nanoTime() - begun;
            this.runs++;
            Finding found = Finding.ofReplay(r.check(), c.steps());
            boolean same = found.reproduces(wanted);
            say(String.format(Locale.ROOT, "  [%5.1f min] candidate %d, try %d: %s: %s (%s)", minutes(), candidates, t, c.describe(),
                    same ? "the same finding" : "not the same", found.describe()));
            if (same) {
                shownBy.put(c, r.dir());
                lastShown = r.dir();
                shown++;
                if (untilShown) return shown;
            }
        }
        return shown;
    }

    private void say(String line) {
        System.out.println(line);
        log.println(line);
    }

    private double minutes() {
        return (System.nanoTime() - started) / 60e9;
    }
}
