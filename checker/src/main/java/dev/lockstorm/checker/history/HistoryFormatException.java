package dev.lockstorm.checker.history;

/**
 * A history that cannot be read or is not well formed. The message names the source, the line and
 * what was expected, e.g. {@code run.jsonl:17: ok by process 3 without an invocation}.
 */
public class HistoryFormatException extends RuntimeException {
    private final String source;
    private final int line;

    public HistoryFormatException(String source, int line, String problem) {
        super(source + (line > 0 ? ":" + line : "") + ": " + problem);
        this.source = source;
        this.line = line;
    }

    public String source() {
        return source;
    }

    public int line() {
        return line;
    }
}
