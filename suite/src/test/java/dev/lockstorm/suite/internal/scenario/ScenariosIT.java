package dev.lockstorm.suite.internal.scenario;

import dev.lockstorm.checker.Summary;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.run.RunResult;
import dev.lockstorm.suite.internal.run.RunSpec;
import dev.lockstorm.suite.internal.run.Runner;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every named scenario, every variant, run for real: lockstorm reports what the scenario expects. */
@Tag("scenario")
class ScenariosIT {
    private static final RunStore STORE = new RunStore(Path.of("target", "it-results").toAbsolutePath());

    static Stream<Arguments> variants() {
        return Scenarios.all().stream().flatMap(s -> s.variants().stream().map(v -> Arguments.of(s.name(), v)));
    }

    @ParameterizedTest(name = "{0} / {1}")
    @MethodSource("variants")
    void reportsWhatTheScenarioExpects(String scenario, Scenario.Variant variant) throws Exception {
        RunSpec spec = Scenarios.byName(scenario).orElseThrow().spec(variant, 1);
        RunResult r = new Runner(System.out).run(spec, STORE.newRun(spec.system().name()));
        assertTrue(variant.matches().test(r), scenario + " / " + variant.label() + " expects " + variant.expects() + "; found:\n"
                + Summary.of(r.check()) + "report: " + r.dir().resolve("report.html"));
    }
}
