package dev.lockstorm.suite.internal.run;

import dev.lockstorm.checker.CheckResult;

import java.nio.file.Path;
import java.util.List;

/**
 * What a run produced.
 *
 * @param dir          its results directory
 * @param check        the checked history
 * @param notLive      clients that could not acquire in the quiet period after the final heal
 * @param faults       faults the nemesis injected
 */
public record RunResult(Path dir, CheckResult check, List<String> notLive, int faults) {
}
