package dev.lockstorm.checker.io;

import dev.lockstorm.checker.history.HistoryBuilder;
import dev.lockstorm.checker.history.HistoryFormatException;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;

import java.util.LinkedHashMap;
import java.util.Map;

/** Turns a Jepsen op map ({@code {:process 3 :type :ok :f :read :value 1 …}}) into an {@link Op}. */
final class JepsenOps {
    private JepsenOps() {
    }

    static Op fromMap(Map<String, Object> m, String source, int line, HistoryBuilder names) {
        Object type = m.get("type");
        OpType t = type instanceof String s ? OpType.fromWire(s) : null;
        if (t == null) throw new HistoryFormatException(source, line, "type " + type + "; expected :invoke, :ok, :fail or :info");
        if (!m.containsKey("process")) throw new HistoryFormatException(source, line, "op has no :process");
        Object f = m.get("f");
        if (f == null) throw new HistoryFormatException(source, line, "op has no :f");
        Map<String, Object> extra = new LinkedHashMap<>();
        int process = process(m.get("process"), extra, source, line, names);
        long time = Op.NO_TIME;
        Object tm = m.get("time");
        if (tm instanceof Long l) time = l;
        else if (tm != null) throw new HistoryFormatException(source, line, ":time " + tm + " is not an integer (nanoseconds)");
        for (Map.Entry<String, Object> e : m.entrySet()) {
            switch (e.getKey()) {
                case "type", "process", "f", "value", "time", "index" -> { }
                default -> extra.put(e.getKey(), e.getValue());
            }
        }
        return new Op(0, time, t, process, names.canonical(String.valueOf(f)), m.get("value"), extra, line);
    }

    /**
     * The number of a process: its own when it is one, {@link Op#NEMESIS} for the nemesis, and for any
     * other name ({@code "c1"}, {@code :c1}: a client, as Maelstrom and some Jepsen tests write them)
     * the number {@code names} gives it, with the name kept for output.
     */
    static int process(Object p, Map<String, Object> extra, String source, int line, HistoryBuilder names) {
        if (p instanceof Long l && l >= 0 && l < Op.NAMED_BASE) return (int) (long) l;
        if (p instanceof String s && !s.isBlank()) {
            if (s.equals("nemesis")) return Op.NEMESIS;
            extra.put(Op.NAMED_PROCESS, s);
            return names.processNumber(s);
        }
        throw new HistoryFormatException(source, line, "process " + Op.show(p) + "; expected a whole number from 0 to "
                + (Op.NAMED_BASE - 1) + ", a name such as \"c1\" or :c1, or \"nemesis\"");
    }
}
