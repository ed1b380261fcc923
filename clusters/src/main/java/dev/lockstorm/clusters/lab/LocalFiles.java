package dev.lockstorm.clusters.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** File writes and copies for hosts on this machine (a lab host, the control node), failing as a {@link LabException} naming the host. */
public final class LocalFiles {
    private LocalFiles() {
    }

    /** Writes {@code content} to {@code file}, creating its directory. */
    public static void write(Path file, String content, String host) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, content);
        } catch (IOException e) {
            throw new LabException("cannot write " + file + " for " + host + ": " + e.getMessage(), e);
        }
    }

    /** Removes {@code file} if it is there. */
    public static void delete(Path file, String host) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new LabException("cannot remove " + file + " for " + host + ": " + e.getMessage(), e);
        }
    }

    /** Removes {@code dir} and everything in it (links, not what they point to); nothing when it is not there. */
    public static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) return;
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }

    /** Copies {@code from} to {@code to} (its directory created); nothing to do when they are the same file. */
    public static void copy(Path from, Path to, String host) {
        try {
            Files.createDirectories(to.toAbsolutePath().getParent());
            if (Files.exists(to) && Files.isSameFile(from, to)) return;
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new LabException("cannot copy " + from + " to " + to + " for " + host + ": " + e.getMessage(), e);
        }
    }
}
