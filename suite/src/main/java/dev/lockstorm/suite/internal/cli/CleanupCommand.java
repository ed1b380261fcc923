package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.clusters.lab.Cleanup;
import dev.lockstorm.clusters.ssh.SshCleanup;
import dev.lockstorm.clusters.ssh.SshException;
import dev.lockstorm.clusters.ssh.SshHost;
import dev.lockstorm.clusters.ssh.SshTarget;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.concurrent.Callable;

/** {@code lockstorm cleanup}: removes whatever an earlier run could have left outside its lab, or on remote hosts. */
@Command(name = "cleanup", mixinStandardHelpOptions = true,
        description = {"Finds and removes what an earlier run could have left outside its lab: nft rules, mounts,"
                + " stopped processes. There should be nothing; this checks.",
                "With --hosts, on remote hosts over SSH instead: the nemesis's nft table, every process a run started there"
                        + " (a stopped one resumed, then killed) and the runs' directories under --remote-dir. Do not run it while a run uses those hosts.",
                "Exit code 0; 3 when a host cannot be reached or cleaned."})
public final class CleanupCommand implements Callable<Integer> {
    @Option(names = "--dry-run", description = "Reports what would be removed, and removes nothing.")
    boolean dryRun;

    @Mixin
    SshArgs ssh = new SshArgs();

    @Override
    public Integer call() {
        if (ssh.given()) return remote();
        List<String> found = Cleanup.run(!dryRun);
        if (found.isEmpty()) System.out.println("cleanup: nothing left behind by earlier runs");
        else found.forEach(f -> System.out.println("cleanup: " + f));
        return 0;
    }

    /** Each host in turn; one that cannot be reached is named, and the others are still cleaned. */
    private Integer remote() {
        return ssh.onHosts("cleanup", (client, targets) -> {
            boolean failed = false;
            for (SshTarget t : targets) {
                try (SshHost h = client.connect(t)) {
                    List<String> found = SshCleanup.run(h, !dryRun, ssh.remoteDir, null);
                    if (found.isEmpty()) System.out.println("cleanup: " + t + ": nothing left behind by earlier runs");
                    else found.forEach(f -> System.out.println("cleanup: " + t + ": " + f));
                } catch (SshException e) {
                    System.err.println("lockstorm cleanup: " + e.getMessage());
                    failed = true;
                }
            }
            return failed ? Main.BAD_INPUT : 0;
        });
    }
}
