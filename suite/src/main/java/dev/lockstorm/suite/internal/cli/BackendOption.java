package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.suite.internal.run.Placement;
import picocli.CommandLine.Option;

/**
 * {@code --backend} of the commands that make runs on their own ({@code hunt}, {@code matrix}: a lab unless
 * it says otherwise) or run a recorded run again ({@code replay}, {@code shrink}: where it ran, unless it
 * says otherwise). {@code run} and {@code reproduce} take it with {@code --hosts} ({@link RemoteArgs}).
 */
final class BackendOption {
    @Option(names = "--backend", paramLabel = "lab|containers",
            description = "Where the runs' hosts are made: lab (network namespaces on this machine, needs root; servers kept between runs)"
                    + " or containers (a container per host, no root; each run starts its own). Default: a lab, or for replay and shrink"
                    + " where the recorded run ran.")
    String backend;

    /** An IllegalArgumentException naming the option when its value is neither backend: asked before the recorded run is read. */
    void check() {
        if (backend != null) RemoteArgs.placement(backend);
    }

    /** Where to run: {@code otherwise} (a lab, or where a recorded run ran) unless {@code --backend} names another. */
    Placement or(Placement otherwise) {
        return backend == null ? otherwise : RemoteArgs.placement(backend);
    }

    /** The option as typed, for a command line that passes it on; empty when not given. */
    java.util.List<String> arguments() {
        return backend == null ? java.util.List.of() : java.util.List.of("--backend", backend);
    }
}
