package dev.lockstorm.nemesis;

import dev.lockstorm.faults.CutStyle;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What a replay must prepare for a step is the step's action's own answer (a checkpoint the clients
 * stop at, the monotonic clock shim, delay proxies, renewal switches), never a test of its family:
 * each family answers, and every family registered in {@link Action#KINDS} has a sample here.
 */
@Tag("unit")
class ActionTest {
    private static final List<Action> ONE_OF_EACH = List.of(
            new Grudge(Map.of("n1", List.of("n2")), CutStyle.RESET),
            new Loss(Map.of("c1", List.of("n1")), 40),
            new Slow(Map.of("c1", List.of("n1")), 8),
            new Delay(Map.of("c1", List.of("n1")), 300, 100),
            new Pause("c1"),
            new Kill("n2"),
            new KillClient("c2"),
            new ClockJump("c1", -60_000),
            new ClockRate("c1", 3.0, true),
            new ClockStrobe("n1", 4_000, 200),
            new HoldRenewals(List.of("c2", "c3")));

    @Test
    void everyRegisteredFamilyHasASample() {
        assertEquals(Action.KINDS.stream().map(Action.Kind::word).collect(Collectors.toSet()),
                ONE_OF_EACH.stream().map(Action::kind).collect(Collectors.toSet()));
    }

    @Test
    void eachFamilySaysWhatAReplayMustPrepareForIt() {
        for (Action a : ONE_OF_EACH) {
            String kind = a.kind();
            Action.AtPoint at = switch (kind) {
                case "pause" -> Action.AtPoint.FREEZES;
                case "kill-client" -> Action.AtPoint.KILLS;
                default -> Action.AtPoint.NONE;
            };
            assertEquals(at, a.atPoint(), kind + " at a client's checkpoint");
            assertEquals(Set.of("partition", "loss", "slow", "delay").contains(kind), a.onLinks(), kind + " acts on links");
            assertEquals(kind.equals("delay"), a.delaysLinks(), kind + " needs delay proxies");
            assertEquals(kind.equals("hold-renewals"), a.holdsRenewals(), kind + " needs renewal switches");
            assertEquals(kind.startsWith("clock"), !a.clocksMoved().isEmpty(), kind + " moves clocks");
        }
        assertEquals(false, new ClockRate("c1", 3.0, false).movesMonotonicClock(), "a fast wall clock leaves the monotonic one alone");
        assertEquals(true, new ClockRate("c1", 3.0, true).movesMonotonicClock());
    }
}
