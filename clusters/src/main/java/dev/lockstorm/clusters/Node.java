package dev.lockstorm.clusters;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;

/** A server node of a cluster, which a nemesis can kill, restart and pause. */
public interface Node {
    Host host();

    /** The running process, or null when the node is down. */
    HostProcess process();

    /** Starts (or restarts) the node on its existing data. */
    void start();

    /** Graceful stop. */
    void stop();

    /** SIGKILL: a crash; the data stays for a restart. */
    void kill();

    /** Whether the node answers its health check now. */
    boolean isServing();
}
