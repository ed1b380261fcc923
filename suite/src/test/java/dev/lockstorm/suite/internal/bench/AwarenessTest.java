package dev.lockstorm.suite.internal.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AwarenessTest {

    @Test
    void aHolderThatKnewAfterTheOtherGrantBelievedItHeldForTheDifference() {
        Awareness t = new Awareness(4_000L, 6_500L, 20_000);
        assertEquals(new Awareness.Figure(2_500, false), t.unaware().orElseThrow());
        assertEquals("2.50 s", t.unaware().orElseThrow().toString());
    }

    @Test
    void aHolderThatGaveUpFirstHasANegativeFigure() {
        assertEquals("-1.80 s", new Awareness(4_500L, 2_700L, 20_000).unaware().orElseThrow().toString());
    }

    @Test
    void aHolderThatNeverKnewIsAtLeastTheRestOfTheWindow() {
        Awareness.Figure f = new Awareness(3_000L, null, 20_000).unaware().orElseThrow();
        assertEquals(new Awareness.Figure(17_000, true), f);
        assertEquals("≥17.00 s", f.toString());
    }

    @Test
    void aLockNeverLostHasNoFigure() {
        assertTrue(new Awareness(null, 1_000L, 20_000).unaware().isEmpty());
        assertEquals("not lost", Awareness.medianUnaware(List.of(new Awareness(null, null, 20_000), new Awareness(null, 5L, 20_000))));
    }

    @Test
    void aFigureThatRoundsToZeroHasNoSign() {
        assertEquals("0.00 s", new Awareness.Figure(-3, false).toString());
    }

    @Test
    void mediansCountEventsThatNeverCameAsTheWindowAtLeast() {
        List<Awareness> trials = List.of(new Awareness(null, 1_000L, 20_000), new Awareness(null, 1_200L, 20_000), new Awareness(5_000L, 1_100L, 20_000));
        assertEquals("never (≥20.00 s)", Awareness.medianAfterCut(trials, true));
        assertEquals("1.10 s", Awareness.medianAfterCut(trials, false));
        assertEquals("-3.90 s (lost in 1 of 3)", Awareness.medianUnaware(trials));
    }

    @Test
    void theMedianOfAnEvenCountIsTheLowerMiddleAndABoundSortsAfterAnEqualFigure() {
        List<Awareness.Figure> f = List.of(new Awareness.Figure(5, true), new Awareness.Figure(5, false), new Awareness.Figure(1, false),
                new Awareness.Figure(9, false));
        assertEquals(new Awareness.Figure(5, false), Awareness.median(f));
        assertThrows(IllegalArgumentException.class, () -> Awareness.median(List.of()));
    }

    @Test
    void aTargetNamesItsSystemAndChecksItsOptions() {
        AwarenessBench.Target t = AwarenessBench.Target.parse("curator-mutex:gone-on=lost");
        assertEquals("curator-mutex", t.system().name());
        assertEquals(java.util.Map.of("gone-on", "lost"), t.options());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AwarenessBench.Target.parse("no-such-lock")).getMessage().contains("no-such-lock"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AwarenessBench.Target.parse("curator-mutex:colour=red")).getMessage()
                .contains("no option 'colour'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AwarenessBench.Target.parse("curator-mutex:gone-on=never")).getMessage()
                .contains("curator-mutex:gone-on=never"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AwarenessBench.Target.parse("curator-mutex:gone-on")).getMessage()
                .contains("gone-on=VALUE"));
    }

    @Test
    void everyDefaultTargetParses() {
        for (String s : AwarenessBench.SYSTEMS) assertEquals(s, AwarenessBench.Target.parse(s).label());
    }
}
