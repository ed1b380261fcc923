package dev.lockstorm.suite.internal.run;

import dev.lockstorm.results.RunReport;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A runner's rule for ending a run's main phase before its time limit: the history written so far
 * already shows what the run is for (a hunt's finding), so more faults in it would only delay the
 * next run. The history is checked again only when something that could make a finding came since
 * the last look: a double holder, or an act of the nemesis (a stale write needs no double holder).
 * The run's own check, after the heal, still decides; a look that finds nothing, or cannot decide in
 * its short search, ends nothing.
 */
final class EarlyEnd {
    /** The check's limit for one look: a look runs on the main phase's thread, between its ticks. */
    private static final Duration LOOK = Duration.ofSeconds(2);
    /** Looks at most this often: each reads and checks the whole history so far. */
    private static final long EVERY = 1_000_000_000L;

    private final Function<RunResult, Optional<String>> finding;
    private final Path dir;
    private final Map<String, Object> facts;

    private int doublesSeen;
    private long nemesisSeen = -1;
    private long lastLook = System.nanoTime() - EVERY;

    /** @param finding what the run is for, in words, when the run so far ({@link RunResult#soFar}) shows it; empty when not */
    EarlyEnd(Function<RunResult, Optional<String>> finding, Path dir, Map<String, Object> facts) {
        this.finding = finding;
        this.dir = dir;
        this.facts = Map.copyOf(facts);
    }

    /** The finding, when the history so far shows it; looked for only when a double holder or a nemesis act came since the last look. */
    Optional<String> shown(HoldBoard board, Recorder recorder) {
        int doubles = board.doubleHoldersSoFar();
        long nemesis = recorder.lastNemesisEvent();
        if (doubles == doublesSeen && nemesis == nemesisSeen || System.nanoTime() - lastLook < EVERY) return Optional.empty();
        lastLook = System.nanoTime();
        doublesSeen = doubles;
        nemesisSeen = nemesis;
        try {
            return finding.apply(RunResult.soFar(dir, RunReport.soFar(dir, LOOK), facts));
        } catch (IOException | RuntimeException e) {
            // a history that cannot be read or checked yet says nothing: the run's own check, at its end, will say why
            return Optional.empty();
        }
    }
}
