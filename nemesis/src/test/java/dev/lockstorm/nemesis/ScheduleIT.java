package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Schedules inject, hold and heal faults in turn, and leave nothing broken, even when interrupted. */
@Tag("lab")
class ScheduleIT {

    @Test
    void randomMixHealsEachFaultAndEverythingAtTheEnd() {
        try (Lab lab = Lab.open(new LabSpec(List.of("n1", "n2", "c1"), RunDirs.of("ScheduleIT")))) {
            HostProcess a = lab.start(lab.host("n1"), "sleeper-n1", List.of("sleep", "600"), Map.of());
            HostProcess b = lab.start(lab.host("n2"), "sleeper-n2", List.of("sleep", "600"), Map.of());
            List<NemesisAction> events = Collections.synchronizedList(new ArrayList<>());
            Nemesis nemesis = new LabNemesis(lab, events::add);
            LabReach reach = new LabReach(nemesis).process("n1", a);
            Fault pause = reach.fault("pause-n1", () -> List.of(new Pause("n1")));
            Fault cut = reach.fault("cut-c1", () -> List.of(Grudge.cutOff(lab.host("c1"), List.of(lab.host("n1"), lab.host("n2")))));
            Schedule s = Schedule.random(List.of(pause, cut), Duration.ofMillis(100), Duration.ofMillis(150), new Random(7));
            int n = s.run(nemesis, Duration.ofSeconds(2));
            assertTrue(n >= 4, n + " faults injected");
            // every start is followed by its stop before the next start
            String last = "";
            for (NemesisAction e : events) {
                if (e.f().startsWith("start-")) assertFalse(last.startsWith("start-"), "two faults at once: " + events);
                last = e.f();
            }
            assertTrue(last.startsWith("stop-"), "ends healed: " + events);
            assertFalse(a.isPaused());
            assertFalse(b.isPaused());
            assertEquals("none", nemesis.active());
            assertTrue(lab.host("c1").exec("ping", "-c", "1", "-W", "1", "n1").ok());
            nemesis.close();
        }
    }

    @Test
    void anInterruptedScheduleStillHeals() throws Exception {
        try (Lab lab = Lab.open(new LabSpec(List.of("n1"), RunDirs.of("ScheduleIT")))) {
            HostProcess a = lab.start(lab.host("n1"), "sleeper-n1", List.of("sleep", "600"), Map.of());
            Nemesis nemesis = new LabNemesis(lab, e -> { });
            Schedule s = Schedule.sequence(List.of(new LabReach(nemesis).process("n1", a).fault("pause", () -> List.of(new Pause("n1")))), Duration.ofMillis(10), Duration.ofSeconds(60));
            // a total the 60 s pause fits in: a fault that could not last its length is not started
            Thread t = new Thread(() -> s.run(nemesis, Duration.ofSeconds(120)));
            t.start();
            dev.lockstorm.clusters.lab.Wait.until("the pause", a::isPaused, Duration.ofSeconds(10));
            t.interrupt();
            t.join(10_000);
            assertFalse(t.isAlive());
            assertFalse(a.isPaused(), "healed after the interrupt");
            nemesis.close();
        }
    }
}
