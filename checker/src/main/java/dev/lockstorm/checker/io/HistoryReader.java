package dev.lockstorm.checker.io;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.HistoryBuilder;
import dev.lockstorm.checker.history.HistoryFormatException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a history file in any supported format and validates it; a {@link HistoryFormatException}
 * names the file and line of the first problem.
 *
 * <pre>{@code
 * History h = HistoryReader.read(Path.of("etcd_000.log"), HistoryFormat.AUTO);
 * }</pre>
 */
public final class HistoryReader {
    private HistoryReader() {
    }

    public static History read(Path file, HistoryFormat format) {
        String source = file.toString();
        if (!Files.isRegularFile(file)) throw new HistoryFormatException(source, 0, "no such file");
        HistoryFormat f = format == HistoryFormat.AUTO ? detect(file) : format;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(in, source, f);
        } catch (IOException e) {
            throw new HistoryFormatException(source, 0, "cannot read: " + e.getMessage());
        }
    }

    /** Reads from any reader; {@code format} must not be AUTO. */
    public static History read(Reader reader, String source, HistoryFormat format) throws IOException {
        HistoryBuilder b = new HistoryBuilder(source);
        BufferedReader in = reader instanceof BufferedReader br ? br : new BufferedReader(reader);
        switch (format) {
            case JSONL -> JsonlHistoryReader.read(in, source, b);
            case EDN -> EdnHistoryReader.read(in, source, b);
            case JEPSEN_LOG -> JepsenLogReader.read(in, source, b);
            case AUTO -> throw new IllegalArgumentException("format AUTO needs a file name");
        }
        return b.build();
    }

    /** The format of a file, from its name and first characters. */
    public static HistoryFormat detect(Path file) {
        String head;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            char[] buf = new char[4096];
            int n = in.read(buf);
            head = n <= 0 ? "" : new String(buf, 0, n);
        } catch (IOException e) {
            throw new HistoryFormatException(file.toString(), 0, "cannot read: " + e.getMessage());
        }
        HistoryFormat f = HistoryFormat.detect(file.getFileName().toString(), head);
        if (f != null) return f;
        if (head.isBlank()) return HistoryFormat.JSONL; // an empty history
        throw new HistoryFormatException(file.toString(), 1,
                "cannot tell the format; expected JSONL ({\"type\":…}), Jepsen EDN ([{:type …}]) or Jepsen log lines (use --format)");
    }
}
