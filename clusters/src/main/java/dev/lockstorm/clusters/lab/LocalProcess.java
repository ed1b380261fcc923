package dev.lockstorm.clusters.lab;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A process on this machine (on a lab host, or on the control node of a remote run): a server node
 * or a client. Pauses and kills reach the processes
 * it started too (PostgreSQL's backends, Redis's save child): a server is all of its processes.
 */
public final class LocalProcess implements HostProcess {
    private final Host host;
    private final String name;
    private final Process process;
    private final Path log;

    private LocalProcess(Host host, String name, Process process, Path log) {
        this.host = host;
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /**
     * Starts {@code cmd} (already wrapped for its host, e.g. in {@code ip netns exec}) on behalf of
     * {@code host}.
     *
     * @param pipeStdout whether its stdin and stdout are the caller's (a worker) rather than the log
     * @param stamp      what each line of its log begins with ({@link LineStamp#NONE}: the output as
     *                   it is, written by the process itself); not for a piped process, which stamps its own
     */
    public static LocalProcess start(Host host, String name, List<String> cmd, Map<String, String> env, Path log, boolean pipeStdout,
                                     LineStamp stamp) {
        try {
            Files.createDirectories(log.getParent());
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.PIPE);
            boolean stamped = !pipeStdout && stamp != LineStamp.NONE;
            if (pipeStdout) {
                pb.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
            } else if (stamped) {
                pb.redirectErrorStream(true);
            } else {
                pb.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            }
            pb.environment().putAll(env);
            Process process = pb.start();
            if (stamped) copyStamped(name, process.getInputStream(), log, stamp);
            return new LocalProcess(host, name, process, log);
        } catch (IOException e) {
            throw new LabException("cannot start " + name + " on " + host.name() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Copies a server's output into its log, each line stamped, until every process holding the pipe
     * has exited (a server's children too). If this JVM dies first, the server's next write fails:
     * such a server is an orphan, which the next run's clean-up stops anyway.
     */
    private static void copyStamped(String name, InputStream output, Path log, LineStamp stamp) {
        Thread t = new Thread(() -> {
            try (OutputStream out = stamp.lines(new FileOutputStream(log.toFile(), true))) {
                output.transferTo(out);
            } catch (IOException e) {
                // the log's disk is gone or full: the server runs on, its output lost from here
            }
        }, "log-" + name);
        t.setDaemon(true);
        t.start();
    }

    @Override
    public Host host() {
        return host;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long pid() {
        return process.pid();
    }

    @Override
    public Path log() {
        return log;
    }

    @Override
    public OutputStream stdin() {
        return process.getOutputStream();
    }

    @Override
    public InputStream stdout() {
        return process.getInputStream();
    }

    /** Running or paused; false once it exited (a zombie counts as exited). */
    @Override
    public boolean isAlive() {
        return process.isAlive() && state() != 'Z';
    }

    /** The kernel's state letter from /proc: R, S, D, T (stopped), Z, or '?' when gone. */
    @Override
    public char state() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid()), "status"))) {
                if (line.startsWith("State:")) return line.substring(6).strip().charAt(0);
            }
        } catch (IOException | RuntimeException e) {
            return '?';
        }
        return '?';
    }

    /** Sends {@code sig} to the process, then to every process it started (one that has just exited is no error). */
    @Override
    public void signal(String sig) {
        if (!process.isAlive()) return;
        List<ProcessHandle> children = process.descendants().toList();
        Commands.Result r = Commands.run("kill", "-" + sig, Long.toString(pid()));
        if (!r.ok() && process.isAlive()) throw new LabException("kill -" + sig + " " + pid() + " (" + name + "): " + r.output().strip());
        if (children.isEmpty()) return;
        // one kill for them all: its exit code only says that one of them was already gone
        List<String> cmd = new java.util.ArrayList<>(List.of("kill", "-" + sig));
        children.forEach(c -> cmd.add(Long.toString(c.pid())));
        Commands.run(cmd, null, Duration.ofSeconds(10));
    }

    /** SIGKILL to it and every process it started, and wait until it is gone. */
    @Override
    public void kill() {
        if (!process.isAlive()) return;
        List<ProcessHandle> children = process.descendants().toList();
        process.destroyForcibly();
        children.forEach(ProcessHandle::destroyForcibly);
        if (!waitFor(Duration.ofSeconds(10))) throw new LabException(name + " (pid " + pid() + ") survived SIGKILL");
    }

    @Override
    public boolean waitFor(Duration d) {
        try {
            return process.waitFor(d.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The exit code, or null while it runs. */
    @Override
    public Integer exitCode() {
        return process.isAlive() ? null : process.exitValue();
    }

    @Override
    public String toString() {
        return name + "@" + host.name() + "[" + pid() + "]";
    }
}
