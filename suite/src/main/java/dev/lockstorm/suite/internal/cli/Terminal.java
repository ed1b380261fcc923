package dev.lockstorm.suite.internal.cli;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Output for a person at a terminal: lines longer than the terminal's width are wrapped at spaces,
 * continued under the column they belong to (a description under its description, an option's
 * text a little right of the option). Only when standard output is a terminal whose width the
 * launcher passed ({@code COLUMNS}); a pipe, a file or a CI log gets every line whole.
 *
 * <pre>{@code
 * Terminal.wrap("  zk-recipe   ZooKeeper's lock recipe: ephemeral sequential nodes, each waiter …", 40);
 * }</pre>
 */
final class Terminal {
    private static final int NARROWEST = 40;

    private Terminal() {
    }

    /** The terminal's width, or 0 when output is not a terminal or its width is not known. */
    static int width() {
        String columns = System.getenv("COLUMNS");
        if (columns == null || System.console() == null) return 0;
        try {
            int w = Integer.parseInt(columns.trim());
            return w >= NARROWEST ? w : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Standard output wrapped to the terminal, or as it is when there is none. */
    static void install() {
        int w = width();
        if (w > 0) System.setOut(wrapping(System.out, w));
    }

    static PrintStream wrapping(PrintStream out, int width) {
        return new PrintStream(new OutputStream() {
            private final ByteArrayOutputStream line = new ByteArrayOutputStream();

            @Override
            public void write(int b) {
                if (b == '\n') {
                    out.print(wrap(line.toString(StandardCharsets.UTF_8), width));
                    out.print('\n');
                    out.flush();
                    line.reset();
                } else {
                    line.write(b);
                }
            }

            @Override
            public void flush() {
                if (line.size() > 0) {
                    // a line still being written (a progress line) goes out as it is
                    out.print(line.toString(StandardCharsets.UTF_8));
                    line.reset();
                }
                out.flush();
            }
            // not flushed on every write (a printf writes its pieces one by one): a line goes out whole at its end, or on flush()
        }, false, StandardCharsets.UTF_8);
    }

    /** One line wrapped at spaces to {@code width}, its continuations indented under its last column. */
    static String wrap(String line, int width) {
        if (line.length() <= width) return line;
        int indent = hangingIndent(line, width);
        StringBuilder out = new StringBuilder();
        String rest = line;
        boolean first = true;
        while (rest.length() > (first ? width : width - indent)) {
            int room = first ? width : width - indent;
            int cut = rest.lastIndexOf(' ', room);
            int floor = first ? leading(rest) + 1 : 1;
            if (cut < floor) cut = rest.indexOf(' ', room); // a word longer than the room: the line runs over
            if (cut < 0) break;
            out.append(first ? "" : " ".repeat(indent)).append(rest, 0, cut).append('\n');
            rest = rest.substring(cut).stripLeading();
            first = false;
        }
        return out.append(first ? "" : " ".repeat(indent)).append(rest).toString();
    }

    /** Where continuations start: under the last column (after the last run of two or more spaces), else a little right of the text. */
    static int hangingIndent(String line, int width) {
        int lead = leading(line);
        int column = -1;
        for (int i = lead; i + 1 < line.length() && i < width; i++) {
            if (line.charAt(i) == ' ' && line.charAt(i + 1) == ' ') {
                int j = i;
                while (j < line.length() && line.charAt(j) == ' ') j++;
                if (j < width) column = j;
                i = j;
            }
        }
        return column > 0 && column <= width / 2 ? column : Math.min(lead + 4, width / 2);
    }

    private static int leading(String s) {
        int i = 0;
        while (i < s.length() && s.charAt(i) == ' ') i++;
        return i;
    }
}
