package dev.lockstorm.clusters.lab;

import java.util.List;

/**
 * Somewhere commands run and faults are applied: a lab {@link Host} (a network namespace on this
 * machine) or a remote host over SSH ({@code SshHost}). What a partition needs of a host: its name,
 * the address others reach it at, and a command run there.
 *
 * <pre>{@code
 * Machine n1 = lab.host("n1");                        // or ssh.connect(SshTarget.parse("n1", "root"))
 * n1.check(List.of("nft", "-f", "-"), rules);         // cut links on that host
 * }</pre>
 */
public interface Machine {

    String name();

    /** The address other hosts and clients reach it at. */
    String address();

    /** Runs a short command there; its exit code and output. */
    Commands.Result exec(String... cmd);

    /** Runs a short command there with {@code stdin}; fails naming the host when it does not exit 0. */
    String check(List<String> cmd, String stdin);
}
