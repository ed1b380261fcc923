package dev.lockstorm.suite.internal.hunt;

import dev.lockstorm.checker.Verdict;
import dev.lockstorm.results.Results;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a hunt stops at, and what ends its runs early: a lock defect, or where the run fenced a
 * resource defect; never a lease limit, nor damage a resource that was asked nothing could not prevent.
 */
@Tag("unit")
class HuntFindingTest {
    private static Results results(String fencing, int lockDefects, int leaseLimits, int staleWrites) {
        Results.Lock lock = new Results.Lock(new Results.Holds(lockDefects + leaseLimits, lockDefects + leaseLimits, lockDefects, leaseLimits),
                staleWrites, 0, 0, 0, 0, OptionalLong.of(0), 0, 0, "final read", Map.of(), "nothing dangerous");
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("system", "redis-single");
        facts.put("fencing", fencing);
        return new Results(Verdict.INVALID, "h", "mutex", lock, Map.of(), null, Results.Run.of(facts), 40);
    }

    @Test
    void aLockDefectOrAFencedResourcesDefectNeverALeaseLimit() {
        Optional<String> defect = Hunt.finding(results("none", 1, 2, 0));
        assertTrue(defect.isPresent() && defect.get().startsWith("a lock defect (1 lock defect"), defect.toString());
        assertEquals(Optional.empty(), Hunt.finding(results("none", 0, 3, 0)), "lease limits only");
        // a stale write accepted is the resource's defect only where it was asked to fence
        assertEquals(Optional.of("a resource defect (1 stale write accepted)"), Hunt.finding(results("writes", 0, 1, 1)));
        assertEquals(Optional.empty(), Hunt.finding(results("none", 0, 1, 1)));
    }
}
