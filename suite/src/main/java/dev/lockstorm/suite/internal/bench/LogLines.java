package dev.lockstorm.suite.internal.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** What a bench's helper process printed: its log read while it runs (a log not yet written reads as empty). */
final class LogLines {
    private LogLines() {
    }

    /** Whether the log holds {@code text} yet. */
    static boolean has(Path log, String text) {
        try {
            return Files.exists(log) && Files.readString(log).contains(text);
        } catch (IOException e) {
            return false;
        }
    }

    /** The last line that starts with {@code prefix}, if the log has one yet. */
    static Optional<String> last(Path log, String prefix) {
        if (!Files.exists(log)) return Optional.empty();
        try {
            List<String> lines = Files.readAllLines(log);
            for (int i = lines.size() - 1; i >= 0; i--) if (lines.get(i).startsWith(prefix)) return Optional.of(lines.get(i));
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
