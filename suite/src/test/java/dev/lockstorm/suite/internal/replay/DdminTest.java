package dev.lockstorm.suite.internal.replay;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DdminTest {
    private static List<Integer> upTo(int n) {
        return IntStream.rangeClosed(1, n).boxed().toList();
    }

    @Test
    void findsTheOneFaultThatMatters() {
        List<List<Integer>> tried = new ArrayList<>();
        List<Integer> min = Ddmin.minimize(upTo(17), xs -> {
            tried.add(xs);
            return xs.contains(11);
        });
        assertEquals(List.of(11), min);
        assertTrue(tried.size() <= 2 * 5, "about 2 log2(17) tests, not " + tried.size());
    }

    @Test
    void findsTwoFaultsThatMatterOnlyTogetherInTheirOrder() {
        assertEquals(List.of(3, 14), Ddmin.minimize(upTo(17), xs -> xs.contains(3) && xs.contains(14)));
        assertEquals(List.of(1, 2, 3), Ddmin.minimize(upTo(8), xs -> xs.containsAll(List.of(1, 2, 3))));
    }

    @Test
    void everyItemNeededIsKeptAndASingleItemIsLeftAlone() {
        assertEquals(upTo(4), Ddmin.minimize(upTo(4), xs -> xs.size() == 4));
        assertEquals(List.of(7), Ddmin.minimize(List.of(7), xs -> true));
    }

    @Test
    void aSpentBudgetStopsWithTheSmallestFailingOneSoFar() {
        int[] budget = {3};
        List<Integer> min = Ddmin.minimize(upTo(16), xs -> {
            if (budget[0]-- == 0) throw new Ddmin.OutOfBudget();
            return xs.contains(5);
        });
        assertTrue(min.contains(5) && min.size() < 16 && min.size() >= 1, min.toString());
    }

    @Test
    void chunksCoverTheInputInOrder() {
        assertEquals(List.of(List.of(1, 2), List.of(3, 4), List.of(5, 6, 7)), Ddmin.split(upTo(7), 3));
    }
}
