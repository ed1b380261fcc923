package dev.lockstorm.junit;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opentest4j.AssertionFailedError;

import java.nio.file.Files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The extension as a user's test uses it, from this plain test JVM (no lab around it): each run
 * happens in a lab of its own, against a real Redis.
 */
@ExtendWith(LockStormExtension.class)
@Tag("lab")
class LockStormExtensionIT {

    @LockStormTest(system = "redis-single", clients = 3, timeLimit = "6s", quiet = "10s", holdMax = "100ms")
    void aFaultFreeRunIsSafe(LockStormRun run) {
        run.assertSafe().assertLive().assertNoLostUpdates();
        AssertionFailedError nothing = assertThrows(AssertionFailedError.class, () -> run.assertExercised("grant-during-fault"));
        // a waiter that gave up may be listed as exercised; nothing is granted during a fault without faults
        assertTrue(nothing.getMessage().contains("expected the run to reach grant-during-fault")
                && !nothing.getMessage().contains("grant-during-fault ×"), nothing.getMessage());
        assertTrue(Files.exists(run.report()), "report.html in " + run.dir());
        assertEquals("LockStormExtensionIT.aFaultFreeRunIsSafe", run.dir().getParent().getFileName().toString(),
                "results go to target/lockstorm/<test>/<time>/: " + run.dir());
        assertTrue(run.operations() > 20, run.counts());
    }

    @LockStormTest(system = "redis-single", clients = 3, nemesis = "pause-client", lease = "2s", timeLimit = "12s",
            nemesisInterval = "3s", holdMax = "1s", quiet = "10s")
    void aHolderFrozenPastItsTtlIsAnExpectedDoubleHolder(LockStormRun run) {
        // SET NX PX's holder learns from its own clock that its TTL ran out: every incident is the lease's limit
        run.assertDoubleHolder().assertFaultsInjected().assertExercised("holder-paused-past-lease").assertNoDefect();
        AssertionFailedError e = assertThrows(AssertionFailedError.class, run::assertSafe);
        assertTrue(e.getMessage().contains("double holders") && e.getMessage().contains("process")
                && e.getMessage().contains(run.report().toString()), "the message explains and points at the report: " + e.getMessage());
    }

    /** Seed 1's run fails the assertion, seed 2's meets it: a finding shown on any of the seeds passes. */
    @LockStormTest(system = "redis-single", clients = 2, timeLimit = "4s", quiet = "10s", holdMax = "100ms", seeds = 2)
    void aTestWithSeedsPassesOnTheFirstSeedThatShowsIt(LockStormRun run) {
        assertEquals(2, run.spec().seed(), "seed 1 does not show it");
    }

    private static final java.util.List<Long> SAFE_SEEDS = java.util.Collections.synchronizedList(new java.util.ArrayList<>());

    /** A safety claim with seeds = 2: both seeds' runs are checked, not only the first that passes. */
    @LockStormTest(system = "redis-single", clients = 2, timeLimit = "4s", quiet = "10s", holdMax = "100ms", seeds = 2)
    void aSafetyClaimWithSeedsRunsEverySeed(LockStormRun run) {
        SAFE_SEEDS.add(run.spec().seed());
        run.assertNoDefect();
    }

    @org.junit.jupiter.api.AfterAll
    static void everySeedOfTheSafetyClaimRan() {
        // (empty when that test was not selected)
        if (!SAFE_SEEDS.isEmpty()) assertEquals(java.util.List.of(1L, 2L), SAFE_SEEDS, "the safety claim's seeds");
    }

    @ParameterizedTest
    @ValueSource(strings = {"writes", "all"})
    void specsMadeInTheTestAreRunToo(String fencing, LockStorm lockstorm) {
        LockStormRun run = lockstorm.run(LockStormSpec.of("redis-single").withClients(2).withFencing(fencing).withHoldMax(java.time.Duration.ofMillis(100))
                .withTimeLimit(java.time.Duration.ofSeconds(4)).withQuiet(java.time.Duration.ofSeconds(10)));
        run.assertSafe();
        assertEquals(fencing, run.spec().fencing());
    }

    @Test
    void anUnknownSystemIsASetupErrorNamingTheKnownOnes(LockStorm lockstorm) {
        LockStormSetupException e = assertThrows(LockStormSetupException.class, () -> lockstorm.run(LockStormSpec.of("no-such-lock")));
        assertTrue(e.getMessage().contains("unknown system 'no-such-lock'") && e.getMessage().contains("curator-mutex"), e.getMessage());
    }
}
