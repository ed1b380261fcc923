package dev.lockstorm.clusters.ssh;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.LineStamp;
import dev.lockstorm.clusters.lab.Shell;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.channel.exception.SshChannelClosedException;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A remote host reached over SSH: short commands, uploads, and long-running processes with their
 * output in a local log — what a lab host offers, over one reused connection.
 *
 * <pre>{@code
 * SshHost n1 = ssh.connect(SshTarget.parse("10.0.0.11", "root"));
 * n1.upload(Path.of("fakeclock.so"), "/var/lib/lockstorm/fakeclock.so");
 * RemoteProcess redis = n1.start("redis", List.of("redis-server", "--port", "6379"), Map.of(), runDir.resolve("n1/redis.log"));
 * redis.pause();                                  // SIGSTOP to its process group
 * }</pre>
 */
public final class SshHost implements Host, AutoCloseable {
    private final Ssh ssh;
    private final String name;
    private final SshTarget target;
    private final ClientSession session;
    private final String address;

    SshHost(Ssh ssh, String name, SshTarget target, ClientSession session) {
        this.ssh = ssh;
        this.name = name;
        this.target = target;
        this.session = session;
        this.address = session.getIoSession().getRemoteAddress() instanceof java.net.InetSocketAddress a && a.getAddress() != null
                ? a.getAddress().getHostAddress() : target.host();
    }

    public SshTarget target() {
        return target;
    }

    /** The host's name in the run (n1, c1, …), or the host as given. */
    @Override
    public String name() {
        return name;
    }

    /**
     * The host's IP address as this machine reached it (a name given is resolved): servers bind to
     * it and other hosts reach it there (Redis and etcd take addresses, not names).
     */
    @Override
    public String address() {
        return address;
    }

    /** Runs a short command; its exit code and output (stdout and stderr together). */
    @Override
    public Commands.Result exec(String... cmd) {
        return exec(List.of(cmd), (String) null, ssh.options().commandTimeout());
    }

    /** Runs a short command here with {@code stdin}; fails naming the host when it does not exit 0. */
    @Override
    public String check(List<String> cmd, String stdin) {
        Commands.Result r = exec(cmd, stdin, ssh.options().commandTimeout());
        if (!r.ok()) throw new SshException(target, "'" + Shell.join(cmd) + "' failed (exit " + r.exit() + "): " + r.output().strip());
        return r.output();
    }

    @Override
    public Commands.Result exec(List<String> cmd, Duration timeout) {
        return exec(cmd, (String) null, timeout);
    }

    /** Runs {@code cmd} with {@code stdin} (or none); a command still running after {@code timeout} is an error. */
    public Commands.Result exec(List<String> cmd, String stdin, Duration timeout) {
        byte[] in = stdin == null ? new byte[0] : stdin.getBytes(StandardCharsets.UTF_8);
        return run(Shell.join(cmd), os -> os.write(in), timeout);
    }

    /** Runs {@code cmd} with {@code stdin} read to its end; a command still running after {@code timeout} is an error. */
    public Commands.Result exec(List<String> cmd, InputStream stdin, Duration timeout) {
        return run(Shell.join(cmd), stdin::transferTo, timeout);
    }

    /**
     * Copies a local file to {@code remotePath} (its directory created), keeping it executable when
     * it is. The file appears whole or not at all (written beside it, then renamed), so hosts that
     * share a directory can upload the same file at once.
     */
    public void upload(Path local, String remotePath) {
        send(remotePath, Files.isExecutable(local), os -> {
            try (InputStream f = Files.newInputStream(local)) {
                f.transferTo(os);
            }
        }, "upload of " + local);
    }

    @Override
    public void delete(Path file) {
        check(List.of("rm", "-f", file.toString()), null);
    }

    @Override
    public void upload(Path local, Path file) {
        upload(local, file.toString());
    }

    @Override
    public void write(Path file, String content) {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        send(file.toString(), false, os -> os.write(bytes), "writing");
    }

    private void send(String remotePath, boolean executable, Feed content, String what) {
        String dir = remotePath.contains("/") ? remotePath.substring(0, remotePath.lastIndexOf('/')) : ".";
        String tmp = remotePath + ".part-" + Long.toHexString(System.nanoTime());
        String line = "mkdir -p " + Shell.quote(dir.isEmpty() ? "/" : dir) + " && cat > " + Shell.quote(tmp)
                + (executable ? " && chmod +x " + Shell.quote(tmp) : "") + " && mv -f " + Shell.quote(tmp) + " " + Shell.quote(remotePath);
        Commands.Result r = run(line, content, ssh.options().commandTimeout().multipliedBy(4));
        if (!r.ok()) throw new SshException(target, what + " " + remotePath + " failed: " + r.output().strip());
    }

    /**
     * Starts a long-running process, its stdout and stderr appended to the local {@code log}: the
     * server's log is on the control node as it is written, and nothing is left to fetch. sshd
     * starts every command as the leader of a new session, so the process's pid is also its process
     * group: a pause, a kill or a signal reaches what it started too.
     */
    @Override
    public RemoteProcess start(String name, List<String> cmd, Map<String, String> env, Path log) {
        return start(name, cmd, env, log, LineStamp.NONE);
    }

    @Override
    public RemoteProcess start(String name, List<String> cmd, Map<String, String> env, Path log, LineStamp stamp) {
        return start(name, cmd, env, log, false, stamp);
    }

    /** Like {@link #start}, but its stdin and stdout are the SSH channel's, for a worker driven over them. */
    @Override
    public RemoteProcess startPiped(String name, List<String> cmd, Map<String, String> env, Path log) {
        return start(name, cmd, env, log, true, LineStamp.NONE);
    }

    private RemoteProcess start(String name, List<String> cmd, Map<String, String> env, Path log, boolean piped, LineStamp stamp) {
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            // a server's lines stamped as they arrive here (a worker stamps its own, on its host's clocks)
            OutputStream file = (piped ? LineStamp.NONE : stamp).lines(
                    Files.newOutputStream(log, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND));
            PidThenLog err = new PidThenLog(file);
            // the pid goes first on stderr, so that stdout can be the worker's own channel; it is told by a shell that already
            // carries the environment (env, then sh): a process stopped or left behind at any moment after its pid is known carries
            // the run's mark, by which the next run's clean-up finds it (SshCleanup), even before it becomes the program
            String tell = "echo " + PidThenLog.MARK + "$$ >&2; exec ";
            ChannelExec ch = session.createExecChannel(env.isEmpty() ? tell + Shell.join(cmd)
                    : "exec " + Shell.withEnv(env, List.of("sh", "-c", tell + "\"$@\"", "sh")) + " " + Shell.join(cmd));
            ch.setErr(err);
            if (!piped) ch.setOut(new SynchronizedStream(file));
            open(ch, Shell.join(cmd));
            if (!piped) feed(ch, in -> { }); // a server reads nothing from stdin
            long pid = err.pid(ssh.options().commandTimeout());
            if (pid < 0) {
                ch.close(true);
                throw new SshException(target, "'" + Shell.join(cmd) + "' did not start (see " + log + ")");
            }
            return new RemoteProcess(this, name, pid, ch, log);
        } catch (IOException e) {
            throw new SshException(target, "cannot start " + name + ": " + Ssh.reason(e), e);
        }
    }

    interface Feed {
        void to(OutputStream stdin) throws IOException;
    }

    /**
     * Runs {@code line} with {@code stdin}. Its output is stdout alone when it succeeds, stdout and
     * then stderr when it fails: a login shell's start-up files may write to stderr (a busy
     * {@code pyenv rehash} in root's .bashrc did here), and what a command prints is parsed.
     */
    private Commands.Result run(String line, Feed stdin, Duration timeout) {
        if (session.isClosed() || session.isClosing()) throw new SshException(target, "the connection is closed (the host stopped answering)");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (ChannelExec ch = session.createExecChannel(line)) {
            ch.setOut(out);
            ch.setErr(err);
            open(ch, line);
            feed(ch, stdin);
            Set<ClientChannelEvent> ev = ch.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), timeout);
            if (ev.contains(ClientChannelEvent.TIMEOUT)) {
                // what it wrote so far may say why (a start-up file of the login shell waiting on a lock did)
                String said = err.toString(StandardCharsets.UTF_8).strip();
                throw new SshException(target, "'" + line + "' gave no answer within " + timeout.toSeconds() + " s"
                        + (said.isEmpty() ? "" : "; it wrote: " + said));
            }
            Integer exit = exitCode(ch);
            if (exit == null) throw new SshException(target, "'" + line + "' ended without an exit status (the connection was lost)");
            String output = out.toString(StandardCharsets.UTF_8);
            return new Commands.Result(exit, exit == 0 ? output : output + err.toString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new SshException(target, "'" + line + "': " + Ssh.reason(e), e);
        }
    }

    /**
     * Writes a command's stdin and its end. A command that reads none may be over, its channel
     * closed, before its end is sent ({@code id -u} under load did): its exit status then says how
     * it went, not the write.
     */
    private static void feed(ChannelExec ch, Feed stdin) throws IOException {
        try (OutputStream in = ch.getInvertedIn()) {
            stdin.to(in);
        } catch (SshChannelClosedException e) {
            // the command ended first; the caller waits for its exit status
        }
    }

    private void open(ChannelExec ch, String what) throws IOException {
        Duration t = ssh.options().connectTimeout();
        var opened = ch.open();
        if (!opened.await(t)) {
            ch.close(true);
            throw new SshException(target, "'" + what + "' gave no answer within " + t.toSeconds() + " s (the host stopped answering)");
        }
        opened.verify(); // done: throws why it failed, if it did
    }

    /** The command's exit code as a shell reports it (128 + the signal that killed it), or null while none came. */
    static Integer exitCode(ChannelExec ch) {
        Integer status = ch.getExitStatus();
        if (status != null) return status;
        String signal = ch.getExitSignal();
        if (signal == null) return null;
        return 128 + switch (signal) {
            case "HUP" -> 1;
            case "INT" -> 2;
            case "KILL" -> 9;
            case "TERM" -> 15;
            default -> 0;
        };
    }

    @Override
    public void close() {
        session.close(false);
        ssh.forget(this);
    }

    @Override
    public String toString() {
        return target.toString();
    }

    /** Writes to one stream from several threads (a process's stdout and stderr share its log). */
    static class SynchronizedStream extends OutputStream {
        final OutputStream inner;

        SynchronizedStream(OutputStream inner) {
            this.inner = inner;
        }

        @Override
        public void write(int b) throws IOException {
            synchronized (inner) {
                inner.write(b);
                inner.flush();
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            synchronized (inner) {
                inner.write(b, off, len);
                inner.flush();
            }
        }

        @Override
        public void close() throws IOException {
            synchronized (inner) {
                inner.close();
            }
        }
    }

    /**
     * Finds the line {@code LOCKSTORM-PID n} a started command prints first on stderr (its shell's
     * pid, which it then execs into); every other line is the log's, also any that a login shell's
     * start-up files print before it.
     */
    static final class PidThenLog extends SynchronizedStream {
        static final String MARK = "LOCKSTORM-PID ";
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();
        private final java.util.concurrent.CompletableFuture<Long> pid = new java.util.concurrent.CompletableFuture<>();

        PidThenLog(OutputStream log) {
            super(log);
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[]{(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            int i = off;
            while (!pid.isDone() && i < off + len) {
                byte c = b[i++];
                line.write(c);
                if (c != '\n') continue;
                String l = line.toString(StandardCharsets.UTF_8);
                line.reset();
                if (l.startsWith(MARK)) {
                    try {
                        pid.complete(Long.parseLong(l.substring(MARK.length()).strip()));
                    } catch (NumberFormatException e) {
                        pid.complete(-1L);
                    }
                } else {
                    byte[] bytes = l.getBytes(StandardCharsets.UTF_8);
                    super.write(bytes, 0, bytes.length);
                }
            }
            if (i < off + len) super.write(b, i, off + len - i);
        }

        @Override
        public void close() throws IOException {
            pid.complete(-1L);
            super.close();
        }

        long pid(Duration timeout) throws IOException {
            try {
                return pid.get(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                return -1;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            } catch (java.util.concurrent.ExecutionException e) {
                throw new IOException(e.getCause());
            }
        }
    }

    /** The hosts' arguments for a group signal: {@code kill -SIG -- -pid}. */
    static List<String> killGroup(String sig, long pid) {
        return List.of("kill", "-" + sig, "--", "-" + pid);
    }
}
