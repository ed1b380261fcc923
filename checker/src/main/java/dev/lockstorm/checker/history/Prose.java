package dev.lockstorm.checker.history;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.UnaryOperator;

/**
 * An explanation in its parts: the words, the processes it names and the tokens it quotes. The
 * checker writes each explanation once; each reader renders it its own way (the terminal and
 * results.json in plain words, "process 4 (client c5)"; the report with each client by its lane's
 * name and a long token shortened), so no reader rewrites another's words.
 *
 * <pre>{@code
 * Prose p = Prose.of(op.who(), " acquired the lock at ", History.when(op), " (token ", 1234567890123L, ")");
 * p.plain();   // "process 4 (client c5) acquired the lock at 2.301 s (token 1234567890123)"
 * }</pre>
 *
 * @param parts the explanation's parts, in reading order
 */
public record Prose(List<Part> parts) {

    /** A part of an explanation. */
    public sealed interface Part permits Text, Who, Token {
        /** This part as {@code style} renders it. */
        String in(Style style);
    }

    /** Words, as they read. */
    public record Text(String text) implements Part {
        @Override
        public String in(Style style) {
            return style.text().apply(text);
        }
    }

    /**
     * A process the explanation names.
     *
     * @param process its label: the history's process number, or the name of a named process
     * @param client  the client it ran as, or null when the history names none or names the process by it
     */
    public record Who(String process, String client) implements Part {
        @Override
        public String in(Style style) {
            return style.who().apply(this);
        }

        /** "process 4 (client c5)", "process c1", "process 4": as every explanation in words names a process. */
        @Override
        public String toString() {
            return "process " + process + (client == null ? "" : " (client " + client + ")");
        }
    }

    /** A token or other whole number an explanation quotes (a czxid or a wall-clock token is long: a page may shorten it). */
    public record Token(long value) implements Part {
        @Override
        public String in(Style style) {
            return style.token().apply(value);
        }
    }

    /** A finding that explains itself: in its parts for a reader with a style, in plain words for the rest. */
    public interface Explained {
        /** One sentence or paragraph for a person, in its parts. */
        Prose prose();

        /** {@link #prose()} in plain words. */
        default String explanation() {
            return prose().plain();
        }
    }

    /**
     * How a reader renders each kind of part.
     *
     * @param text  words
     * @param who   a process named
     * @param token a token quoted
     */
    public record Style(UnaryOperator<String> text, Function<Who, String> who, LongFunction<String> token) {
    }

    /** Plain words, as the terminal, results.json and every test read them. */
    public static final Style PLAIN = new Style(t -> t, Who::toString, Long::toString);

    public Prose {
        parts = List.copyOf(parts);
    }

    /**
     * An explanation from its pieces, in order: a {@link Part} as it is, a {@code Prose} inlined, a
     * {@code Long} as a {@link Token}, anything else as words ({@code String.valueOf}).
     */
    public static Prose of(Object... pieces) {
        Builder b = new Builder();
        for (Object p : pieces) b.add(p);
        return b.build();
    }

    /** Words alone. */
    public static Prose text(String words) {
        return new Prose(List.of(new Text(words)));
    }

    /** This explanation rendered in {@code style}. */
    public String render(Style style) {
        StringBuilder b = new StringBuilder();
        for (Part p : parts) b.append(p.in(style));
        return b.toString();
    }

    /** In plain words. */
    public String plain() {
        return render(PLAIN);
    }

    @Override
    public String toString() {
        return plain();
    }

    /** Builds an explanation piece by piece, adjacent words joined. */
    public static final class Builder {
        private final List<Part> parts = new ArrayList<>();
        private final StringBuilder words = new StringBuilder();

        /** Adds a piece as {@link #of} reads it. */
        public Builder add(Object piece) {
            if (piece instanceof Prose p) {
                for (Part part : p.parts()) add(part);
            } else if (piece instanceof Text t) {
                words.append(t.text());
            } else if (piece instanceof Part part) {
                flush();
                parts.add(part);
            } else if (piece instanceof Long n) {
                flush();
                parts.add(new Token(n));
            } else {
                words.append(piece);
            }
            return this;
        }

        /** Adds each of {@code pieces} as {@link #add} does, {@code separator} between them. */
        public Builder join(String separator, Iterable<?> pieces) {
            String sep = "";
            for (Object piece : pieces) {
                add(sep).add(piece);
                sep = separator;
            }
            return this;
        }

        public Prose build() {
            flush();
            return new Prose(parts);
        }

        private void flush() {
            if (words.length() == 0) return;
            parts.add(new Text(words.toString()));
            words.setLength(0);
        }
    }
}
