package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.FakeHosts;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A fault chosen at injection does its actions through the reach, and undoes all of them, also when one of them finds nothing. */
@Tag("unit")
class ChosenFaultTest {
    @TempDir
    Path dir;

    private final List<NemesisAction> events = new ArrayList<>();

    private RenewalSwitch client(String name) {
        return new RenewalSwitch(name, FakeHosts.named(name).get(0), dir.resolve("renewals-held-" + name));
    }

    @Test
    void itsActionsAreDoneInOrderAndHealedTogether() {
        RenewalSwitch c2 = client("c2");
        RenewalSwitch c3 = client("c3");
        try (Nemesis nemesis = new LabNemesis(null, events::add)) {
            LabReach reach = new LabReach(nemesis).renewals(c2).renewals(c3);
            Heal heal = reach.fault("hold", () -> List.of(new HoldRenewals(List.of("c2")), new HoldRenewals(List.of("c3")))).inject(nemesis);
            assertTrue(Files.exists(c2.file()) && Files.exists(c3.file()));
            heal.heal();
            assertFalse(Files.exists(c2.file()) || Files.exists(c3.file()));
        }
        assertEquals(List.of("hold-renewals", "hold-renewals", "resume-renewals", "resume-renewals"), events.stream().map(NemesisAction::f).toList());
    }

    @Test
    void anActionThatFindsNothingUndoesTheOnesBeforeItAndIsAMiss() {
        RenewalSwitch c2 = client("c2");
        try (Nemesis nemesis = new LabNemesis(null, events::add)) {
            Fault f = new LabReach(nemesis).renewals(c2).fault("hold-then-kill", () -> List.of(new HoldRenewals(List.of("c2")), new Kill("n9")));
            Fault.Missed m = assertThrows(Fault.Missed.class, () -> f.inject(nemesis));
            assertTrue(m.getMessage().contains("n9"), m.getMessage());
            assertFalse(Files.exists(c2.file()), "the renewals it held are let go");
            assertEquals("none", nemesis.active());
        }
        assertEquals(List.of("hold-renewals", "resume-renewals"), events.stream().map(NemesisAction::f).toList());
    }

    @Test
    void nothingChosenIsNothingDone() {
        try (Nemesis nemesis = new LabNemesis(null, events::add)) {
            new Fault.Chosen("none", n -> { throw new AssertionError("no reach is needed"); }, List::of).inject(nemesis).heal();
        }
        assertEquals(List.of(), events);
    }
}
