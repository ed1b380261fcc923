package dev.lockstorm.checker.history;

import dev.lockstorm.faults.Words;

import java.util.Map;

/**
 * One event of a history, with Jepsen's field names.
 *
 * <p>Values are plain Java data: {@code null}, {@link Boolean}, {@link Long}, {@link Double},
 * {@link String}, {@link java.util.List} and {@link Map} with string keys. EDN keywords become
 * strings without the colon.
 *
 * @param index    position in the history, from 0
 * @param time     nanoseconds since the run started, or {@link #NO_TIME} when the source has none
 * @param type     invoke, ok, fail or info
 * @param process  the client process ({@link #NAMED_BASE} and up for processes a history names, such as
 *                 {@code "c1"}), or {@link #NEMESIS} for the nemesis
 * @param f        the function: {@code acquire}, {@code release}, {@code read}, {@code write}, …
 * @param value    the operation's value
 * @param extra    any other fields of the event, preserved as read ({@code client}, {@code node},
 *                 {@code error}, {@code key}, {@code lock}, …)
 * @param line     the source line the event started on, for error messages (0 when built in memory)
 */
public record Op(int index, long time, OpType type, int process, String f, Object value,
                 Map<String, Object> extra, int line) {

    /** Process number of the nemesis, the one process that is not a client. */
    public static final int NEMESIS = -1;
    /** The first number given to a process a history names ({@code "c1"}, {@code :c1}); numbered processes stay below it. */
    public static final int NAMED_BASE = 1 << 30;
    /** Time of an event whose source recorded none. */
    public static final long NO_TIME = -1;

    public Op {
        extra = extra == null || extra.isEmpty() ? Map.of() : extra;
    }

    /** A client event without extra fields, as tests and simulators build them. */
    public static Op of(int index, long time, OpType type, int process, String f, Object value) {
        return new Op(index, time, type, process, f, value, Map.of(), 0);
    }

    public boolean isClient() {
        return process != NEMESIS;
    }

    public Op withIndex(int newIndex) {
        return new Op(newIndex, time, type, process, f, value, extra, line);
    }

    /**
     * The lock an event is about: its {@code lock} field, or "" for a history of a single lock (a
     * completion carries its invocation's, {@link HistoryBuilder}).
     */
    public Object lock() {
        if (extra.isEmpty()) return ""; // most events: the analyses ask this of every event, several times
        Object l = extra.get("lock");
        return l == null ? "" : l;
    }

    /** The value of an extra field, or null. */
    public Object extra(String key) {
        return extra.get(key);
    }

    /**
     * The client this event's process is, as the history names it: its {@code client} field, else the
     * process's own name (a Maelstrom-style history names processes "c1" and faults by those names),
     * else null.
     */
    public String client() {
        Object c = extra.get("client");
        if (c == null) c = extra.get(NAMED_PROCESS);
        return c == null ? null : String.valueOf(c);
    }

    /** The process as written in a history: a number, or its name. */
    public Object processLabel() {
        if (process == NEMESIS) return "nemesis";
        Object name = extra.get(NAMED_PROCESS);
        return name != null ? name : process;
    }

    /**
     * The process as explanations name it: "process 3", or "process c1" for a named one, and the client's
     * host when the history says it; in words by {@code toString}, a part of a {@link Prose} as it is.
     */
    public Prose.Who who() {
        Object c = extra.get("client");
        String label = String.valueOf(processLabel());
        return new Prose.Who(label, c == null || String.valueOf(c).equals(label) ? null : String.valueOf(c));
    }

    /** A value as an error message shows it: strings in quotes, so that "5" and 5 differ. */
    public static String show(Object v) {
        return Words.show(v);
    }

    /** Extra field that keeps the name of a named client process. */
    public static final String NAMED_PROCESS = "process_name";
}
