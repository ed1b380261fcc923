package dev.lockstorm.clusters.lab;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A machine of a run, where servers and clients run and faults are applied: a lab host (a network
 * namespace on this machine, {@link LabHost}) or a remote host over SSH ({@code SshHost}). Nodes,
 * the nemesis and the clients are written against this, so every system and scenario runs on both.
 *
 * <pre>{@code
 * Host n1 = lab.host("n1");                           // a namespace, or a machine reached over SSH
 * n1.write(dir.resolve("redis.conf"), "port 6379\n");
 * HostProcess redis = n1.start("redis-n1", List.of("redis-server", dir.resolve("redis.conf").toString()), Map.of(), log);
 * n1.check(List.of("nft", "-f", "-"), rules);          // cut links on that host
 * }</pre>
 *
 * Paths given to a host are paths on that host; logs are local files on the control node.
 */
public interface Host {

    /** The host's name in the run: n1, c2, … (a remote host's as given when it has none). */
    String name();

    /** The address other hosts and clients reach it at. */
    String address();

    /** Whether it is this machine (a lab host, or the control node itself): its files are local files. */
    default boolean local() {
        return false;
    }

    /** Runs a short command there; its exit code and output. */
    Commands.Result exec(String... cmd);

    /** Runs a command there that may take up to {@code timeout} (an initdb, a backup); its exit code and output. */
    Commands.Result exec(List<String> cmd, java.time.Duration timeout);

    /** Runs a short command there with {@code stdin}; fails naming the host when it does not exit 0. */
    String check(List<String> cmd, String stdin);

    /** Writes {@code content} to {@code file} on this host, creating its directory. */
    void write(Path file, String content);

    /** Removes {@code file} on this host; one that is not there is no error. */
    void delete(Path file);

    /** Whether {@code file} is there. */
    default boolean exists(Path file) {
        return local() ? java.nio.file.Files.exists(file) : exec("test", "-e", file.toString()).ok();
    }

    /** Copies the local file {@code local} to {@code file} on this host (its directory created), keeping it executable when it is. */
    void upload(Path local, Path file);

    /** Creates {@code dir} on this host, with its parents. */
    default void mkdirs(Path dir) {
        check(List.of("mkdir", "-p", dir.toString()), null);
    }

    /** Whether {@code program} is on this host's PATH. */
    default boolean has(String program) {
        return exec("sh", "-c", "command -v " + Shell.quote(program)).ok();
    }

    /**
     * Starts a long-running process there, its output appended to the local file {@code log}.
     * Signals sent through the returned process reach what it starts too.
     */
    default HostProcess start(String name, List<String> cmd, Map<String, String> env, Path log) {
        return start(name, cmd, env, log, LineStamp.NONE);
    }

    /** Like {@link #start(String, List, Map, Path)}, each line of its output stamped with {@code stamp} in the log. */
    HostProcess start(String name, List<String> cmd, Map<String, String> env, Path log, LineStamp stamp);

    /**
     * Like {@link #start}, but the process's stdin and stdout are the caller's ({@link HostProcess#stdin()},
     * {@link HostProcess#stdout()}): a worker that answers over them; stderr goes to {@code log}.
     */
    HostProcess startPiped(String name, List<String> cmd, Map<String, String> env, Path log);
}
