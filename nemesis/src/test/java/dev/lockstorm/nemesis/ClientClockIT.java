package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Jvm;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import dev.lockstorm.clusters.lab.Wait;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client JVM's realtime clock moves at run time while its monotonic clock (nanoTime) does not; and
 * its monotonic clock made fast takes the JVM's sleeps with it, and never goes back.
 */
@Tag("lab")
class ClientClockIT {

    @Test
    void jumpAndStrobeMoveWallTimeButNotNanoTime() throws Exception {
        try (Lab lab = Lab.open(new LabSpec(List.of("c1"), RunDirs.of("ClientClockIT")))) {
            ClockFault clock = ClockFault.create(lab, lab.host("c1"), "client-c1");
            HostProcess client = lab.start(lab.host("c1"), "client-c1",
                    Jvm.command("32m", List.of(), ClockPrinter.class.getName(), List.of()), clock.env());
            Nemesis nemesis = new LabNemesis(lab, e -> { });
            Wait.until("the client's clock lines", () -> ClockPrinter.samples(client).size() >= 3, Duration.ofSeconds(20));
            // the mark before the jump: read after it, the last line seen may already be one printed after it (a loaded
            // machine once let a line through between the two, and the test measured 151 ms between two jumped lines)
            int mark = ClockPrinter.samples(client).size();
            nemesis.clockJump(clock, Duration.ofHours(1));
            Wait.until("lines after the jump", () -> ClockPrinter.samples(client).size() >= mark + 3, Duration.ofSeconds(5));
            List<long[]> s = ClockPrinter.samples(client);
            long[] before = s.get(mark - 1);
            long[] after = s.get(s.size() - 1);
            long wall = after[0] - before[0];
            long mono = (after[1] - before[1]) / 1_000_000;
            assertTrue(wall > 3_590_000 && wall < 3_610_000, "wall clock moved " + wall + " ms");
            assertTrue(mono < 5_000, "nanoTime moved only " + mono + " ms");
            nemesis.clockStrobe(clock, Duration.ofSeconds(30), Duration.ofMillis(100), Duration.ofMillis(600));
            int end = ClockPrinter.samples(client).size();
            Wait.until("lines after the reset", () -> ClockPrinter.samples(client).size() >= end + 2, Duration.ofSeconds(5));
            List<long[]> now = ClockPrinter.samples(client);
            long[] last = now.get(now.size() - 1);
            assertTrue(Math.abs(last[0] - System.currentTimeMillis()) < 2_000, "the reset brought real time back");
            nemesis.close();
        }
    }

    @Test
    void aFastMonotonicClockTakesTheJvmsSleepsWithItAndNeverGoesBack() throws Exception {
        try (Lab lab = Lab.open(new LabSpec(List.of("c1"), RunDirs.of("ClientClockIT-monotonic")))) {
            ClockFault clock = ClockFault.create(lab, lab.host("c1"), "client-c1");
            HostProcess client = lab.start(lab.host("c1"), "client-c1",
                    Jvm.command("32m", List.of(), ClockPrinter.class.getName(), List.of()), clock.env());
            Nemesis nemesis = new LabNemesis(lab, e -> { });
            Wait.until("the client's clock lines", () -> ClockPrinter.samples(client).size() >= 3, Duration.ofSeconds(20));
            nemesis.monotonicClockRate(clock, 5.0);
            int mark = ClockPrinter.samples(client).size();
            Thread.sleep(1000);
            // one snapshot: the lines keep coming while the test reads them
            List<long[]> seen = ClockPrinter.samples(client);
            List<long[]> fast = seen.subList(mark + 1, seen.size());
            long wall = fast.get(fast.size() - 1)[0] - fast.get(0)[0];
            long mono = (fast.get(fast.size() - 1)[1] - fast.get(0)[1]) / 1_000_000;
            // it sleeps 50 ms by its own clock between lines: 10 ms of real time, so about a hundred lines a second, not twenty
            assertTrue(fast.size() > 50, fast.size() + " lines in a second: its sleeps did not follow its clock");
            assertTrue(mono > 4 * wall && mono < 6 * wall, "nanoTime moved " + mono + " ms in " + wall + " ms of wall time");
            nemesis.clockReset(clock);
            int reset = ClockPrinter.samples(client).size();
            Thread.sleep(1000);
            List<long[]> after = ClockPrinter.samples(client);
            long wallAfter = after.get(after.size() - 1)[0] - after.get(reset)[0];
            long monoAfter = (after.get(after.size() - 1)[1] - after.get(reset)[1]) / 1_000_000;
            assertTrue(Math.abs(monoAfter - wallAfter) < 200, "real speed again: nanoTime moved " + monoAfter + " ms in " + wallAfter + " ms");
            for (int i = 1; i < after.size(); i++) {
                assertTrue(after.get(i)[1] >= after.get(i - 1)[1], "nanoTime went back at line " + i);
            }
            nemesis.close();
        }
    }
}
