package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.suite.internal.run.Placement;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a run's servers and clients run: in a lab on this machine, or with {@code --hosts} on
 * remote machines over SSH (a picocli mixin of {@code run} and {@code reproduce}).
 */
final class RemoteArgs {
    @Mixin
    SshArgs ssh = new SshArgs();

    @Option(names = "--client-hosts", split = ",", paramLabel = "HOST",
            description = "With --hosts: runs the clients on these hosts, round robin (clients on one host share its links). "
                    + "Without it the clients run on this machine, and a nemesis that cuts clients off is refused.")
    List<String> clientHosts = new ArrayList<>();

    @Option(names = "--backend", paramLabel = "lab|containers", defaultValue = "lab",
            description = "Where the hosts are made: lab (network namespaces on this machine, needs root) or containers (a container per"
                    + " host on a Docker engine this user may use; no root). Remote machines are --hosts. Default: ${DEFAULT-VALUE}.")
    String backend = "lab";

    /**
     * Whether {@code backend}, an option's value, names the containers backend (else the lab); an
     * {@link IllegalArgumentException} naming the option when it is neither. Every command's {@code --backend}.
     */
    static boolean containers(String backend) {
        if (backend.equals("containers")) return true;
        if (backend.equals("lab")) return false;
        throw new IllegalArgumentException("--backend: expected lab or containers, got '" + backend + "' (remote machines are --hosts)");
    }

    /** The lab or the containers, as {@code backend} (an option's value) names them; an {@link IllegalArgumentException} naming the option for another. */
    static Placement placement(String backend) {
        return containers(backend) ? new Placement.Containers() : new Placement.InLab();
    }

    /** The lab, the containers or the remote hosts; IllegalArgumentException naming the option or file line of a bad entry. */
    Placement placement() {
        if (containers(backend)) {
            if (ssh.given() || !clientHosts.isEmpty()) throw new IllegalArgumentException("--backend containers makes its own hosts: leave out --hosts and --client-hosts");
            return new Placement.Containers();
        }
        if (!ssh.given()) {
            if (!clientHosts.isEmpty()) throw new IllegalArgumentException("--client-hosts needs --hosts (the servers' hosts)");
            return new Placement.InLab();
        }
        return new Placement.Remote(ssh.options(), ssh.targets(), ssh.parse("--client-hosts", clientHosts), ssh.remoteDir);
    }
}
