package dev.lockstorm.suite.internal.scenario;

import dev.lockstorm.suite.internal.run.RunResult;
import dev.lockstorm.suite.internal.run.RunSpec;

import java.util.List;
import java.util.function.Function;
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
     * @param matches whether a result is what was expected (the scenario tests run seed 1 only: a
     *                variant in CI must find what it expects in every seed, its rate measured over 10)
     * @param proof   what in a run proves (or would prove) the claim, in one line: {@link Proof#line} unless
     *                the variant's mechanism needs its own words
     * @param inCi    whether the scenario tests run it on every CI run; a family's other variants are
     *                measured by hand ({@code reproduce NAME --seeds 10}, rates in the README)
     */
    public record Variant(String label, LongFunction<RunSpec> spec, String expects, Predicate<RunResult> matches,
                          Function<RunResult, String> proof, boolean inCi) {
        public Variant(String label, LongFunction<RunSpec> spec, String expects, Predicate<RunResult> matches) {
            this(label, spec, expects, matches, Proof::line, true);
        }

        /** The same variant, its proof told by {@code proof}. */
        public Variant provedBy(Function<RunResult, String> proof) {
            return new Variant(label, spec, expects, matches, proof, inCi);
        }

        /** The same variant, measured by hand only: CI runs another variant of its family. */
        public Variant byHandOnly() {
            return new Variant(label, spec, expects, matches, proof, false);
        }

        @Override
        public String toString() {
            return label;
        }
    }
}
