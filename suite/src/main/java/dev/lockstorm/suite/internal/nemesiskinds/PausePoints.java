package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.lab.Host;

import java.nio.file.Path;
import java.util.Collection;

/**
 * The arming file of a run's pause points ({@link dev.lockstorm.locks.PausePoint}): present on
 * every client host while the nemesis runs, removed before the final heal, so that no client
 * freezes itself after the nemesis has stopped.
 */
public final class PausePoints {
    private PausePoints() {
    }

    /** The run's arming file, in its directory on the client hosts. */
    public static Path armFile(Path clientDir) {
        return clientDir.resolve("pause-point.armed");
    }

    /** Arms the point on every client host of the run (a kind's set-up). */
    static void arm(Targets t) {
        arm(t.clients().stream().map(Client::host).toList(), t.clientDir());
    }

    /** Disarms it on every client host (a kind's tear-down, before the final heal). */
    static void disarm(Targets t) {
        disarm(t.clients().stream().map(Client::host).toList(), t.clientDir());
    }

    public static void arm(Collection<? extends Host> clientHosts, Path clientDir) {
        for (Host h : clientHosts) h.write(armFile(clientDir), "armed while the nemesis runs\n");
    }

    public static void disarm(Collection<? extends Host> clientHosts, Path clientDir) {
        for (Host h : clientHosts) h.delete(armFile(clientDir));
    }
}
