package dev.lockstorm.checker.io;

import java.util.Locale;

/** The history formats lockstorm reads. */
public enum HistoryFormat {
    /** lockstorm's own: one JSON object an event (docs/architecture.md). */
    JSONL,
    /** Jepsen EDN: a vector or list of op maps, or one op map a line. */
    EDN,
    /** Jepsen log lines: {@code INFO  jepsen.util - <process>\t:<type>\t:<f>\t<value>}. */
    JEPSEN_LOG,
    /** Decide by the file's name, then by its first characters. */
    AUTO;

    /** Parses a CLI name: jsonl, edn, jepsen-log or auto. */
    public static HistoryFormat fromName(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "jsonl", "json" -> JSONL;
            case "edn" -> EDN;
            case "jepsen-log", "log" -> JEPSEN_LOG;
            case "auto" -> AUTO;
            default -> throw new IllegalArgumentException("unknown format '" + name + "'; expected jsonl, edn, jepsen-log or auto");
        };
    }

    /** Guesses the format from a file name and its first non-blank characters. */
    static HistoryFormat detect(String fileName, String head) {
        String n = fileName.toLowerCase(Locale.ROOT);
        if (n.endsWith(".jsonl") || n.endsWith(".json") || n.endsWith(".ndjson")) return JSONL;
        if (n.endsWith(".edn")) return EDN;
        String h = head.stripLeading();
        if (h.startsWith("{\"") || h.startsWith("{ \"")) return JSONL;
        if (h.contains("jepsen.util -")) return JEPSEN_LOG;
        if (h.startsWith("{") || h.startsWith("[") || h.startsWith("(") || h.startsWith(";")) return EDN;
        if (n.endsWith(".log")) return JEPSEN_LOG;
        return null;
    }
}
