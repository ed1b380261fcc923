package dev.lockstorm.results;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where runs are kept: {@code store/<test>/<start-time>/} with {@code history.jsonl},
 * {@code results.json}, {@code report.html}, {@code junit.xml}, node and client logs and the exact
 * command, and {@code store/<test>/latest} pointing at the newest.
 */
public final class RunStore {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS");

    private final Path root;

    public RunStore(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    /**
     * Creates a new run directory for {@code test}, named by its start time, and points {@code latest}
     * at it. Two runs started in the same millisecond get {@code <time>-2}, {@code -3}, …: a directory
     * is never reused, so a recorded history is never overwritten.
     */
    public Path newRun(String test) throws IOException {
        Path parent = root.resolve(test);
        Files.createDirectories(parent);
        String stamp = LocalDateTime.now().format(STAMP);
        Path dir = parent.resolve(stamp);
        for (int n = 2; ; n++) {
            try {
                Files.createDirectory(dir);
                break;
            } catch (FileAlreadyExistsException e) {
                dir = parent.resolve(stamp + "-" + n);
            }
        }
        // replace latest in one rename, so that a concurrent run never finds it missing
        Path link = parent.resolve(".latest-" + dir.getFileName());
        Files.deleteIfExists(link);
        Files.createSymbolicLink(link, dir.getFileName());
        Files.move(link, parent.resolve("latest"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        return dir;
    }

    /**
     * {@code dir} as a run's directory when it is an empty directory, made beforehand by whoever will
     * read the run back (the JUnit extension, with {@link #newRun}), or one that holds only
     * {@code spec}, the spec the run was handed; anything else is refused, so that a recorded history
     * is never overwritten.
     *
     * @param spec the file of the run's spec, which may be in it; or null
     * @throws IllegalArgumentException naming the directory and what was expected
     */
    public static Path claim(Path dir, Path spec) {
        Path own = spec == null ? null : spec.toAbsolutePath().normalize();
        try (Stream<Path> in = Files.list(dir)) {
            if (in.anyMatch(f -> !f.toAbsolutePath().normalize().equals(own))) {
                throw new IllegalArgumentException("--run-dir " + dir + ": expected an empty directory; it holds files already");
            }
        } catch (java.nio.file.NotDirectoryException | java.nio.file.NoSuchFileException e) {
            throw new IllegalArgumentException("--run-dir " + dir + ": expected an empty directory made beforehand; there is none");
        } catch (IOException e) {
            throw new IllegalArgumentException("--run-dir " + dir + ": cannot be read: " + e.getMessage());
        }
        return dir;
    }

    /**
     * When a run of the store began, from its folder's name ("2026-11-30 01:47:32"; a second run of the same millisecond
     * is {@code <time>-2}), or empty for a folder not named so.
     */
    public static java.util.Optional<String> startedAt(Path run) {
        String name = run.getFileName().toString().replaceFirst("-\\d+$", "");
        try {
            return java.util.Optional.of(LocalDateTime.parse(name, STAMP).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")));
        } catch (java.time.format.DateTimeParseException e) {
            return java.util.Optional.empty();
        }
    }

    /** Every run directory (one with a history), newest first. */
    public List<Path> runs() throws IOException {
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(root)) return out;
        try (Stream<Path> tests = Files.list(root)) {
            for (Path t : tests.filter(Files::isDirectory).toList()) {
                try (Stream<Path> runs = Files.list(t)) {
                    runs.filter(r -> !Files.isSymbolicLink(r) && Files.exists(r.resolve("history.jsonl"))).forEach(out::add);
                }
            }
        }
        out.sort(Comparator.comparing((Path p) -> p.getFileName().toString()).reversed());
        return out;
    }
}
