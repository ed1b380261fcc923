package dev.lockstorm.clusters;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lab itself: hosts with their own addresses that reach each other, processes, and a clean close. */
@Tag("lab")
class LabIT {
    private final Path dir = RunDirs.of(getClass().getSimpleName());

    @Test
    void hostsReachEachOtherByNameAndCloseLeavesNothing() {
        try (Lab lab = Lab.open(new LabSpec(List.of("n1", "n2"), dir))) {
            Host n1 = lab.host("n1");
            Host n2 = lab.host("n2");
            assertEquals("10.77.0.11", n1.address());
            assertTrue(n1.exec("ping", "-c", "1", "-W", "2", "n2").ok(), "n1 pings n2 by name");
            // each host sees only its own interfaces
            assertTrue(n2.exec("ip", "-4", "addr").output().contains(n2.address()));
            assertFalse(n2.exec("ip", "-4", "addr").output().contains(n1.address()));
            HostProcess sleeper = lab.start(n1, "sleeper", List.of("sleep", "600"), Map.of());
            sleeper.pause();
            assertTrue(sleeper.isPaused());
            sleeper.resume();
            assertFalse(sleeper.isPaused());
        }
        assertEquals("", Commands.check("ip", "netns", "list").strip());
        assertFalse(Commands.check("ip", "link").contains("br0"));
        assertFalse(Commands.check("ps", "-eo", "comm").contains("sleep"));
    }

    @Test
    void processesStopAndDie() {
        try (Lab lab = Lab.open(new LabSpec(List.of("n1"), dir))) {
            HostProcess p = lab.start(lab.host("n1"), "sleeper", List.of("sleep", "600"), Map.of());
            p.pause();
            p.stop(Duration.ofSeconds(5)); // a paused process is resumed so that SIGTERM reaches it
            assertFalse(p.isAlive());
        }
    }
}
