package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.ssh.LabSshd;
import dev.lockstorm.clusters.ssh.Ssh;
import dev.lockstorm.clusters.ssh.SshHost;
import dev.lockstorm.clusters.ssh.SshTarget;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A partition cut on hosts reached over SSH, as on remote machines: the same nft table, applied and
 * healed through each host's SSH connection, cuts the hosts from each other but not from the
 * control node that drives them.
 */
@Tag("lab")
class RemotePartitionsIT {

    @Test
    void aPartitionOverSshCutsTheHostsNotTheControlConnection() {
        Path dir = RunDirs.of("RemotePartitionsIT");
        try (Lab lab = Lab.open(new LabSpec(List.of("n1", "n2", "n3"), dir))) {
            LabSshd sshd = LabSshd.start(lab, dir, lab.hosts());
            try (Ssh ssh = Ssh.start(sshd.options())) {
                SshHost n1 = ssh.connect(new SshTarget("root", lab.host("n1").address(), 22));
                SshHost n2 = ssh.connect(new SshTarget("root", lab.host("n2").address(), 22));
                SshHost n3 = ssh.connect(new SshTarget("root", lab.host("n3").address(), 22));
                assertTrue(reaches(n1, n2) && reaches(n2, n1) && reaches(n1, n3));

                // n1 and n2 refuse each other; n1 also refuses n3, which does not refuse it back (one way)
                n1.check(List.of("nft", "-f", "-"), Partitions.ruleset(List.of(n2, n3), Set.of(n3)));
                n2.check(List.of("nft", "-f", "-"), Partitions.ruleset(List.of(n1), Set.of()));
                assertFalse(reaches(n1, n2), "n1 cut from n2");
                assertFalse(reaches(n2, n1), "n2 cut from n1");
                assertFalse(reaches(n3, n1), "n3's packets dropped where they arrive");
                assertFalse(reaches(n1, n3), "n1's dropped on the way out");
                assertTrue(reaches(n2, n3), "n2 and n3 still talk");
                assertEquals("0", n1.exec("id", "-u").output().strip(), "the control connection is not cut");

                Partitions.heal(n1);
                Partitions.heal(n2);
                assertTrue(reaches(n1, n2) && reaches(n2, n1) && reaches(n3, n1) && reaches(n1, n3));
                for (SshHost h : List.of(n1, n2)) {
                    assertFalse(h.exec("nft", "list", "tables").output().contains("nemesis"), h + " keeps no nemesis table");
                }
            }
        }
    }

    private static boolean reaches(Host from, Host to) {
        return from.exec("ping", "-c", "1", "-W", "1", to.address()).ok();
    }
}
