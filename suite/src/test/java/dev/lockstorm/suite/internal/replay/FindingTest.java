package dev.lockstorm.suite.internal.replay;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FindingTest {
    private static final Finding FROZEN_HOLDER = new Finding(Map.of("lease-limit", Set.of(2), "lost-update", Set.of()));

    @Test
    void theSameKindTiedToOneOfTheSameStepsIsTheSameFinding() {
        assertTrue(new Finding(Map.of("lease-limit", Set.of(1, 2), "lost-update", Set.of())).reproduces(FROZEN_HOLDER));
        assertTrue(new Finding(Map.of("lease-limit", Set.of(2), "lost-update", Set.of(), "stale-write-accepted", Set.of())).reproduces(FROZEN_HOLDER),
                "more found than before still shows it");
    }

    @Test
    void theSameKindCausedByAnotherStepOrByNoFaultIsNot() {
        assertFalse(new Finding(Map.of("lease-limit", Set.of(1), "lost-update", Set.of())).reproduces(FROZEN_HOLDER));
        assertFalse(new Finding(Map.of("lease-limit", Set.of(), "lost-update", Set.of())).reproduces(FROZEN_HOLDER));
        assertTrue(new Finding(Map.of("lease-limit", Set.of(2))).reproduces(FROZEN_HOLDER), "what the double holder cost may differ");
        assertFalse(new Finding(Map.of("lost-update", Set.of())).reproduces(FROZEN_HOLDER), "no double holder");
        Finding lossAlone = new Finding(Map.of("lost-update", Set.of(), "token-violation", Set.of()));
        assertTrue(new Finding(Map.of("lost-update", Set.of(), "token-violation", Set.of())).reproduces(lossAlone));
        assertFalse(new Finding(Map.of("lost-update", Set.of())).reproduces(lossAlone), "without double holders, each kind of damage counts");
        assertFalse(new Finding(Map.of("lock-defect", Set.of(2), "lost-update", Set.of())).reproduces(FROZEN_HOLDER),
                "a defect is another cause: a fault shortened below the lease shows no lease limit");
        assertTrue(new Finding(Map.of("lock-defect", Set.of(2), "lease-limit", Set.of(2))).reproduces(FROZEN_HOLDER),
                "a lease limit tied to the step, whatever else came with it");
        assertFalse(new Finding(Map.of("lease-limit", Set.of(2))).reproduces(new Finding(Map.of("lock-defect", Set.of(2)))),
                "a lease limit never shows a defect");
        Finding both = new Finding(Map.of("lock-defect", Set.of(3), "lease-limit", Set.of(1)));
        assertTrue(new Finding(Map.of("lock-defect", Set.of(3))).reproduces(both), "the defect kept, the unrelated lease limit dropped");
        assertFalse(new Finding(Map.of("lease-limit", Set.of(1))).reproduces(both), "but not the other way round");
    }

    @Test
    void aFindingWithoutFaultsNeedsOnlyItsKindAndNothingIsNeverShownAgain() {
        Finding defect = new Finding(Map.of("lock-defect", Set.of()));
        assertTrue(new Finding(Map.of("lock-defect", Set.of(3))).reproduces(defect));
        assertFalse(new Finding(Map.of()).reproduces(new Finding(Map.of())));
        java.util.Map<String, Set<Integer>> both = new java.util.LinkedHashMap<>();
        both.put("lease-limit", Set.of(2));
        both.put("lost-update", Set.of());
        assertEquals("lease-limit tied to step 2; lost-update", new Finding(both).describe());
        assertEquals("nothing", new Finding(Map.of()).describe());
    }

    @Test
    void aTokenViolationIsReproducedOnlyByATokenViolation() {
        Finding original = new Finding(Map.of("lock-defect", Set.of(1), "token-violation", Set.of(1)));
        assertFalse(new Finding(Map.of("lock-defect", Set.of(1))).reproduces(original), "a defect without the tokens out of order");
        assertTrue(new Finding(Map.of("lock-defect", Set.of(1), "token-violation", Set.of(1))).reproduces(original));
        assertFalse(new Finding(Map.of("lease-limit", Set.of(1), "token-violation", Set.of(1))).reproduces(original), "a lease limit is no defect");
    }
}
