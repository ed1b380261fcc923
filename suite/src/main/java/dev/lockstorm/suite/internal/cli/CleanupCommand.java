package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.clusters.lab.Cleanup;
import dev.lockstorm.clusters.ssh.SshCleanup;
import dev.lockstorm.clusters.ssh.SshException;
import dev.lockstorm.clusters.ssh.SshHost;
import dev.lockstorm.clusters.ssh.SshTarget;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import dev.lockstorm.clusters.containers.ContainerHosts;
import dev.lockstorm.clusters.containers.Docker;
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

    @Option(names = "--backend", paramLabel = "lab|containers", defaultValue = "lab",
            description = "lab (default): what runs could leave on this machine, and with a Docker engine that answers, the containers"
                    + " and networks of runs whose lockstorm is gone; containers: only those (no root needed).")
    String backend = "lab";

    @Override
    public Integer call() {
        if (ssh.given()) return remote();
        boolean containers;
        try {
            containers = RemoteArgs.containers(backend);
        } catch (IllegalArgumentException e) {
            System.err.println("lockstorm cleanup: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        List<String> found = new java.util.ArrayList<>(containers ? List.of() : Cleanup.run(!dryRun));
        Docker docker = Docker.cli();
        java.util.Optional<String> noEngine = docker.problem();
        if (noEngine.isEmpty()) {
            for (String c : ContainerHosts.cleanup(docker, dryRun)) found.add((dryRun ? "would remove " : "removed ") + c + " (its lockstorm is gone)");
        } else if (containers) {
            System.err.println("lockstorm cleanup: " + noEngine.get());
            return Main.BAD_INPUT;
        }
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
