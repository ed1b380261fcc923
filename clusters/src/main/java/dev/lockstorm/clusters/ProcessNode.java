package dev.lockstorm.clusters;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;

import java.nio.file.Path;
import java.time.Duration;

/**
 * A node that is one server process on its host: the lifecycle that ZooKeeper and Redis nodes
 * share (start unless running, graceful stop, kill -9 keeping the data, per-node log).
 */
public abstract class ProcessNode implements Node {
    protected final Lab lab;
    protected final Host host;
    private volatile HostProcess process;

    protected ProcessNode(Lab lab, Host host) {
        this.lab = lab;
        this.host = host;
    }

    /** The process name, also its log's name ({@code zk-n1}, {@code redis-n2}). */
    protected abstract String processName();

    /** Starts the server process with the node's current configuration. */
    protected abstract HostProcess launch();

    @Override
    public Host host() {
        return host;
    }

    /** The running server process, or null when it never started. */
    @Override
    public HostProcess process() {
        return process;
    }

    /** Its log: the running process's own, which a lab kept from an earlier run left in that run's directory. */
    public Path log() {
        HostProcess p = process;
        return p != null ? p.log() : lab.log(processName());
    }

    /** Starts the server on its existing data (a restart after stop or kill); no-op while it runs. */
    @Override
    public synchronized void start() {
        if (process != null && process.isAlive()) return;
        process = launch();
    }

    /** SIGTERM, then SIGKILL after 10 s. */
    @Override
    public synchronized void stop() {
        if (process != null) process.stop(Duration.ofSeconds(10));
    }

    /** SIGKILL: a crash. The data stays for a restart. */
    @Override
    public synchronized void kill() {
        if (process != null) process.kill();
    }

    public synchronized void restart() {
        kill();
        start();
    }
}
