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
     * @param matches whether a result is what was expected
     * @param tries   how many seeds (1, 2, …) the scenario tests may run before they say it did not
     *                reproduce: 1, except for a variant that finds a timing-dependent failure in fewer
     *                than 10 of 10 seeds (the README gives its rate per seed); never more than 1 for a
     *                variant that expects no violation, which must hold on every seed
     * @param proof   what in a run proves (or would prove) the claim, in one line: {@link Proof#line} unless
     *                the variant's mechanism needs its own words
     * @param inCi    whether the scenario tests run it on every CI run; a family's other variants are
     *                measured by hand ({@code reproduce NAME --seeds 10}, rates in the README)
     */
    public record Variant(String label, LongFunction<RunSpec> spec, String expects, Predicate<RunResult> matches, int tries,
                          Function<RunResult, String> proof, boolean inCi) {
        public Variant {
            if (tries < 1) throw new IllegalArgumentException("a variant is tried on at least one seed");
        }

        public Variant(String label, LongFunction<RunSpec> spec, String expects, Predicate<RunResult> matches) {
            this(label, spec, expects, matches, 1, Proof::line, true);
        }

        /** The same variant, which the scenario tests may try on up to {@code seeds} seeds. */
        public Variant triedOn(int seeds) {
            return new Variant(label, spec, expects, matches, seeds, proof, inCi);
        }

        /** The same variant, its proof told by {@code proof}. */
        public Variant provedBy(Function<RunResult, String> proof) {
            return new Variant(label, spec, expects, matches, tries, proof, inCi);
        }

        /** The same variant, measured by hand only: CI runs another variant of its family. */
        public Variant byHandOnly() {
            return new Variant(label, spec, expects, matches, tries, proof, false);
        }

        @Override
        public String toString() {
            return label;
        }
    }
}
