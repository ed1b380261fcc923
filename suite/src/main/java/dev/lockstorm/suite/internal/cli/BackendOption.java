package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.suite.internal.run.Placement;
import picocli.CommandLine.Option;

/** {@code --backend} of the commands that run a recorded run again ({@code replay}, {@code shrink}): by default where it ran. */
final class BackendOption {
    @Option(names = "--backend", paramLabel = "lab|containers",
            description = "Runs it in a lab (network namespaces on this machine, needs root) or in containers (no root), whichever the"
                    + " recorded run used; by default where the recorded run ran.")
    String backend;

    /** An IllegalArgumentException naming the option when its value is neither backend: asked before the recorded run is read. */
    void check() {
        if (backend != null) RemoteArgs.placement(backend);
    }

    /** Where to run: {@code recorded} unless {@code --backend} names another. */
    Placement or(Placement recorded) {
        return backend == null ? recorded : RemoteArgs.placement(backend);
    }
}
