package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.results.RunStore;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** {@code --store DIR} (alias {@code --results}): where runs go, store/ in the checkout unless named. */
final class StoreOption {
    @Option(names = {"--store", "--results"}, paramLabel = "DIR", description = "Names the run store, where runs go (default: store/ in the checkout).")
    Path root;

    RunStore store() {
        return new RunStore(root != null ? root : Home.store());
    }
}
