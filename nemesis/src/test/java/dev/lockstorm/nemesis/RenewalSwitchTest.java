package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.FakeHosts;
import dev.lockstorm.clusters.lab.Host;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Held lease renewals are files the clients watch: held, recorded, and let go by the heal as every fault is. */
@Tag("unit")
class RenewalSwitchTest {
    @TempDir
    Path dir;

    private final List<NemesisAction> events = new ArrayList<>();

    private RenewalSwitch client(String name) {
        Host h = FakeHosts.named(name).get(0);
        return new RenewalSwitch(name, h, dir.resolve("renewals-held-" + name));
    }

    @Test
    void aHoldCreatesEachSwitchAndItsHealRemovesIt() {
        RenewalSwitch c2 = client("c2");
        RenewalSwitch c3 = client("c3");
        try (Nemesis nemesis = new LabNemesis(null, events::add)) {
            Heal heal = new LabReach(nemesis).renewals(c2).renewals(c3).fault("hold", () -> List.of(new HoldRenewals(List.of("c2", "c3"))))
                    .inject(nemesis);
            assertTrue(Files.exists(c2.file()) && Files.exists(c3.file()));
            assertEquals("renewals held c2,c3", nemesis.active());
            heal.heal();
            assertFalse(Files.exists(c2.file()) || Files.exists(c3.file()));
            assertEquals("none", nemesis.active());
        }
        assertEquals(List.of("hold-renewals", "resume-renewals"), events.stream().map(NemesisAction::f).toList(),
                "one event each, the final heal finds nothing left");
        assertEquals(List.of("c2", "c3"), events.get(0).value());
        assertEquals(List.of("c2", "c3"), events.get(0).hosts());
    }

    @Test
    void theFinalHealLetsGoOfRenewalsStillHeld() {
        RenewalSwitch c1 = client("c1");
        Nemesis nemesis = new LabNemesis(null, events::add);
        nemesis.holdRenewals(List.of(c1));
        nemesis.close();
        assertFalse(Files.exists(c1.file()));
        assertEquals("resume-renewals", events.get(events.size() - 1).f());
    }

    @Test
    void holdingNobodyRecordsNothing() {
        try (Nemesis nemesis = new LabNemesis(null, events::add)) {
            nemesis.holdRenewals(List.of());
        }
        assertEquals(List.of(), events);
    }
}
