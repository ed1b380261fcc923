package dev.lockstorm.clusters.lab;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A host of the lab on this machine: a network namespace with its own address on the lab's
 * bridge. It shares this machine's file system, so its paths are local paths.
 */
public final class LabHost implements Host {
    private final String name;
    private final String address;

    LabHost(String name, String address) {
        this.name = name;
        this.address = address;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean local() {
        return true;
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

    @Override
    public Commands.Result exec(List<String> cmd, java.time.Duration timeout) {
        return Commands.run(inNamespace(cmd), null, timeout);
    }

    /** Runs a short command here with {@code stdin}; fails when it does not exit 0. */
    @Override
    public String check(List<String> cmd, String stdin) {
        return Commands.check(inNamespace(cmd), stdin);
    }

    @Override
    public void write(Path file, String content) {
        LocalFiles.write(file, content, name);
    }

    @Override
    public void delete(Path file) {
        LocalFiles.delete(file, name);
    }

    @Override
    public void upload(Path local, Path file) {
        LocalFiles.copy(local, file, name);
    }

    /** The process's pid is the program's own ({@code ip netns exec} execs it), so signals reach it. */
    @Override
    public LocalProcess start(String name, List<String> cmd, Map<String, String> env, Path log) {
        return LocalProcess.start(this, name, inNamespace(cmd), env, log, false);
    }

    @Override
    public LocalProcess startPiped(String name, List<String> cmd, Map<String, String> env, Path log) {
        return LocalProcess.start(this, name, inNamespace(cmd), env, log, true);
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
