package dev.lockstorm.suite.internal.scenario;

import dev.lockstorm.suite.internal.run.RunResult;
import dev.lockstorm.suite.internal.run.RunSpec;

import java.util.List;
import java.util.function.LongFunction;
import java.util.function.Predicate;

/**
 * A named, fixed recipe that reproduces a known lock failure (or shows that a fix holds): one or
 * more runs, each with what lockstorm is expected to find.
 *
 * @param name        what {@code lockstorm reproduce} takes
 * @param description one line for {@code lockstorm list}
 * @param variants    the runs, in order
 */
public record Scenario(String name, String description, List<Variant> variants) {

    /** The run of {@code variant} with {@code seed}, titled "scenario / variant". */
    public RunSpec spec(Variant variant, long seed) {
        return variant.spec().apply(seed).withTitle(name + " / " + variant.label());
    }

    /**
     * One run of a scenario.
     *
     * @param label   e.g. {@code fencing none}
     * @param spec    the run for a seed
     * @param expects what lockstorm should report, in words
     * @param matches whether a result is what was expected
     */
    public record Variant(String label, LongFunction<RunSpec> spec, String expects, Predicate<RunResult> matches) {
        @Override
        public String toString() {
            return label;
        }
    }
}
