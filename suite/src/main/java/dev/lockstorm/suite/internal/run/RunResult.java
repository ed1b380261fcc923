package dev.lockstorm.suite.internal.run;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.results.JunitXml;
import dev.lockstorm.results.Results;

import java.nio.file.Path;
import java.util.List;

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
}
