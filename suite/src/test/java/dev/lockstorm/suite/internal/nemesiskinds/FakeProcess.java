package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;

/** A process that runs nothing: SIGSTOP and SIGCONT change its state, SIGKILL ends it. */
public final class FakeProcess implements HostProcess {
    private final String name;
    private final Host host;
    private volatile char state = 'S';

    public FakeProcess(String name, Host host) {
        this.name = name;
        this.host = host;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Host host() {
        return host;
    }

    @Override
    public long pid() {
        return name.hashCode() & 0xffff;
    }

    @Override
    public Path log() {
        return Path.of("/dev/null");
    }

    @Override
    public boolean isAlive() {
        return state != 'X';
    }

    @Override
    public char state() {
        return state;
    }

    @Override
    public void signal(String sig) {
        if (!isAlive()) return;
        if (sig.equals("STOP")) state = 'T';
        else if (sig.equals("CONT")) state = 'S';
        else if (sig.equals("KILL") || sig.equals("TERM")) state = 'X';
    }

    @Override
    public void kill() {
        state = 'X';
    }

    @Override
    public boolean waitFor(Duration d) {
        return !isAlive();
    }

    @Override
    public Integer exitCode() {
        return isAlive() ? null : 137;
    }

    @Override
    public OutputStream stdin() {
        return OutputStream.nullOutputStream();
    }

    @Override
    public InputStream stdout() {
        return InputStream.nullInputStream();
    }

    @Override
    public String toString() {
        return name;
    }
}
