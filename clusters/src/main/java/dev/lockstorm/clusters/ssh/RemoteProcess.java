package dev.lockstorm.clusters.ssh;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.HostProcess;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;

import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;

/**
 * A process started on a remote host: a server node or a client. Like a lab host's process it can
 * be paused (SIGSTOP), resumed, stopped or killed; every signal goes to its process group, so a
 * server's children (PostgreSQL's backends, Redis's save child) get it too.
 */
public final class RemoteProcess implements HostProcess {
    private final SshHost host;
    private final String name;
    private final long pid;
    private final ChannelExec channel;
    private final Path log;

    RemoteProcess(SshHost host, String name, long pid, ChannelExec channel, Path log) {
        this.host = host;
        this.name = name;
        this.pid = pid;
        this.channel = channel;
        this.log = log;
    }

    @Override
    public SshHost host() {
        return host;
    }

    @Override
    public String name() {
        return name;
    }

    /** The process's pid on its host (also its process group). */
    @Override
    public long pid() {
        return pid;
    }

    /** Its stdin, when started with {@link SshHost#startPiped}: the channel's. */
    @Override
    public java.io.OutputStream stdin() {
        return channel.getInvertedIn();
    }

    /** Its stdout, when started with {@link SshHost#startPiped}: the channel's. */
    @Override
    public java.io.InputStream stdout() {
        return channel.getInvertedOut();
    }

    /** The local file its output is appended to. */
    @Override
    public Path log() {
        return log;
    }

    /** Running or paused: no exit reported on its command's channel yet. */
    @Override
    public boolean isAlive() {
        // sshd reports an exit (a status, or the signal that killed it) before it closes the channel
        return !channel.isClosed() && channel.getExitStatus() == null && channel.getExitSignal() == null;
    }

    /** The kernel's state letter on the host (R, S, D, T for stopped, Z), or '?' when it is gone. */
    @Override
    public char state() {
        Commands.Result r = host.exec("ps", "-o", "stat=", "-p", Long.toString(pid));
        String s = r.output().strip();
        return r.ok() && !s.isEmpty() ? s.charAt(0) : '?';
    }

    /** Sends {@code sig} to the process's group; one that has just exited is no error. */
    @Override
    public void signal(String sig) {
        if (!isAlive()) return;
        Commands.Result r = host.exec(SshHost.killGroup(sig, pid).toArray(String[]::new));
        if (!r.ok() && isAlive()) throw new SshException(host.target(), "kill -" + sig + " " + pid + " (" + name + "): " + r.output().strip());
    }

    /** SIGKILL to its group, and wait until its channel says it exited. */
    @Override
    public void kill() {
        if (!isAlive()) return;
        signal("KILL");
        if (!waitFor(Duration.ofSeconds(10))) throw new SshException(host.target(), name + " (pid " + pid + ") survived SIGKILL");
    }

    @Override
    public boolean waitFor(Duration d) {
        channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED, ClientChannelEvent.EXIT_STATUS, ClientChannelEvent.EXIT_SIGNAL), d);
        return !isAlive();
    }

    /** Its exit code once it exited (128 + signal for a killed one), else null. */
    @Override
    public Integer exitCode() {
        return SshHost.exitCode(channel);
    }

    @Override
    public String toString() {
        return name + "@" + host + " (pid " + pid + ")";
    }
}
