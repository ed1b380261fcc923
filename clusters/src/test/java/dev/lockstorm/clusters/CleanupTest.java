package dev.lockstorm.clusters;

import dev.lockstorm.clusters.lab.Cleanup;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A lab process left stopped in this PID namespace is found, then resumed and killed. */
@Tag("unit")
class CleanupTest {
    @Test
    void aStoppedLabProcessLeftBehindIsFoundAndKilled() throws Exception {
        ProcessBuilder pb = new ProcessBuilder("sleep", "60");
        pb.environment().put("LOCKSTORM_LAB", "1");
        Process p = pb.start();
        try {
            assertTrue(new ProcessBuilder("kill", "-STOP", Long.toString(p.pid())).start().waitFor() == 0);
            String line = "stopped lab process " + p.pid();
            for (int i = 0; i < 50 && Cleanup.run(false).stream().noneMatch(line::equals); i++) Thread.sleep(20); // until the stop shows in /proc
            List<String> reported = Cleanup.run(false);
            assertTrue(reported.contains(line), "reported: " + reported);
            assertTrue(p.isAlive(), "a dry run removes nothing");

            List<String> removed = Cleanup.run(true);
            assertTrue(removed.contains(line + ": resumed and killed"), "removed: " + removed);
            assertTrue(p.waitFor(10, TimeUnit.SECONDS), "the process is gone");
            assertFalse(Cleanup.run(false).stream().anyMatch(l -> l.startsWith(line)));
        } finally {
            p.destroyForcibly();
        }
    }
}
