package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.Jvm;
import dev.lockstorm.clusters.lab.Wait;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run SIGKILLed in the middle of its faults leaves no process, namespace, rule or mount behind:
 * the run lives in its own lab (bin/lab), and the kernel removes the lab with everything in it.
 * The run here is a lab nested in this test's lab, so that what it leaves is visible from here.
 */
@Tag("lab")
class NothingLeftBehindIT {

    @Test
    void sigkilledRunLeavesNothing() throws Exception {
        Path dir = RunDirs.of("NothingLeftBehindIT");
        String mountsBefore = Files.readString(Path.of("/proc/self/mountinfo"));
        String netnsBefore = Commands.check("ip", "netns", "list");
        List<String> cmd = new ArrayList<>(List.of(System.getenv("LOCKSTORM_HOME") + "/bin/lab"));
        cmd.addAll(Jvm.command("128m", List.of(), MidwayRun.class.getName(), List.of(dir.toString())));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("run.log").toFile());
        pb.environment().remove("LOCKSTORM_LAB"); // a lab of its own, not this one
        Process run = pb.start();
        Wait.until("the run to be midway", () -> logHas(dir.resolve("run.log"), "MIDWAY") || !run.isAlive(), Duration.ofSeconds(60));
        assertTrue(run.isAlive(), "the run failed before it was midway: " + Files.readString(dir.resolve("run.log")));
        assertFalse(processesOf(dir).isEmpty(), "the run's nodes are visible from here while it runs");

        run.destroyForcibly(); // SIGKILL the lab (unshare); its PID 1 dies and takes everything with it
        assertTrue(run.waitFor(10, java.util.concurrent.TimeUnit.SECONDS));

        Wait.until("every process of the run to be gone", () -> processesOf(dir).isEmpty(), Duration.ofSeconds(10));
        assertEquals(netnsBefore, Commands.check("ip", "netns", "list"), "no network namespace left");
        assertFalse(Commands.check("nft", "list", "ruleset").contains("nemesis"), "no nft rule left");
        assertFalse(Commands.check("ip", "link").contains("v-n1"), "no veth left");
        assertEquals(mountsBefore, Files.readString(Path.of("/proc/self/mountinfo")), "no mount left");
        assertEquals(List.of(), dev.lockstorm.clusters.lab.Cleanup.run(false), "lockstorm cleanup finds nothing");
    }

    /** Processes whose command line mentions the run's directory (its ZooKeeper and Redis nodes). */
    private static List<Long> processesOf(Path dir) {
        List<Long> out = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    String cmdline = new String(Files.readAllBytes(p.resolve("cmdline"))).replace('\0', ' ');
                    String status = Files.readString(p.resolve("status"));
                    boolean zombie = status.contains("State:\tZ");
                    if (!zombie && cmdline.contains(dir.toString()) && !cmdline.contains("MidwayRun")) {
                        out.add(Long.parseLong(p.getFileName().toString()));
                    }
                } catch (IOException e) {
                    // the process went away while we looked
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out;
    }

    private static boolean logHas(Path log, String text) {
        try {
            return Files.exists(log) && Files.readString(log).contains(text);
        } catch (IOException e) {
            return false;
        }
    }
}
