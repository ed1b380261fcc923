package dev.lockstorm.nemesis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A directory per test under target/it, kept after the run so that node logs can be read. */
final class RunDirs {
    private RunDirs() {
    }

    static Path of(String test) {
        try {
            Path dir = Path.of("target", "it", test + "-" + System.nanoTime()).toAbsolutePath();
            Files.createDirectories(dir);
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
