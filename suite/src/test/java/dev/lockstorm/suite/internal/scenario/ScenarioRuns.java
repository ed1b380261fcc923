package dev.lockstorm.suite.internal.scenario;

import dev.lockstorm.api.Topology;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.run.RunResult;
import dev.lockstorm.suite.internal.run.RunSpec;
import dev.lockstorm.suite.internal.run.Runner;
import dev.lockstorm.suite.internal.run.StandingServers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every variant of the named scenarios of one family, run for real: lockstorm reports what the
 * scenario expects. The families are separate test classes so that failsafe's forks, each in a lab
 * of its own, run them side by side (a run keeps a core about a tenth busy: it mostly waits out
 * leases and pauses).
 */
@Tag("scenario")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ScenarioRuns {
    private static final RunStore STORE = new RunStore(Path.of("target", "it-results").toAbsolutePath());

    /** The servers a scenario runs on; every scenario is in exactly one. */
    enum Family {
        ZOOKEEPER, REDIS, REDLOCK, SENTINEL, ETCD, HAZELCAST, DYNAMODB, DATABASE;

        static Family of(Scenario s) {
            Topology t = s.spec(s.variants().get(0), 1).system().topology();
            if (t instanceof Topology.ZooKeeper) return ZOOKEEPER;
            if (t instanceof Topology.Etcd) return ETCD;
            if (t instanceof Topology.Hazelcast) return HAZELCAST;
            if (t instanceof Topology.DynamoDb) return DYNAMODB;
            if (t instanceof Topology.PostgreSql || t instanceof Topology.MariaDb || t instanceof Topology.PostgreSqlHa) return DATABASE;
            if (t instanceof Topology.RedisSentinel) return SENTINEL;
            if (t instanceof Topology.RedisMasters m) return m.masters() == 1 ? REDIS : REDLOCK;
            throw new IllegalStateException(s.name() + " runs on " + t.describe() + ", which no family of ScenarioRuns covers: add one");
        }
    }

    private final Family family;
    /**
     * The servers and workers of one variant's run kept for the next of the same shape, healed and emptied, as a
     * hunt's and a matrix's are (StandingServersIT tests that nothing of a run is seen by the next): three forks of
     * these runs keep two cores busy, and much of a run's fixed cost is starting JVMs. {@code reproduce --seeds},
     * which measures the README's rates, starts each run's servers afresh.
     */
    private final StandingServers standing = new StandingServers();

    ScenarioRuns(Family family) {
        this.family = family;
    }

    /** The family's variants in CI, those whose runs have the same shape one after the other, so that they share servers. */
    Stream<Arguments> variants() {
        record Planned(Scenario scenario, Scenario.Variant variant, String shape) {
        }
        return Scenarios.all().stream().filter(s -> Family.of(s) == family)
                .flatMap(s -> s.variants().stream().filter(Scenario.Variant::inCi).map(v -> {
                    RunSpec spec = s.spec(v, 1);
                    return new Planned(s, v, spec.system().topology() + " " + spec.persistence() + " " + spec.clients());
                }))
                .sorted(Comparator.comparing(Planned::shape))
                .map(p -> Arguments.of(p.scenario().name(), p.variant()));
    }

    @AfterAll
    void stopTheServers() {
        standing.close();
    }

    /**
     * Seed 1: a variant in CI finds what it expects (its rate over 10 seeds is in docs/scenarios.md). A
     * seed-1 run that found no violation at all did not reach the race the scenario sets up (a timing
     * on a loaded machine): seed 2 is run once more, and the miss is printed. A run that found a
     * violation other than the one expected fails at once, and so does a violation in a variant that
     * expects none: a second seed never hides what a run found.
     */
    @ParameterizedTest(name = "{0} / {1}")
    @MethodSource("variants")
    void reportsWhatTheScenarioExpects(String scenario, Scenario.Variant variant) throws Exception {
        Scenario s = Scenarios.byName(scenario).orElseThrow();
        RunResult r = run(s, variant, 1);
        if (variant.matches().test(r)) return;
        String first = found(scenario, variant, 1, r);
        if (r.check().verdict() != Verdict.VALID) fail(first);
        System.out.println("MISS: " + first + "\nseed 1 found no violation (the race was not reached): seed 2");
        RunResult again = run(s, variant, 2);
        if (!variant.matches().test(again)) fail(first + "\n" + found(scenario, variant, 2, again));
    }

    /**
     * A variant's run ends its main phase once the history so far shows a violation and what the variant expects, as
     * a hunt's run ends at its defect (the run's own check after the heal still decides): more faults after that would
     * only lengthen CI. A variant that expects no violation runs its whole length, since a valid history so far ends
     * nothing. {@code reproduce}, which measures the rates, always runs the whole length.
     */
    private RunResult run(Scenario s, Scenario.Variant variant, long seed) throws Exception {
        RunSpec spec = s.spec(variant, seed);
        Runner runner = new Runner(System.out).keeping(standing).endingAt(soFar ->
                soFar.check().verdict() == Verdict.INVALID && variant.matches().test(soFar) ? Optional.of(variant.expects()) : Optional.empty());
        return runner.run(spec, STORE.newRun(spec.system().name()));
    }

    private static String found(String scenario, Scenario.Variant variant, long seed, RunResult r) {
        return scenario + " / " + variant.label() + " expects " + variant.expects() + "; found (seed " + seed + "): " + Summary.of(r.check())
                + "proof: " + variant.proof().apply(r) + "\nreport: " + r.dir().resolve("report.html");
    }
}
