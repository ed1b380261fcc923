package dev.lockstorm.checker.io;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.HistoryBuilder;
import dev.lockstorm.checker.history.HistoryFormatException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
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
        return readTold(file, format).history();
    }

    /** A history read from a file, and the format it was read in (with {@code AUTO}, the one told from the file). */
    public record Told(History history, HistoryFormat format) {
    }

    /** {@link #read(Path, HistoryFormat)}, saying which format it read: one look at the file, where a separate {@link #detect} is a second. */
    public static Told readTold(Path file, HistoryFormat format) {
        String source = file.toString();
        if (!Files.isRegularFile(file)) throw new HistoryFormatException(source, 0, notAFile(file));
        HistoryFormat f = look(file, format);
        if (f == HistoryFormat.JSONL) {
            // one parser over the file's bytes: the fast path for the format lockstorm writes
            HistoryBuilder b = new HistoryBuilder(source);
            try (InputStream in = new StrictUtf8(withoutByteOrderMark(new java.io.BufferedInputStream(Files.newInputStream(file), 1 << 16)))) {
                JsonlHistoryReader.read(in, source, b);
                return new Told(b.build(), f);
            } catch (java.io.CharConversionException e) {
                throw notUtf8(file);
            } catch (IOException e) {
                throw new HistoryFormatException(source, 0, "cannot read: " + e.getMessage());
            }
        }
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            in.mark(1);
            if (in.read() != '\uFEFF') in.reset(); // a byte-order mark is no part of the history
            return new Told(read(in, source, f), f);
        } catch (CharacterCodingException e) {
            throw notUtf8(file);
        } catch (IOException e) {
            throw new HistoryFormatException(source, 0, "cannot read: " + e.getMessage());
        }
    }

    /**
     * One look at the file's first bytes: a compressed file is named as such (not reported as a bad
     * first line), and with {@code AUTO} the format is told from its name and first characters.
     */
    private static HistoryFormat look(Path file, HistoryFormat format) {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(4096);
        } catch (IOException e) {
            throw new HistoryFormatException(file.toString(), 0, "cannot read: " + e.getMessage());
        }
        if (head.length >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
            throw new HistoryFormatException(file.toString(), 0, "gzip-compressed; expected a text history (decompress it first: gunzip)");
        }
        if (format != HistoryFormat.AUTO) return format;
        CharBuffer text = CharBuffer.allocate(head.length + 1);
        // not at the end of input: a character cut by the 4096th byte is not an error
        CoderResult r = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(head), text, false);
        if (r.isError()) throw notUtf8(file);
        return formatOf(file, text.flip().toString());
    }

    private static HistoryFormat formatOf(Path file, String head) {
        // a byte-order mark says nothing of the format: what follows it does (a file of only one is an empty history)
        if (head.startsWith("\uFEFF")) head = head.substring(1);
        HistoryFormat f = HistoryFormat.detect(file.getFileName().toString(), head);
        if (f != null) return f;
        if (head.isBlank()) return HistoryFormat.JSONL; // an empty history
        throw new HistoryFormatException(file.toString(), 1,
                "cannot tell the format; expected JSONL ({\"type\":…}), Jepsen EDN ([{:type …}]) or Jepsen log lines (use --format)");
    }

    /** The stream past a UTF-8 byte-order mark, when it begins with one: the mark is no part of the history. */
    private static InputStream withoutByteOrderMark(java.io.BufferedInputStream in) throws IOException {
        in.mark(3);
        byte[] head = in.readNBytes(3);
        if (head.length != 3 || (head[0] & 0xff) != 0xEF || (head[1] & 0xff) != 0xBB || (head[2] & 0xff) != 0xBF) in.reset();
        return in;
    }

    /** The line of the first byte sequence that is not UTF-8. */
    private static HistoryFormatException notUtf8(Path file) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            CharsetDecoder d = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            ByteBuffer in = ByteBuffer.wrap(bytes);
            CharBuffer out = CharBuffer.allocate(8192);
            while (true) {
                CoderResult r = d.decode(in, out, true);
                if (r.isError()) break;
                if (r.isUnderflow()) break;
                out.clear();
            }
            int bad = in.position();
            int line = 1;
            for (int i = 0; i < bad && i < bytes.length; i++) if (bytes[i] == '\n') line++;
            return new HistoryFormatException(file.toString(), line, String.format("byte 0x%02x at offset %d is not UTF-8; expected UTF-8 text",
                    bad < bytes.length ? bytes[bad] & 0xff : 0, bad));
        } catch (IOException e) {
            return new HistoryFormatException(file.toString(), 0, "not UTF-8 text; expected UTF-8");
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
        if (!Files.isRegularFile(file)) throw new HistoryFormatException(file.toString(), 0, notAFile(file));
        return look(file, HistoryFormat.AUTO);
    }

    /** Why a path that should be a history file is not one, in words. */
    private static String notAFile(Path file) {
        if (Files.isDirectory(file)) {
            return "is a directory; expected a history file (history.jsonl, an EDN history or a Jepsen log)"
                    + (Files.isRegularFile(file.resolve("history.jsonl")) ? ": " + file.resolve("history.jsonl") + "?" : "");
        }
        return Files.exists(file) ? "is not a regular file" : "no such file";
    }
}
