package dev.lockstorm.clusters.containers;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.LabException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The Docker engine, through its command-line client: what the containers backend builds images
 * with, starts hosts in and removes them with. The engine may be anyone's (root, or a user in the
 * {@code docker} group); lockstorm needs no root to use it.
 *
 * <pre>{@code
 * Docker docker = Docker.require();        // or says what is missing
 * String ip = docker.check("inspect", "-f", "{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}", "lockstorm-run-n1").strip();
 * }</pre>
 */
public final class Docker {
    /** Every container and network lockstorm makes carries this label, with its run's name as the value. */
    public static final String RUN_LABEL = "dev.lockstorm.run";
    /** And this one, with the process id of the lockstorm that made it: what {@code cleanup} looks for after a crash. */
    public static final String OWNER_LABEL = "dev.lockstorm.owner";

    /** Asks the engine (not only the client) for its version: whether an engine answers, and which. */
    private static final List<String> VERSION = List.of("version", "--format", "{{.Server.Version}}");

    private final String program;

    private Docker(String program) {
        this.program = program;
    }

    /** The engine as {@code docker} on PATH reaches it, or a {@link LabException} saying why it cannot be used. */
    public static Docker require() {
        Docker d = cli();
        d.problem().ifPresent(why -> {
            throw new LabException(why);
        });
        return d;
    }

    /** The engine as {@code docker} on PATH reaches it, unchecked: ask {@link #problem} before using it. */
    public static Docker cli() {
        return new Docker("docker");
    }

    /** Why the engine cannot be used (no client, no engine answering, no permission), or empty when it can. */
    public Optional<String> problem() {
        Commands.Result r;
        try {
            r = run(VERSION, null, Duration.ofSeconds(20));
        } catch (LabException e) {
            return Optional.of("the containers backend needs Docker's client, 'docker', on PATH (Debian: apt-get install docker.io): " + e.getMessage());
        }
        if (r.ok()) return Optional.empty();
        String out = r.output().strip();
        String last = out.lines().reduce((a, b) -> b).orElse(out);
        if (out.contains("permission denied")) return Optional.of("Docker's engine refused this user (" + last + "): add the user to the group docker, or run as root");
        return Optional.of("no Docker engine answers (" + last + "): start one (Debian: dockerd, from docker.io)");
    }

    /** The client's program, for a process of lockstorm's that calls it on its own ({@link Reaper}). */
    String program() {
        return program;
    }

    /** The engine's version, for doctor. */
    public String version() {
        return check(VERSION, Duration.ofSeconds(20)).strip();
    }

    /** Runs {@code docker ARGS…}; its exit code and output. */
    public Commands.Result run(List<String> args, String stdin, Duration timeout) {
        List<String> cmd = new ArrayList<>(List.of(program));
        cmd.addAll(args);
        return Commands.run(cmd, stdin, timeout);
    }

    /** Runs {@code docker ARGS…} and returns its output; fails naming the command when it does not exit 0. */
    public String check(String... args) {
        return check(List.of(args), Duration.ofSeconds(60));
    }

    /** The same, with a time limit of its own (an image build). */
    public String check(List<String> args, Duration timeout) {
        Commands.Result r = run(args, null, timeout);
        if (!r.ok()) throw new LabException("'docker " + String.join(" ", args) + "' failed (exit " + r.exit() + "): " + r.output().strip());
        return r.output();
    }

    /** Whether an image (or container, or network) by that name exists. */
    public boolean exists(String kind, String name) {
        return run(List.of(kind, "inspect", "--format", "{{.Id}}", name), null, Duration.ofSeconds(20)).ok();
    }

    /**
     * The container this process runs in, when it runs in one of this engine's on a network of its
     * own (a CI runner's container on a bridge network), which cannot reach a run's network until it
     * joins it; empty on the engine's host, in a container on the host's network, or in one this
     * engine does not know. Found by {@code /.dockerenv} and the mount the engine gives every container
     * of its own: {@code /etc/hostname} from {@code …/containers/ID/hostname} ({@code /proc/self/mountinfo}).
     * Only that mount point: a host (some have {@code /.dockerenv} too) lists its containers' own
     * mounts ({@code …/containers/ID/mounts/shm}) while they run.
     */
    public Optional<String> ownBridgedContainer() {
        if (!java.nio.file.Files.exists(java.nio.file.Path.of("/.dockerenv"))) return Optional.empty();
        String mounts;
        try {
            mounts = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/self/mountinfo"));
        } catch (java.io.IOException e) {
            return Optional.empty();
        }
        Optional<String> own = containerOf(mounts);
        if (own.isEmpty()) return Optional.empty();
        String id = own.get();
        Commands.Result mode = run(List.of("container", "inspect", "--format", "{{.HostConfig.NetworkMode}}", id), null, Duration.ofSeconds(20));
        return mode.ok() && !mode.output().strip().equals("host") ? Optional.of(id) : Optional.empty();
    }

    /** "92 74 254:0 /var/lib/docker/containers/ID/hostname /etc/hostname rw,… - ext4 /dev/vda rw": the mount's root, then its mount point. */
    private static final java.util.regex.Pattern HOSTNAME_MOUNT =
            java.util.regex.Pattern.compile("(?m)^\\S+ \\S+ \\S+ \\S*/containers/([0-9a-f]{64})/hostname /etc/hostname ");

    /** The id of the container whose mount table {@code mountinfo} is, by its {@code /etc/hostname}; empty for a host's. */
    static Optional<String> containerOf(String mountinfo) {
        java.util.regex.Matcher m = HOSTNAME_MOUNT.matcher(mountinfo);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /**
     * Removes a network, first taking off it every container still joined to it (a CI runner's own
     * container that joined the run's: the engine refuses to remove a network in use).
     */
    public void removeNetwork(String network) {
        Commands.Result joined = run(List.of("network", "inspect", "--format", "{{range $id, $c := .Containers}}{{$id}} {{end}}", network), null,
                Duration.ofSeconds(20));
        if (joined.ok()) {
            for (String id : joined.output().strip().split("\\s+")) {
                if (!id.isEmpty()) run(List.of("network", "disconnect", "-f", network, id), null, Duration.ofSeconds(30));
            }
        }
        check(List.of("network", "rm", network), Duration.ofSeconds(60));
    }

    /** The ids of {@code kind} ("container" or "network") that carry {@code label} (a key, or key=value). */
    public List<String> labelled(String kind, String label) {
        List<String> args = kind.equals("container") ? List.of("ps", "-aq", "--filter", "label=" + label)
                : List.of("network", "ls", "-q", "--filter", "label=" + label);
        return check(args, Duration.ofSeconds(30)).lines().map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
