package dev.lockstorm.suite.internal.hunt;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** How long a hunt's runs are when the user does not say: the rotation shares the budget, within 10 to 30 s a run. */
@Tag("unit")
class HuntRotationTest {
    private static Duration s(long seconds) {
        return Duration.ofSeconds(seconds);
    }

    @Test
    void theRotationSharesTheBudgetAfterTheCostAroundEachRun() {
        // 5 minutes, 11 nemeses, 5 s around a run: 27.3 s a run, 22 s of it the main phase (whole seconds, as the command says)
        assertEquals(s(22), Hunt.eachFor(Duration.ofMinutes(5), 11, s(5)));
        // what is left of a round shares what is left of the budget
        assertEquals(s(25), Hunt.eachFor(s(90), 2, s(20)));
    }

    @Test
    void noRunIsShorterThanTenSecondsNorLongerThanThirty() {
        // 3 minutes cannot hold 11 runs that cost 20 s around each: the shortest, and fewer of them fit
        assertEquals(Hunt.MIN_EACH, Hunt.eachFor(Duration.ofMinutes(3), 11, s(20)));
        assertEquals(Hunt.MIN_EACH, Hunt.eachFor(Duration.ZERO, 3, s(20)));
        // a budget that holds the rotation at ease runs it at the length a user would choose
        assertEquals(Hunt.MAX_EACH, Hunt.eachFor(Duration.ofMinutes(10), 11, s(20)));
    }
}
