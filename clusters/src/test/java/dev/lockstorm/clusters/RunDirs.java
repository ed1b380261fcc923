package dev.lockstorm.clusters;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A directory per test under target/it, kept after the run so that node logs can be read. */
public final class RunDirs {
    private RunDirs() {
    }

    public static Path of(String test) {
        try {
            Path dir = Path.of("target", "it", test + "-" + System.currentTimeMillis()).toAbsolutePath();
            Files.createDirectories(dir);
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
