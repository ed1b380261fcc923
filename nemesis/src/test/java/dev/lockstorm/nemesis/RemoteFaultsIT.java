package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.Wait;
import dev.lockstorm.clusters.ssh.SshLab;
import dev.lockstorm.clusters.lab.LabSpec;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.ssh.LabSshd;
import dev.lockstorm.clusters.ssh.Ssh;
import dev.lockstorm.clusters.ssh.SshHost;
import dev.lockstorm.clusters.ssh.SshTarget;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Faults on hosts reached over SSH, as on remote machines: a partition (the same nft table, applied
 * and healed through each host's SSH connection, cuts the hosts from each other but not from the
 * control node that drives them), and a clock moved under a process there.
 */
@Tag("lab")
class RemoteFaultsIT {

    @Test
    void aPartitionOverSshCutsTheHostsNotTheControlConnection() {
        Path dir = RunDirs.of("RemoteFaultsIT-partition");
        try (Lab lab = Lab.open(new LabSpec(List.of("n1", "n2", "n3"), dir))) {
            LabSshd sshd = LabSshd.start(lab, dir, lab.hosts());
            try (Ssh ssh = Ssh.start(sshd.options())) {
                SshHost n1 = ssh.connect(new SshTarget("root", lab.host("n1").address(), 22));
                SshHost n2 = ssh.connect(new SshTarget("root", lab.host("n2").address(), 22));
                SshHost n3 = ssh.connect(new SshTarget("root", lab.host("n3").address(), 22));
                assertTrue(reaches(n1, n2) && reaches(n2, n1) && reaches(n1, n3));

                // n1 and n2 refuse each other; n1 also refuses n3, which does not refuse it back (one way)
                n1.check(List.of("nft", "-f", "-"), PartitionRules.ruleset(List.of(n2, n3), Set.of(n3)));
                n2.check(List.of("nft", "-f", "-"), PartitionRules.ruleset(List.of(n1), Set.of()));
                assertFalse(reaches(n1, n2), "n1 cut from n2");
                assertFalse(reaches(n2, n1), "n2 cut from n1");
                assertFalse(reaches(n3, n1), "n3's packets dropped where they arrive");
                assertFalse(reaches(n1, n3), "n1's dropped on the way out");
                assertTrue(reaches(n2, n3), "n2 and n3 still talk");
                assertEquals("0", n1.exec("id", "-u").output().strip(), "the control connection is not cut");

                PartitionRules.heal(n1);
                PartitionRules.heal(n2);
                assertTrue(reaches(n1, n2) && reaches(n2, n1) && reaches(n3, n1) && reaches(n1, n3));
                for (SshHost h : List.of(n1, n2)) {
                    assertFalse(h.exec("nft", "list", "tables").output().contains("nemesis"), h + " keeps no nemesis table");
                }
            }
        }
    }

    @Test
    void aClockFaultMovesTheWallClockOfAProcessOnARemoteHost() throws Exception {
        Path dir = RunDirs.of("RemoteFaultsIT-clock");
        try (Lab machines = Lab.open(new LabSpec(List.of("m1"), dir))) {
            LabSshd sshd = LabSshd.start(machines, dir, machines.hosts());
            try (SshLab lab = SshLab.open(sshd.options(), Map.of("c1", new SshTarget("root", machines.host("m1").address(), 22)),
                    dir.resolve("run"), dir.resolve("remote-root"))) {
                ClockFault clock = ClockFault.create(lab, lab.host("c1"), "client-c1");
                assertTrue(clock.env().get("LD_PRELOAD").startsWith(dir.resolve("remote-root").toString()), "the library is on the host");
                HostProcess p = lab.start(lab.host("c1"), "clock-printer",
                        lab.jvm(lab.host("c1"), "32m", List.of(), ClockPrinter.class.getName(), List.of()), clock.env());
                try (Nemesis nemesis = new LabNemesis(lab, e -> { })) {
                    Wait.until("the process's clock lines", () -> ClockPrinter.samples(p).size() >= 3, Duration.ofSeconds(30));
                    nemesis.clockJump(clock, Duration.ofHours(-1));
                    // the remote output reaches the log a moment later: wait for the first line printed after the jump
                    Wait.until("a line from after the jump", () -> backAt(ClockPrinter.samples(p)) > 0, Duration.ofSeconds(10));
                    List<long[]> s = ClockPrinter.samples(p);
                    int i = backAt(s);
                    long wall = s.get(i)[0] - s.get(i - 1)[0];
                    long mono = (s.get(i)[1] - s.get(i - 1)[1]) / 1_000_000;
                    assertTrue(wall < -3_590_000 && wall > -3_610_000, "wall clock moved " + wall + " ms");
                    assertTrue(mono < 5_000, "nanoTime moved only " + mono + " ms");
                }
                // the nemesis's close reset the clock
                Wait.until("a line from after the reset", () -> ClockPrinter.onTime(p), Duration.ofSeconds(10));
            }
        }
    }

    /** The index of the first line whose wall time is more than half an hour before the line's before it, or -1. */
    private static int backAt(List<long[]> samples) {
        for (int i = 1; i < samples.size(); i++) if (samples.get(i)[0] - samples.get(i - 1)[0] < -1_800_000) return i;
        return -1;
    }

    private static boolean reaches(Host from, Host to) {
        return from.exec("ping", "-c", "1", "-W", "1", to.address()).ok();
    }
}
