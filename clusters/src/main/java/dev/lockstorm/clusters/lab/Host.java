package dev.lockstorm.clusters.lab;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A host of the lab: a network namespace with its own address on the lab's bridge. Servers and
 * clients run on hosts; partitions are cut between them.
 *
 * <pre>{@code
 * Host n1 = lab.host("n1");
 * HostProcess redis = n1.start("redis", List.of("redis-server", "--bind", n1.address()), Map.of(), log);
 * }</pre>
 */
public final class Host implements Machine {
    private final String name;
    private final String address;

    Host(String name, String address) {
        this.name = name;
        this.address = address;
    }

    @Override
    public String name() {
        return name;
    }

    /** The IPv4 address of the host on the lab's bridge. */
    @Override
    public String address() {
        return address;
    }

    /** Runs a short command in this host's network namespace. */
    @Override
    public Commands.Result exec(String... cmd) {
        return Commands.run(inNamespace(List.of(cmd)), null, java.time.Duration.ofSeconds(30));
    }

    /** Runs a short command here with {@code stdin}; fails when it does not exit 0. */
    @Override
    public String check(List<String> cmd, String stdin) {
        return Commands.check(inNamespace(cmd), stdin);
    }

    /**
     * Starts a long-running process on this host, its output appended to {@code log}. The
     * process's pid is the program's own ({@code ip netns exec} execs it), so signals reach it.
     */
    public HostProcess start(String name, List<String> cmd, Map<String, String> env, Path log) {
        return HostProcess.start(this, name, inNamespace(cmd), env, log, false);
    }

    /** Like {@link #start}, but the process's stdout is a pipe (for a worker that answers over it); stderr goes to {@code log}. */
    public HostProcess startPiped(String name, List<String> cmd, Map<String, String> env, Path log) {
        return HostProcess.start(this, name, inNamespace(cmd), env, log, true);
    }

    List<String> inNamespace(List<String> cmd) {
        List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", name));
        full.addAll(cmd);
        return full;
    }

    @Override
    public String toString() {
        return name + "(" + address + ")";
    }
}
