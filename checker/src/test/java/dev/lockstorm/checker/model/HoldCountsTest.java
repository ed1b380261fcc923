package dev.lockstorm.checker.model;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The persistent hold counts against a sorted map, change by change; equal counts are equal values whatever their history. */
@Tag("unit")
class HoldCountsTest {

    @Test
    void everyChangeAgreesWithASortedMapAndLeavesTheOldCountsAsTheyWere() {
        Random random = new Random(7);
        TreeMap<Integer, Integer> expected = new TreeMap<>();
        HoldCounts counts = HoldCounts.EMPTY;
        for (int step = 0; step < 20_000; step++) {
            int p = random.nextInt(300);
            int by = random.nextInt(5) - 2;
            HoldCounts before = counts;
            String beforeText = before.toString();
            counts = counts.moved(p, by);
            int n = expected.getOrDefault(p, 0) + by;
            if (n <= 0) expected.remove(p);
            else expected.put(p, n);
            assertEquals(beforeText, before.toString(), "a change leaves the counts it came from alone");
            assertEquals(expected.size(), counts.size());
            assertEquals(expected.getOrDefault(p, 0), counts.get(p));
            assertEquals(expected.isEmpty(), counts.isEmpty());
        }
        assertEquals(new ArrayList<>(expected.keySet()), counts.processes());
        assertEquals(expected.toString(), counts.toString());
    }

    @Test
    void theSameCountsBuiltInAnyOrderAreEqualWithEqualHashes() {
        List<Integer> processes = new ArrayList<>();
        for (int p = 0; p < 2000; p++) processes.add(p);
        HoldCounts a = HoldCounts.EMPTY;
        for (int p : processes) a = a.with(p, p % 3 + 1);
        Collections.shuffle(processes, new Random(3));
        HoldCounts b = HoldCounts.EMPTY.with(5000, 1);
        for (int p : processes) b = b.with(p, p % 3 + 1);
        b = b.with(5000, 0);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, b.with(17, 9));
        assertNotEquals(a, b.with(17, 0));
        assertEquals(a, b.with(17, 9).with(17, 17 % 3 + 1));
    }

    @Test
    void noChangeIsTheSameValue() {
        HoldCounts r = HoldCounts.EMPTY.with(3, 1).with(5, 2);
        assertSame(r, r.with(5, 2));
        assertSame(r, r.with(4, 0));
        assertTrue(r.holds(3) && !r.holds(4));
        assertEquals(HoldCounts.EMPTY, r.with(3, 0).with(5, 0));
    }
}
