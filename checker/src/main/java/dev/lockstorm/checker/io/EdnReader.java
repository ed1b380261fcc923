package dev.lockstorm.checker.io;

import dev.lockstorm.checker.history.HistoryFormatException;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A reader for the part of EDN that Jepsen histories use: nil, booleans, integers (with an optional
 * {@code N}), decimals, strings, characters, keywords and symbols (both become strings without the
 * colon), lists and vectors (both become {@link List}), maps (keys become strings), sets, comments,
 * {@code #_} discards and tagged literals (the tag is dropped, the value kept).
 *
 * <p>No maintained EDN library for Java is on Maven Central; this reader is small and tested.
 * Errors name the source and line.
 */
public final class EdnReader {
    private final Reader in;
    private final String source;
    private final char[] buf;
    private int pos;
    private int len;
    private int line = 1;
    private int depth;

    /** How deep collections may nest; deeper is bad input (and would overflow the stack). */
    public static final int MAX_DEPTH = 200;

    public EdnReader(Reader in, String source) {
        this(in, source, 1 << 16);
    }

    private EdnReader(Reader in, String source, int bufferSize) {
        this.in = in;
        this.source = source;
        this.buf = new char[bufferSize];
    }

    /** Parses one complete EDN value from text (used for values in Jepsen log lines). */
    public static Object parse(String text, String source, int line) {
        // a buffer the size of the text: log lines are short and many
        EdnReader r = new EdnReader(new java.io.StringReader(text), source, Math.max(16, text.length() + 2));
        r.line = line;
        Object v = r.read();
        r.skipWhitespace();
        if (r.peek() != -1) throw r.error("unexpected text after the value");
        return v;
    }

    public int line() {
        return line;
    }

    /**
     * Skips white space, commas, comments and {@code #_} discards; returns the next char or -1. A run
     * of discards is counted, not followed recursively: {@code #_ #_ a b} drops a and b.
     */
    public int skipWhitespace() {
        int discards = 0;
        while (true) {
            int c = peek();
            if (c == -1) {
                if (discards > 0) throw error("#_ with nothing after it to discard");
                return -1;
            }
            if (c == ';') {
                while (c != -1 && c != '\n') c = next();
                continue;
            }
            if (c == '#' && peekAt(1) == '_') {
                next();
                next();
                discards++;
                continue;
            }
            if (Character.isWhitespace(c) || c == ',') {
                next();
                continue;
            }
            if (discards > 0) {
                if ("]})".indexOf(c) >= 0) throw error("#_ with nothing after it to discard before '" + (char) c + "'");
                read();
                discards--;
                continue;
            }
            return c;
        }
    }

    /** The next char without consuming it, or -1 at the end. */
    public int peek() {
        return peekAt(0);
    }

    /** Consumes and returns the next char, or -1. */
    public int next() {
        if (!fill(1)) return -1;
        char c = buf[pos++];
        if (c == '\n') line++;
        return c;
    }

    /** Reads the next value. */
    public Object read() {
        int c = skipWhitespace();
        switch (c) {
            case -1:
                throw error("unexpected end of input; expected a value");
            case '[':
            case '(':
                next();
                enter();
                List<Object> seq = readSeq(c == '[' ? ']' : ')');
                depth--;
                return seq;
            case '{':
                next();
                enter();
                Map<String, Object> map = readMap();
                depth--;
                return map;
            case '"':
                next();
                return readString();
            case '\\':
                next();
                return readChar();
            case ':':
                next();
                return readToken();
            case '#':
                // tags (#inst, #uuid, #jepsen.history.Op …) are dropped and the tagged value kept, in a loop:
                // a long run of tags must not grow the stack
                while (peek() == '#' && peekAt(1) != '_') {
                    next();
                    if (peek() == '{') {
                        next();
                        enter();
                        Set<Object> set = readSet();
                        depth--;
                        return set;
                    }
                    readToken();
                    skipWhitespace();
                }
                return read();
            case ']':
            case ')':
            case '}':
                throw error("unexpected '" + (char) c + "'");
            default:
                return readAtom();
        }
    }

    private void enter() {
        if (++depth > MAX_DEPTH) throw error("collections nested deeper than " + MAX_DEPTH + " levels");
    }

    private List<Object> readSeq(char close) {
        List<Object> out = new ArrayList<>();
        while (true) {
            int c = skipWhitespace();
            if (c == -1) throw error("unexpected end of input; expected '" + close + "'");
            if (c == close) {
                next();
                return out;
            }
            out.add(read());
        }
    }

    private Map<String, Object> readMap() {
        Map<String, Object> out = new LinkedHashMap<>();
        while (true) {
            int c = skipWhitespace();
            if (c == -1) throw error("unexpected end of input; expected '}'");
            if (c == '}') {
                next();
                return out;
            }
            int keyLine = line();
            Object k = read();
            if (skipWhitespace() == '}') throw error("map key " + k + " has no value");
            String key = String.valueOf(k);
            if (out.containsKey(key)) {
                throw new HistoryFormatException(source, keyLine, "map key " + k + " appears twice in one map; expected each key once");
            }
            out.put(key, read());
        }
    }

    private Set<Object> readSet() {
        return new HashSet<>(readSeq('}'));
    }

    private String readString() {
        StringBuilder sb = new StringBuilder();
        while (true) {
            int c = next();
            if (c == -1) throw error("unterminated string");
            if (c == '"') return sb.toString();
            if (c == '\\') {
                int e = next();
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'r' -> sb.append('\r');
                    case '"' -> sb.append('"');
                    case '\\' -> sb.append('\\');
                    case 'u' -> {
                        StringBuilder hex = new StringBuilder();
                        for (int i = 0; i < 4; i++) hex.append((char) next());
                        try {
                            sb.append((char) Integer.parseInt(hex.toString(), 16));
                        } catch (NumberFormatException ex) {
                            throw error("bad unicode escape \\u" + hex);
                        }
                    }
                    default -> throw error("bad escape \\" + (e == -1 ? "" : String.valueOf((char) e)) + " in a string");
                }
            } else {
                sb.append((char) c);
            }
        }
    }

    private String readChar() {
        String t = readToken();
        return switch (t) {
            case "newline" -> "\n";
            case "space" -> " ";
            case "tab" -> "\t";
            default -> t.isEmpty() ? String.valueOf((char) next()) : t;
        };
    }

    private Object readAtom() {
        String t = readToken();
        if (t.isEmpty()) throw error("unexpected '" + (char) peek() + "'");
        switch (t) {
            case "nil":
                return null;
            case "true":
                return Boolean.TRUE;
            case "false":
                return Boolean.FALSE;
            default:
        }
        char c0 = t.charAt(0);
        boolean numeric = Character.isDigit(c0) || ((c0 == '-' || c0 == '+') && t.length() > 1 && Character.isDigit(t.charAt(1)));
        if (!numeric) return t; // a symbol
        try {
            String n = t.endsWith("N") ? t.substring(0, t.length() - 1) : t;
            if (n.indexOf('.') >= 0 || n.indexOf('e') >= 0 || n.indexOf('E') >= 0 || n.endsWith("M")) {
                return Double.parseDouble(n.endsWith("M") ? n.substring(0, n.length() - 1) : n);
            }
            return Long.parseLong(n.startsWith("+") ? n.substring(1) : n);
        } catch (NumberFormatException e) {
            throw error("malformed number " + t);
        }
    }

    private String readToken() {
        StringBuilder sb = new StringBuilder();
        while (true) {
            int c = peek();
            if (c == -1 || Character.isWhitespace(c) || c == ',' || "()[]{}\";".indexOf(c) >= 0) return sb.toString();
            sb.append((char) next());
        }
    }

    private int peekAt(int k) {
        if (!fill(k + 1)) return -1;
        return buf[pos + k];
    }

    private boolean fill(int need) {
        if (len - pos >= need) return true;
        try {
            if (pos > 0) {
                System.arraycopy(buf, pos, buf, 0, len - pos);
                len -= pos;
                pos = 0;
            }
            while (len < need) {
                int n = in.read(buf, len, buf.length - len);
                if (n < 0) return false;
                len += n;
            }
            return true;
        } catch (IOException e) {
            throw new HistoryFormatException(source, line, "cannot read: " + e.getMessage());
        }
    }

    HistoryFormatException error(String problem) {
        return new HistoryFormatException(source, line, "EDN: " + problem);
    }
}
