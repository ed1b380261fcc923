package dev.lockstorm.checker.io;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.lockstorm.checker.history.HistoryBuilder;
import dev.lockstorm.checker.history.HistoryFormatException;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;

import java.io.BufferedReader;
import java.io.CharConversionException;
import java.io.InputStream;
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
            addEvent(p, source, line, names);
            if (p.nextToken() != null) throw bad(source, line, "text after the JSON object");
        } catch (JsonProcessingException e) {
            throw bad(source, line, problem(e, String.valueOf(e.getOriginalMessage())));
        } catch (IOException e) {
            throw bad(source, line, e.getMessage() + "; expected one JSON object per line");
        }
    }

    /**
     * Reads a whole file's events with one parser over its bytes: the fast path for files (a parser per
     * line, over decoded text, reads ~12 MB/s; this one several times that). The rules are those of
     * {@link #read}: one object a line, nothing after it on the line, blank lines allowed.
     *
     * @throws CharConversionException when the bytes are not UTF-8 (the caller finds the line)
     */
    static void read(InputStream in, String source, HistoryBuilder out) throws IOException {
        try (JsonParser p = Json.FACTORY.createParser(in)) {
            int lastLine = 0;
            JsonToken t;
            while (true) {
                try {
                    t = p.nextToken();
                } catch (JsonProcessingException e) {
                    throw malformed(e, source, e.getLocation() == null ? 0 : e.getLocation().getLineNr());
                }
                if (t == null) return;
                int line = tokenLine(p);
                if (t != JsonToken.START_OBJECT) throw bad(source, line, line == lastLine ? "text after the JSON object" : "expected a JSON object");
                if (line == lastLine) throw bad(source, line, "text after the JSON object");
                try {
                    addEvent(p, source, line, out);
                } catch (JsonProcessingException e) {
                    throw malformed(e, source, line); // named by the line the event began on
                }
                if (tokenLine(p) != line) {
                    throw bad(source, line, "the event goes on past its line; expected one JSON object per line");
                }
                lastLine = line;
            }
        }
    }

    /**
     * The line the parser's current token (an object's start or end) began on: read from the parser
     * itself where it can say, which spares a location object per event of a million.
     */
    private static int tokenLine(JsonParser p) {
        return p instanceof com.fasterxml.jackson.core.base.ParserBase b ? b.getTokenLineNr() : p.currentTokenLocation().getLineNr();
    }

    private static RuntimeException malformed(JsonProcessingException e, String source, int line) throws CharConversionException {
        String said = String.valueOf(e.getOriginalMessage());
        if (said.contains("Invalid UTF-8")) throw new CharConversionException(said);
        int where = said.indexOf(" (start marker at");
        return bad(source, line, problem(e, where < 0 ? said : said.substring(0, where)));
    }

    /**
     * What was wrong with a line Jackson refused, in true words: well-formed JSON with a number beyond
     * 64 bits, or a value past a reading limit, is not "malformed".
     */
    private static String problem(JsonProcessingException e, String said) {
        if (e instanceof com.fasterxml.jackson.core.exc.InputCoercionException) {
            return "a number beyond a 64-bit integer (" + said + "); expected integers from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE;
        }
        if (e instanceof com.fasterxml.jackson.core.exc.StreamConstraintsException) {
            return "a value longer than lockstorm reads (" + said + "); expected one JSON object per line of ordinary size";
        }
        return "malformed JSON (" + said + "); expected one JSON object per line";
    }

    /** Reads the fields of the object the parser is at (its START_OBJECT) and adds the event; leaves the parser at its END_OBJECT. */
    private static void addEvent(JsonParser p, String source, int line, HistoryBuilder names) throws IOException {
        try {
            long time = Op.NO_TIME;
            OpType type = null;
            String typeText = null;
            Object process = null;
            String f = null;
            Object value = null;
            Map<String, Object> extra = null;
            Object index = null;
            boolean sawIndex = false;
            boolean sawTime = false;
            boolean sawValue = false;
            boolean sawProcess = false;
            boolean sawF = false;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String k = p.currentName();
                JsonToken t = p.nextToken();
                // what every event keeps, read without a box, and its function without a copy per event
                boolean longTime = t == JsonToken.VALUE_NUMBER_INT && k.equals("time") && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER;
                Object v = longTime ? null : t == JsonToken.VALUE_STRING && k.equals("f") ? names.canonical(p.getText()) : Json.readValue(p);
                boolean again = switch (k) {
                    case "index" -> sawIndex | !(sawIndex = true);
                    case "time" -> sawTime | !(sawTime = true);
                    case "type" -> typeText != null;
                    case "process" -> sawProcess | !(sawProcess = true);
                    case "f" -> sawF | !(sawF = true);
                    case "value" -> sawValue | !(sawValue = true);
                    default -> extra != null && extra.containsKey(k);
                };
                if (again) throw bad(source, line, "key \"" + k + "\" appears twice in one event; expected each key once");
                switch (k) {
                    case "index" -> index = v; // the position in the file is the index; a declared one must agree with the order
                    case "time" -> {
                        if (longTime) time = p.getLongValue();
                        else if (v instanceof Long l) time = l;
                        else throw bad(source, line, "\"time\" " + v + " is not an integer (nanoseconds)");
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
            if (typeText == null) throw bad(source, line, "no \"type\"; expected invoke, ok, fail or info");
            if (type == null) throw bad(source, line, "unknown type \"" + typeText + "\"; expected invoke, ok, fail or info");
            if (process == null) throw bad(source, line, "no \"process\"; expected a number or \"nemesis\"");
            if (f == null) throw bad(source, line, "no \"f\" string (the operation's function)");
            if (extra == null) extra = new LinkedHashMap<>();
            int proc = JepsenOps.process(process, extra, source, line, names);
            names.add(new Op(names.nextIndex(), time, type, proc, f, value, extra, line), index);
        } catch (IOException e) {
            if (e instanceof JsonProcessingException || e instanceof CharConversionException) throw e;
            throw bad(source, line, e.getMessage() + "; expected one JSON object per line");
        }
    }

    private static HistoryFormatException bad(String source, int line, String problem) {
        return new HistoryFormatException(source, line, problem);
    }
}
