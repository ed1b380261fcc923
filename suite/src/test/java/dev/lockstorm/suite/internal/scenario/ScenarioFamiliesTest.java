package dev.lockstorm.suite.internal.scenario;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

/** Every named scenario is run by one of the scenario test classes: its servers belong to a family that has one. */
class ScenarioFamiliesTest {
    @Test
    void everyScenarioHasAFamily() {
        for (Scenario s : Scenarios.all()) assertDoesNotThrow(() -> ScenarioRuns.Family.of(s), s.name());
    }
}
