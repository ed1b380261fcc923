package dev.lockstorm.checker.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the checker's text outputs (results.json, summary.txt, junit.xml, report.html) as UTF-8.
 * A history may hold a string that UTF-8 cannot encode (JSON's {@code "\ud800"}, a lone surrogate, is
 * legal input): it is written as the escape {@code \ud800}, which in a JSON string is that same
 * string again and elsewhere shows what was there, so that every name that can be read can be written.
 *
 * <pre>{@code
 * TextFiles.write(dir.resolve("summary.txt"), Summary.of(result));
 * }</pre>
 */
public final class TextFiles {
    private TextFiles() {
    }

    public static void write(Path file, String text) throws IOException {
        Files.writeString(file, encodable(text), StandardCharsets.UTF_8);
    }

    /** {@code text} with every unpaired surrogate replaced by its {@code \}{@code uXXXX} escape. */
    public static String encodable(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean paired = Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1));
            if (paired) {
                if (out != null) out.append(c).append(text.charAt(i + 1));
                i++;
                continue;
            }
            if (Character.isSurrogate(c)) {
                if (out == null) out = new StringBuilder(text.length() + 16).append(text, 0, i);
                out.append(String.format("\\u%04x", (int) c));
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? text : out.toString();
    }
}
