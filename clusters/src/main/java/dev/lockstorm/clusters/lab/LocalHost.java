package dev.lockstorm.clusters.lab;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A host on this machine: its files are this machine's files, its processes this machine's
 * processes; only how a command is run there differs ({@link #wrap}): in a lab host's network
 * namespace ({@link LabHost}), or as it is on the control node of a remote run ({@code ControlHost}).
 */
public abstract class LocalHost implements Host {
    protected final String name;
    private final String address;

    protected LocalHost(String name, String address) {
        this.name = name;
        this.address = address;
    }

    /** The command line that runs {@code cmd} on this host; its program's pid must be the process's own. */
    protected abstract List<String> wrap(List<String> cmd);

    @Override
    public String name() {
        return name;
    }

    @Override
    public String address() {
        return address;
    }

    @Override
    public boolean local() {
        return true;
    }

    @Override
    public Commands.Result exec(String... cmd) {
        return exec(List.of(cmd), Duration.ofSeconds(30));
    }

    @Override
    public Commands.Result exec(List<String> cmd, Duration timeout) {
        return Commands.run(wrap(cmd), null, timeout);
    }

    @Override
    public String check(List<String> cmd, String stdin) {
        return Commands.check(wrap(cmd), stdin);
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

    @Override
    public LocalProcess start(String name, List<String> cmd, Map<String, String> env, Path log) {
        return start(name, cmd, env, log, LineStamp.NONE);
    }

    @Override
    public LocalProcess start(String name, List<String> cmd, Map<String, String> env, Path log, LineStamp stamp) {
        return LocalProcess.start(this, name, wrap(cmd), env, log, false, stamp);
    }

    @Override
    public LocalProcess startPiped(String name, List<String> cmd, Map<String, String> env, Path log) {
        return LocalProcess.start(this, name, wrap(cmd), env, log, true, LineStamp.NONE);
    }
}
