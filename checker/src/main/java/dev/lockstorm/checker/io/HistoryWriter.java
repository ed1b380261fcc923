package dev.lockstorm.checker.io;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;

/**
 * Appends events to a JSONL history as they happen. It creates a new file and refuses to open one
 * that exists, so a recorded history is never truncated or overwritten; each event is flushed.
 *
 * <pre>{@code
 * try (HistoryWriter w = HistoryWriter.create(dir.resolve("history.jsonl"))) {
 *     w.append(op);
 * }
 * }</pre>
 */
public final class HistoryWriter implements Closeable {
    private final Writer out;

    private HistoryWriter(Writer out) {
        this.out = out;
    }

    /** Creates {@code file}; fails with {@link java.nio.file.FileAlreadyExistsException} if it exists. */
    public static HistoryWriter create(Path file) throws IOException {
        return new HistoryWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8,
                StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
    }

    /** Writes a whole history to a new file. */
    public static void write(History h, Path file) throws IOException {
        try (HistoryWriter w = new HistoryWriter(new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8,
                StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), 1 << 16))) {
            for (Op op : h.ops()) w.out.write(toJson(op) + "\n");
        }
    }

    public synchronized void append(Op op) throws IOException {
        out.write(toJson(op));
        out.write('\n');
        out.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }

    /** One event as a JSON line (without the newline), Jepsen field order first, extras after. */
    public static String toJson(Op op) {
        StringWriter w = new StringWriter(96);
        try (JsonGenerator g = Json.FACTORY.createGenerator(w)) {
            g.writeStartObject();
            g.writeNumberField("index", op.index());
            if (op.time() != Op.NO_TIME) g.writeNumberField("time", op.time());
            g.writeStringField("type", op.type().wire());
            g.writeFieldName("process");
            Json.writeValue(g, op.processLabel());
            g.writeStringField("f", op.f());
            g.writeFieldName("value");
            Json.writeValue(g, op.value());
            for (Map.Entry<String, Object> e : op.extra().entrySet()) {
                if (e.getKey().equals(Op.NAMED_PROCESS)) continue;
                g.writeFieldName(e.getKey());
                Json.writeValue(g, e.getValue());
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return w.toString();
    }
}
