package dev.lockstorm.suite.internal.replay;

import dev.lockstorm.nemesis.Action;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Pause;
import dev.lockstorm.nemesis.replay.Step;
import dev.lockstorm.nemesis.replay.Trigger;
import dev.lockstorm.suite.internal.nemesiskinds.RecordedSchedule;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ShrinkTest {
    /** Eight faults, 5 s apart: step 3 freezes the holder for 9 s; the others are noise. */
    private static RecordedSchedule recorded() {
        List<Step> steps = new ArrayList<>();
        for (int i = 1; i <= 8; i++) {
            Action a = i == 3 ? new Pause("c2") : new Grudge(Map.of("n1", List.of("n2")));
            steps.add(new Step(i == 3 ? "pause-client" : "partition", a, new Trigger(i * 5_000L, i == 3 ? "c2" : null, i == 3 ? "c2" : null), 9_000));
        }
        return new RecordedSchedule(Map.of("system", "redis-single"), steps, List.of(), List.of());
    }

    @Test
    void keepsTheFaultThatMattersCutsItToJustPastTheLeaseThenClientsAndTime() {
        RecordedSchedule r = recorded();
        List<Candidate> tried = new ArrayList<>();
        // the finding needs step 3 frozen past a 4 s lease and two clients
        Shrink.Trial trial = c -> {
            tried.add(c);
            return c.steps().contains(3) && c.step(r, 3).lengthMs() > 4_000 && c.clients() >= 2;
        };
        Candidate min = new Shrink(r, trial, line -> { }).shrink(Candidate.all(r, 5, Duration.ofSeconds(60)));
        assertEquals(List.of(3), min.steps());
        long length = min.step(r, 3).lengthMs();
        assertTrue(length > 4_000 && length < 9_000, "bisected toward the lease: " + length);
        assertEquals(2, min.clients());
        // the fault moved to 3 s after the clients start, the time limit cut to a second past its heal
        assertEquals(12_000, min.shiftMs());
        assertEquals(3_000, min.step(r, 3).trigger().atMs());
        assertEquals(Duration.ofSeconds((3_000 + length + 1_000 + 999) / 1000), min.timeLimit());
        // while the faults were chosen, each candidate ran a few seconds past its last heal, not the recorded minute
        Candidate alone = tried.stream().filter(c -> c.steps().equals(List.of(3))).findFirst().orElseThrow();
        assertEquals(Duration.ofSeconds(17), alone.timeLimit());
        assertTrue(alone.describe().startsWith("1 fault (step 3; 12.0 s earlier), 5 clients, 17 s"), alone.describe());
        assertTrue(tried.size() < 20, "tries: " + tried.size());
    }

    @Test
    void aSmallestScheduleThatFailsOnlySometimesIsMadeSteadier() {
        RecordedSchedule r = recorded();
        int[] runs = {0};
        // just past the lease the finding comes every other run; from 6 s on, every time
        Shrink.Trial trial = c -> {
            long length = c.steps().contains(3) ? c.step(r, 3).lengthMs() : 0;
            return length >= 6_000 || length > 4_000 && runs[0]++ % 2 == 0;
        };
        List<String> lines = new ArrayList<>();
        Candidate min = new Shrink(r, trial, lines::add).shrink(Candidate.all(r, 5, Duration.ofSeconds(60)));
        long length = min.step(r, 3).lengthMs();
        assertTrue(length >= 6_000, "held longer until it fails every time: " + length + " " + lines);
        assertTrue(min.timeLimit().toMillis() >= min.end(r) + 1_000, "the time limit covers the longer fault: " + min.describe());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("the smallest showed it in ")), lines.toString());
    }

    @Test
    void theFaultTheFindingIsTiedToIsHeldLongerFirst() {
        RecordedSchedule r = recorded();
        int[] runs = {0};
        // steps 1 and 3 are both needed; the finding, tied to step 3, comes every time only once it lasts 6 s or more
        Shrink.Trial trial = c -> {
            if (!c.steps().containsAll(List.of(1, 3))) return false;
            long length = c.step(r, 3).lengthMs();
            return length >= 6_000 || length > 4_000 && runs[0]++ % 2 == 0;
        };
        List<String> lines = new ArrayList<>();
        Candidate min = new Shrink(r, trial, lines::add, java.util.Set.of(3)).shrink(Candidate.all(r, 5, Duration.ofSeconds(60)));
        assertEquals(List.of(1, 3), min.steps());
        String firstHeld = lines.stream().filter(l -> l.startsWith("step ") && l.contains(" held ")).findFirst().orElseThrow();
        assertTrue(firstHeld.startsWith("step 3 held"), lines.toString());
    }

    @Test
    void aSpentBudgetKeepsTheSmallestSoFar() {
        RecordedSchedule r = recorded();
        int[] left = {4};
        Shrink.Trial trial = c -> {
            if (left[0]-- == 0) throw new Ddmin.OutOfBudget();
            return c.steps().contains(3);
        };
        List<String> lines = new ArrayList<>();
        Candidate min = new Shrink(r, trial, lines::add).shrink(Candidate.all(r, 5, Duration.ofSeconds(60)));
        assertTrue(min.steps().contains(3) && min.steps().size() < 8, min.describe());
        assertEquals(5, min.clients());
        assertTrue(lines.contains("the search's budget is spent: the smallest so far is kept"), lines.toString());
    }
}
