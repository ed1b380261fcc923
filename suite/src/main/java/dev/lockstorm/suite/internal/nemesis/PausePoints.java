package dev.lockstorm.suite.internal.nemesis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The arming file of a run's pause points ({@link dev.lockstorm.workloads.PausePoint}): present
 * while the nemesis runs, removed before the final heal, so that no client freezes itself after
 * the nemesis has stopped.
 */
public final class PausePoints {
    private PausePoints() {
    }

    /** The run's arming file, in its lab directory. */
    public static Path armFile(Path labDir) {
        return labDir.resolve("pause-point.armed");
    }

    public static void arm(Path labDir) {
        try {
            Files.writeString(armFile(labDir), "armed while the nemesis runs\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void disarm(Path labDir) {
        try {
            Files.deleteIfExists(armFile(labDir));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
