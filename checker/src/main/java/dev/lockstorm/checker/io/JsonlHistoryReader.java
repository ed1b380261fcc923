package dev.lockstorm.checker.io;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.lockstorm.checker.history.HistoryBuilder;
import dev.lockstorm.checker.history.HistoryFormatException;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reads lockstorm's JSONL history format (docs/architecture.md), one event a line; blank lines are allowed. */
final class JsonlHistoryReader {
    private JsonlHistoryReader() {
    }

    static void read(BufferedReader in, String source, HistoryBuilder out) throws IOException {
        String text;
        int line = 0;
        while ((text = in.readLine()) != null) {
            line++;
            if (text.isBlank()) continue;
            addLine(text, source, line, out);
        }
    }

    /** Parses one line's event and adds it, with the index the line declares. */
    static void addLine(String text, String source, int line, HistoryBuilder names) {
        try (JsonParser p = Json.FACTORY.createParser(text)) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw bad(source, line, "expected a JSON object");
            long time = Op.NO_TIME;
            OpType type = null;
            String typeText = null;
            Object process = null;
            String f = null;
            Object value = null;
            Map<String, Object> extra = null;
            Object index = null;
            java.util.Set<String> seen = new java.util.HashSet<>(8);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String k = p.currentName();
                if (!seen.add(k)) throw bad(source, line, "key \"" + k + "\" appears twice in one event; expected each key once");
                p.nextToken();
                Object v = Json.readValue(p);
                switch (k) {
                    case "index" -> index = v; // the position in the file is the index; a declared one must agree with the order
                    case "time" -> {
                        if (!(v instanceof Long l)) throw bad(source, line, "\"time\" " + v + " is not an integer (nanoseconds)");
                        time = l;
                    }
                    case "type" -> {
                        typeText = String.valueOf(v);
                        type = v instanceof String s ? OpType.fromWire(s) : null;
                    }
                    case "process" -> process = v;
                    case "f" -> f = v instanceof String s ? s : null;
                    case "value" -> value = v;
                    default -> {
                        if (extra == null) extra = new LinkedHashMap<>();
                        extra.put(k, v);
                    }
                }
            }
            if (p.nextToken() != null) throw bad(source, line, "text after the JSON object");
            if (typeText == null) throw bad(source, line, "no \"type\"; expected invoke, ok, fail or info");
            if (type == null) throw bad(source, line, "unknown type \"" + typeText + "\"; expected invoke, ok, fail or info");
            if (process == null) throw bad(source, line, "no \"process\"; expected a number or \"nemesis\"");
            if (f == null) throw bad(source, line, "no \"f\" string (the operation's function)");
            if (extra == null) extra = new LinkedHashMap<>();
            int proc = JepsenOps.process(process, extra, source, line, names);
            names.add(new Op(0, time, type, proc, f, value, extra, line), index);
        } catch (JsonProcessingException e) {
            throw bad(source, line, "malformed JSON (" + e.getOriginalMessage() + "); expected one JSON object per line");
        } catch (IOException e) {
            throw bad(source, line, e.getMessage() + "; expected one JSON object per line");
        }
    }

    private static HistoryFormatException bad(String source, int line, String problem) {
        return new HistoryFormatException(source, line, problem);
    }
}
