package dev.lockstorm.nemesis;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A schedule's rhythm without a lab: faults that pick no target are injected and healed as any
 * fault is, so the order, the waiting for a condition and the final heal can be watched.
 */
@Tag("unit")
class ScheduleTest {
    private final List<String> picked = Collections.synchronizedList(new ArrayList<>());
    private final List<NemesisAction> events = Collections.synchronizedList(new ArrayList<>());
    private final Nemesis nemesis = new LabNemesis(null, events::add);

    @AfterEach
    void close() {
        nemesis.close();
    }

    /** A fault that records when it is injected and chooses nothing to do. */
    private Fault fault(String name) {
        return noTarget(name, () -> picked.add(name));
    }

    private static Fault noTarget(String name, Runnable chosen) {
        return new Fault.Chosen(name, n -> new dev.lockstorm.nemesis.LabReach(n), () -> {
            chosen.run();
            return List.of();
        });
    }

    @Test
    void aSequenceCyclesThroughItsFaultsInOrder() {
        int n = Schedule.sequence(List.of(fault("a"), fault("b")), Duration.ofMillis(5), Duration.ofMillis(5)).run(nemesis, Duration.ofMillis(300));
        assertTrue(n >= 4, "injected " + n);
        assertEquals(n, picked.size());
        for (int i = 0; i < picked.size(); i++) assertEquals(i % 2 == 0 ? "a" : "b", picked.get(i));
    }

    @Test
    void groupsTakeTurnsSoThatEveryKindComesEarly() {
        Schedule s = Schedule.alternating(List.of(List.of(fault("client-1"), fault("client-2")), List.of(), List.of(fault("server-1"))),
                Duration.ofMillis(5), Duration.ofMillis(5), new Random(3));
        int n = s.run(nemesis, Duration.ofMillis(300));
        assertTrue(n >= 4, "injected " + n);
        for (int i = 0; i < picked.size(); i++) assertTrue(picked.get(i).startsWith(i % 2 == 0 ? "client" : "server"), picked.toString());
        // within a group, its faults in turn: a clock moved back is followed by one moved ahead, whatever came first
        for (int i = 2; i < picked.size(); i += 2) assertNotEquals(picked.get(i - 2), picked.get(i), picked.toString());
        assertEquals(3, s.faults().size());
    }

    @Test
    void aFaultThatHasNotLandedIsHeldUntilItHas() {
        List<String> trace = Collections.synchronizedList(new ArrayList<>());
        java.util.concurrent.atomic.AtomicInteger looks = new java.util.concurrent.atomic.AtomicInteger();
        Fault clock = noTarget("client-clock", () -> {
            trace.add("inject");
            looks.set(0);
        });
        // lands on the fifth look after its injection: held (looked at every few milliseconds) until then, healed at once after
        Schedule s = Schedule.sequence(List.of(clock), Duration.ofMillis(1), Duration.ofMillis(1))
                .heldUntil(f -> {
                    trace.add("look");
                    return looks.incrementAndGet() >= 5;
                }, Duration.ofSeconds(30));
        int n = s.run(nemesis, Duration.ofMillis(300));
        assertTrue(n >= 1, "injected " + n);
        List<String> first = new ArrayList<>(trace);
        int next = first.subList(1, first.size()).indexOf("inject");
        List<String> looked = next < 0 ? first.subList(1, first.size()) : first.subList(1, next + 1);
        assertEquals(List.of("look", "look", "look", "look", "look"), looked, "trace: " + trace);
    }

    @Test
    void aFaultThatNeverLandsIsHealedAfterTheLongestHold() {
        Schedule s = Schedule.sequence(List.of(fault("client-clock")), Duration.ofMillis(1), Duration.ofMillis(1))
                .heldUntil(f -> false, Duration.ofMillis(50), "a moved client granted");
        int n = s.run(nemesis, Duration.ofMillis(300));
        // each one held its whole 50 ms more before it was healed: at most 300 / 50 + 1 of them fit
        assertTrue(n >= 1 && n <= 7, "injected " + n);
        assertEquals(n, picked.size());
        // and each recorded as a miss, saying what it waited for: it tested nothing
        List<NemesisAction> missed = events.stream().filter(e -> e.event() == dev.lockstorm.faults.NemesisEvent.MISSED).toList();
        assertTrue(missed.size() >= n - 1 && missed.size() <= n, missed.size() + " misses of " + n);
        assertEquals("client-clock held 50 ms past its length and never landed (a moved client granted)", missed.get(0).value());
    }

    @Test
    void everyLengthDrawnAroundTheMarkAtLeastADurationIsThatLongAtLeast() {
        for (long ms : new long[] {1, 799, 3_500, 4_375, 60_001}) {
            Duration mark = Schedule.markAtLeast(Duration.ofMillis(ms));
            for (double around : Schedule.AROUND) assertTrue(mark.toMillis() * around >= ms, ms + " ms: " + mark + " × " + around);
            assertTrue(mark.toMillis() * Schedule.AROUND[0] < ms + 1, ms + " ms: " + mark + " is no longer than it needs");
        }
    }

    @Test
    void aRandomScheduleIsTheSameForTheSameSeed() {
        List<String> first = pickedWith(new Random(7));
        List<String> second = pickedWith(new Random(7));
        assertEquals(first.subList(0, 5), second.subList(0, 5));
    }

    private List<String> pickedWith(Random random) {
        picked.clear();
        Schedule s = Schedule.random(List.of(fault("a"), fault("b"), fault("c")), Duration.ofMillis(2), Duration.ofMillis(2), random);
        while (picked.size() < 5) s.run(nemesis, Duration.ofMillis(100));
        return new ArrayList<>(picked);
    }

    @Test
    void aFaultWaitsForItsCondition() {
        AtomicBoolean held = new AtomicBoolean();
        Schedule s = Schedule.sequence(List.of(fault("a")), Duration.ofMillis(5), Duration.ofMillis(5)).when(held::get);
        assertEquals(0, s.run(nemesis, Duration.ofMillis(150)), "no fault before the condition holds");
        held.set(true);
        assertTrue(s.run(nemesis, Duration.ofMillis(150)) >= 1);
    }

    @Test
    void aFaultStartedBeforeTheEndLastsItsWholeLength() {
        long start = System.nanoTime();
        int n = Schedule.sequence(List.of(fault("a")), Duration.ofMillis(1), Duration.ofMillis(1500)).run(nemesis, Duration.ofMillis(200));
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertEquals(1, n, "one fault started in the 200 ms, none after");
        assertTrue(ms >= 1500 && ms < 6_000, "the 1.5 s fault was not cut at the end: " + ms + " ms");
    }

    @Test
    void aFaultAimedAtAHolderThatIsNotThereIsRecordedAsMissedAndNotCounted() {
        HolderAim nobody = (which, act) -> HolderAim.Aim.miss("no client held the lock when the fault came");
        int n = Schedule.sequence(List.of(new Fault.PauseHolder("pause-client", nobody)), Duration.ofMillis(5), Duration.ofMillis(5))
                .run(nemesis, Duration.ofMillis(100));
        assertEquals(0, n);
        List<NemesisAction> missed = events.stream().filter(e -> e.f().equals("missed")).toList();
        assertTrue(!missed.isEmpty(), events.toString());
        assertEquals("no client held the lock when the fault came", missed.get(0).value());
        assertEquals("pause-client", missed.get(0).fault(), "the miss names its fault");
    }

    @Test
    void everyEventOfAScheduledFaultNamesIt() {
        Schedule.sequence(List.of(noTarget("pause-leader", () -> { })), Duration.ofMillis(5), Duration.ofMillis(5)).run(nemesis, Duration.ofMillis(60));
        events.stream().filter(e -> e.fault() != null).forEach(e -> assertEquals("pause-leader", e.fault()));
    }

    @Test
    void aFaultThatThrowsStillEndsInAFullHeal() {
        Fault broken = noTarget("broken", () -> {
            throw new IllegalStateException("no target");
        });
        Schedule s = Schedule.sequence(List.of(broken), Duration.ofMillis(1), Duration.ofMillis(1));
        assertThrows(IllegalStateException.class, () -> s.run(nemesis, Duration.ofMillis(100)));
        assertEquals("none", nemesis.active());
    }

    @Test
    void aFaultDrawnAroundAMarkLastsALittleShorterOrLongerThanIt() {
        Schedule s = Schedule.random(List.of(fault("a")), Duration.ofMillis(1), Duration.ofSeconds(30), new Random(3))
                .around(List.of(Duration.ofMillis(100), Duration.ofMillis(1000)));
        java.util.Set<Long> seen = new java.util.TreeSet<>();
        for (int i = 0; i < 500; i++) seen.add(s.nextLength() / 1_000_000);
        assertEquals(java.util.Set.of(80L, 95L, 105L, 125L, 200L, 800L, 950L, 1050L, 1250L, 2000L), seen, "never around the 30 s mean");
        Schedule plain = Schedule.random(List.of(fault("a")), Duration.ofMillis(1), Duration.ofMillis(100), new Random(3));
        for (int i = 0; i < 100; i++) assertTrue(plain.nextLength() >= 50_000_000 && plain.nextLength() <= 150_000_000);
    }

    @Test
    void anEndedPlanStopsBetweenStepsItsFaultInHandCutShort() throws Exception {
        // one fault of 20 s in a plan of a minute: ended 0.3 s into the fault, the plan returns at once, having injected that one
        Schedule s = Schedule.sequence(List.of(fault("a")), Duration.ofMillis(5), Duration.ofSeconds(20));
        java.util.concurrent.atomic.AtomicInteger injected = new java.util.concurrent.atomic.AtomicInteger(-1);
        Thread plan = new Thread(() -> injected.set(s.run(nemesis, Duration.ofMinutes(1))));
        long start = System.nanoTime();
        plan.start();
        while (picked.isEmpty()) Thread.sleep(5);
        Thread.sleep(300);
        ((LabNemesis) nemesis).endPlan();
        plan.join(5_000);
        assertTrue(!plan.isAlive() && (System.nanoTime() - start) < 5_000_000_000L, "the plan ran on after it was ended");
        assertEquals(1, injected.get());
        assertEquals(List.of("a"), picked);
    }

    @Test
    void aPaceEndsItsSleepsOnlyOnceEnded() {
        AtomicBoolean ended = new AtomicBoolean();
        Pace pace = Pace.REAL.endingWhen(ended::get);
        assertTrue(pace.sleep(20_000_000L), "a sleep not ended runs its length");
        ended.set(true);
        long start = System.nanoTime();
        assertTrue(!pace.sleep(10_000_000_000L) && System.nanoTime() - start < 1_000_000_000L, "an ended pace sleeps no more");
        assertTrue(!pace.polled(() -> false, pace.now() + 10_000_000_000L, 5), "nor waits");
    }
}
