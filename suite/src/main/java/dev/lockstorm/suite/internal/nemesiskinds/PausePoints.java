package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.lab.Host;

import java.nio.file.Path;
import java.util.Collection;

/**
 * The arming file of a run's pause points ({@link dev.lockstorm.locks.PausePoint}): present on
 * every client host (and a resource service's) while the nemesis runs, removed before the final heal, so that no client
 * freezes itself after the nemesis has stopped.
 */
public final class PausePoints {
    private PausePoints() {
    }

    /** The run's arming file, in its directory on the client hosts. */
    public static Path armFile(Path clientDir) {
        return clientDir.resolve("pause-point.armed");
    }

    /** Arms the point on every client host of the run, and a resource service's (a kind's set-up). */
    static void arm(Targets t) {
        arm(hosts(t), t.clientDir());
    }

    /** Disarms it on every client host and a resource service's (a kind's tear-down, before the final heal). */
    static void disarm(Targets t) {
        disarm(hosts(t), t.clientDir());
    }

    /** The hosts whose processes reach pause points: the clients', and a resource service's, whose checkpoints are its own. */
    private static java.util.List<Host> hosts(Targets t) {
        java.util.List<Host> hosts = new java.util.ArrayList<>(t.clients().stream().map(Client::host).toList());
        t.resourceHost().ifPresent(hosts::add);
        return hosts;
    }

    public static void arm(Collection<? extends Host> clientHosts, Path clientDir) {
        for (Host h : clientHosts) h.write(armFile(clientDir), "armed while the nemesis runs\n");
    }

    public static void disarm(Collection<? extends Host> clientHosts, Path clientDir) {
        for (Host h : clientHosts) h.delete(armFile(clientDir));
    }
}
