package dev.lockstorm.suite.internal.cli;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The command a reproduction's run records (its report's "exact command"): it repeats that one run, where it ran. */
@Tag("unit")
class ReproduceCommandTest {
    @Test
    void aRunOfManySeedsAndVariantsRecordsItsOwnSeedAndVariantAndKeepsWhereItRan() {
        List<String> typed = List.of("curator-gc-pause", "--seeds", "10", "--seed=3", "--backend", "containers", "--classpath", "my.jar");
        assertEquals(List.of("bin/lockstorm", "reproduce", "curator-gc-pause", "--backend", "containers", "--classpath", "my.jar", "--seed", "7",
                "--variant", "2"), ReproduceCommand.command(typed, 7, 2, 2));
    }

    @Test
    void theVariantIsNamedOnlyWhenTheScenarioHasMoreThanOne() {
        assertEquals(List.of("bin/lockstorm", "reproduce", "redlock-clock-jump", "--seed", "1"),
                ReproduceCommand.command(List.of("redlock-clock-jump", "--variant", "1"), 1, 1, 1));
    }

    @Test
    void aScenarioFileStaysAsTyped() {
        assertEquals(List.of("bin/lockstorm", "reproduce", "store/x-shrink/latest/scenario.json", "--seed", "4", "--variant", "1"),
                ReproduceCommand.command(List.of("store/x-shrink/latest/scenario.json", "--seeds", "3", "--seed", "2"), 4, 1, 3));
    }
}
