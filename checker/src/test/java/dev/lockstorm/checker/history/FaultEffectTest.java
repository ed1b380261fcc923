package dev.lockstorm.checker.history;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/** Each nemesis event read as what its fault did, and what that did to a holder on its links or in its process. */
@Tag("unit")
class FaultEffectTest {

    private static Op event(String f, Object value, Map<String, Object> extra) {
        return new Op(0, 0, OpType.INFO, Op.NEMESIS, f, value, extra, 0);
    }

    private static FaultEffect of(String f, Object value) {
        return FaultEffect.of(event(f, value, Map.of()));
    }

    @Test
    void everyFaultOfTheVocabularyHasItsEffectNamedAsItsSpan() {
        for (NemesisEvent e : NemesisEvent.values()) {
            if (!e.opens() || e.harnessFact()) continue;
            FaultEffect effect = of(e.f(), List.of("x"));
            assertEquals(e.span() == null ? e.f() : e.span().word(), effect.word(), e.f());
        }
        assertInstanceOf(FaultEffect.Other.class, of("bump-clock", null), "a word of an imported history's own");
    }

    @Test
    void aCutCutsTheHolderOffUnlessOnlyItsOwnInboundPacketsAreDropped() {
        Map<String, Object> refuses = Map.of("c1", List.of("n1", "n2", "n3"));
        assertEquals(FaultEffect.Impact.CUT_OFF, of("start-partition", refuses).onHolder("c1"), "dropped both ways by c1: unheard");
        FaultEffect inbound = FaultEffect.of(event("start-partition", refuses, Map.of("cut", "inbound")));
        assertEquals(FaultEffect.Impact.NONE, inbound.onHolder("c1"), "its replies lost, its requests (renewals) arrive");
        FaultEffect servers = FaultEffect.of(event("start-partition", Map.of("c1", List.of("n1"), "n1", List.of("c1")), Map.of("cut", "inbound")));
        assertEquals(FaultEffect.Impact.CUT_OFF, servers.onHolder("c1"), "n1 drops what c1 sends");
        assertEquals(FaultEffect.Impact.CUT_OFF, of("start-partition", "majorities-ring").onHolder("c1"), "a grudge the history does not say counts");
    }

    @Test
    void slowLossyAndLateLinksHoldUpOnlyWhatTheHolderSends() {
        FaultEffect loss = of("start-loss", Map.of("percent", 30L, "from", Map.of("n1", List.of("c2"))));
        assertEquals(FaultEffect.Impact.LOSSY, loss.onHolder("c2"));
        assertEquals(FaultEffect.Impact.NONE, loss.onHolder("c1"));
        assertEquals(30L, ((FaultEffect.Loss) loss).percent());
        FaultEffect slow = of("start-slow", Map.of("kbit", 2L, "to", Map.of("c1", List.of("n1"), "n1", List.of())));
        assertEquals(FaultEffect.Impact.SLOWED, slow.onHolder("c1"));
        assertEquals(FaultEffect.Impact.NONE, slow.onHolder("n1"));
        FaultEffect delay = of("start-delay", Map.of("ms", 300L, "jitter_ms", 100L, "to", Map.of("c3", List.of("n1", "n2"))));
        assertEquals(FaultEffect.Impact.DELAYED, delay.onHolder("c3"));
        assertEquals(new FaultEffect.Delay(300L, 100L, Map.of("c3", List.of("n1", "n2"))), delay);
    }

    @Test
    void aClockSaysWhoseAndWhichWayAndHoldsNoHolderUp() {
        FaultEffect back = of("clock-jump", Map.of("process", "redis-n1", "delta_ms", -60_000L));
        assertEquals(new FaultEffect.Clock("redis-n1", new FaultEffect.Move.Jump(-60_000)), back);
        assertEquals(FaultEffect.Impact.NONE, back.onHolder("c1"));
        assertEquals(new FaultEffect.Move.MonotonicRate(3.0),
                ((FaultEffect.Clock) of("clock-rate", Map.of("process", "client-c2-p1", "rate", 3.0, "clock", "monotonic"))).move());
        assertEquals(new FaultEffect.Move.Rate(0.5), ((FaultEffect.Clock) of("clock-rate", Map.of("process", "redis-n1", "rate", 0.5))).move());
        assertEquals(new FaultEffect.Move.Unknown(), ((FaultEffect.Clock) of("clock-jump", "n1")).move());
    }

    @Test
    void freezesRenewalsAndKillsAnswerForThemselves() {
        assertEquals(FaultEffect.Impact.FROZEN, of("start-pause", List.of("client-c1-p0")).onHolder("c1"));
        assertEquals(List.of("client-c1-p0"), ((FaultEffect.Freeze) of("start-pause", List.of("client-c1-p0"))).processes());
        assertEquals(List.of("c0"), ((FaultEffect.Freeze) of("start-pause", Map.of("clients", List.of("c0")))).processes());
        assertEquals(FaultEffect.Impact.UNRENEWED, of("hold-renewals", List.of("c2")).onHolder("c2"));
        assertEquals(FaultEffect.Impact.NONE, of("kill", List.of("n1")).onHolder("c1"));
        assertEquals(FaultEffect.Impact.NONE, of("kill-client", List.of(3L)).onHolder("c1"), "a killed holder is dead, not held up");
        assertEquals(List.of(3L), ((FaultEffect.KillClient) of("kill-client", List.of(3L))).processes());
    }
}
