package dev.lockstorm.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where runs are kept: {@code results/<test>/<start-time>/} with {@code history.jsonl},
 * {@code results.json}, {@code report.html}, {@code junit.xml}, node and client logs and the exact
 * command, and {@code results/<test>/latest} pointing at the newest.
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

    /** Creates a new run directory for {@code test} and points {@code latest} at it. */
    public Path newRun(String test) throws IOException {
        Path dir = root.resolve(test).resolve(LocalDateTime.now().format(STAMP));
        Files.createDirectories(dir.getParent());
        Files.createDirectory(dir); // never reuse a directory: a recorded history is never overwritten
        Path latest = root.resolve(test).resolve("latest");
        Files.deleteIfExists(latest);
        Files.createSymbolicLink(latest, dir.getFileName());
        return dir;
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
