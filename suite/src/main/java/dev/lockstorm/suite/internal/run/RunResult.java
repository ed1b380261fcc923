package dev.lockstorm.suite.internal.run;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.results.JunitXml;
import dev.lockstorm.results.Results;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What a run produced.
 *
 * @param dir          its results directory
 * @param check        the checked history
 * @param notLive      clients that could not acquire in the quiet period after the final heal
 * @param faults       faults the nemesis injected
 * @param suite        its junit.xml test suite, for a file that gathers several runs
 * @param results      what its results.json says: what every pass condition reads
 * @param timings      where its wall time went
 */
public record RunResult(Path dir, CheckResult check, List<String> notLive, int faults, JunitXml.Suite suite, Results results,
                        RunTimings timings) {

    /**
     * A run still going, as far as its history goes ({@code check}, with the run's {@code facts}): its faults those
     * the history shows begun, its liveness not yet known (no client named as not live, its results saying it is
     * unknown), and no junit.xml or timings yet.
     */
    static RunResult soFar(Path dir, CheckResult check, Map<String, Object> facts) {
        return new RunResult(dir, check, List.of(), check.faults().size(), null, Results.of(check, null, facts), null);
    }
}
