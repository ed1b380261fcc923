package dev.lockstorm.junit;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A reproduction stops at the first seed that shows it; a safety claim needs every seed. */
@Tag("unit")
class SeedRuleTest {
    @Test
    void aReproductionPassesAtTheFirstSeedThatShowsIt() {
        assertEquals(SeedRule.PASS, SeedRule.after(false, true, false));
        assertEquals(SeedRule.NEXT, SeedRule.after(false, false, false));
        assertEquals(SeedRule.FAIL, SeedRule.after(false, false, true));
    }

    @Test
    void aSafetyClaimPassesOnlyWhenEverySeedDoes() {
        assertEquals(SeedRule.NEXT, SeedRule.after(true, true, false), "one seed passing proves nothing of the next");
        assertEquals(SeedRule.PASS, SeedRule.after(true, true, true));
        assertEquals(SeedRule.FAIL, SeedRule.after(true, false, false), "the first seed that breaks it fails the test");
    }

    @Test
    void theSafetyAssertionsMarkTheThreadAndTheMarkIsForgotten() {
        assertFalse(SeedRule.claimedSafety());
        SeedRule.claimSafety();
        assertTrue(SeedRule.claimedSafety());
        assertFalse(SeedRule.claimedSafety(), "read once, then forgotten");
    }
}
