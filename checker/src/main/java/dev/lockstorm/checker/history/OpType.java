package dev.lockstorm.checker.history;

/** The kind of a history event, with Jepsen's meaning. */
public enum OpType {
    /** A process started an operation. */
    INVOKE,
    /** The operation took effect. */
    OK,
    /** The operation certainly did not take effect. */
    FAIL,
    /** Unknown: the operation took effect at some instant after its invocation, or never. */
    INFO;

    /** The name used in JSONL and EDN: {@code invoke}, {@code ok}, {@code fail}, {@code info}. */
    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Parses a wire name; returns null for anything else so the caller can name the bad line. */
    public static OpType fromWire(String s) {
        if (s == null) return null;
        return switch (s) {
            case "invoke" -> INVOKE;
            case "ok" -> OK;
            case "fail" -> FAIL;
            case "info" -> INFO;
            default -> null;
        };
    }
}
