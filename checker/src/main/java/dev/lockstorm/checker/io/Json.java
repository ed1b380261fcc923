package dev.lockstorm.checker.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Plain-data JSON: values are null, Boolean, Long, Double, String, List and Map with string keys. */
public final class Json {
    public static final JsonFactory FACTORY = JsonFactory.builder().build();

    private Json() {
    }

    /** How deep values may nest; deeper is bad input (histories' values are flat or nearly so). */
    public static final int MAX_DEPTH = 200;

    /** Reads the value at the parser's current token. */
    public static Object readValue(JsonParser p) throws IOException {
        return readValue(p, 0);
    }

    private static Object readValue(JsonParser p, int depth) throws IOException {
        JsonToken t = p.currentToken();
        if (depth > MAX_DEPTH && (t == JsonToken.START_ARRAY || t == JsonToken.START_OBJECT)) {
            throw new IOException("values nested deeper than " + MAX_DEPTH + " levels");
        }
        switch (t) {
            case VALUE_NULL:
                return null;
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NUMBER_INT:
                return p.getLongValue();
            case VALUE_NUMBER_FLOAT:
                return p.getDoubleValue();
            case VALUE_STRING:
                return p.getText();
            case START_ARRAY: {
                List<Object> out = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) out.add(readValue(p, depth + 1));
                return out;
            }
            case START_OBJECT: {
                Map<String, Object> out = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String k = p.currentName();
                    p.nextToken();
                    if (out.containsKey(k)) throw new IOException("key \"" + k + "\" appears twice in one object; expected each key once");
                    out.put(k, readValue(p, depth + 1));
                }
                return out;
            }
            default:
                throw new IOException("unexpected JSON token " + t);
        }
    }

    /** Writes a plain-data value. */
    public static void writeValue(JsonGenerator g, Object v) throws IOException {
        if (v == null) g.writeNull();
        else if (v instanceof String s) g.writeString(s);
        else if (v instanceof Boolean b) g.writeBoolean(b);
        else if (v instanceof Long || v instanceof Integer || v instanceof Short) g.writeNumber(((Number) v).longValue());
        else if (v instanceof Number n) g.writeNumber(n.doubleValue());
        else if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                g.writeFieldName(String.valueOf(e.getKey()));
                writeValue(g, e.getValue());
            }
            g.writeEndObject();
        } else if (v instanceof Collection<?> c) {
            g.writeStartArray();
            for (Object o : c) writeValue(g, o);
            g.writeEndArray();
        } else if (v instanceof Object[] a) {
            writeValue(g, List.of(a));
        } else g.writeString(String.valueOf(v));
    }

    /**
     * Writes a plain-data value to {@code file} as indented JSON a person can read and edit, through a
     * file beside it moved into place at once, so that a reader never sees half of it.
     */
    public static void writeFile(java.nio.file.Path file, Object v) throws IOException {
        java.nio.file.Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (java.io.Writer w = java.nio.file.Files.newBufferedWriter(tmp, java.nio.charset.StandardCharsets.UTF_8);
             JsonGenerator g = FACTORY.createGenerator(w)) {
            g.useDefaultPrettyPrinter();
            writeValue(g, v);
        }
        java.nio.file.Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** The plain-data value a JSON file holds (maps, lists, strings, numbers, booleans, nulls). */
    public static Object readFile(java.nio.file.Path file) throws IOException {
        try (JsonParser p = FACTORY.createParser(file.toFile())) {
            p.nextToken();
            return readValue(p);
        }
    }

    /** A plain-data value as compact JSON text. */
    public static String toJson(Object v) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(w)) {
            writeValue(g, v);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return w.toString();
    }
}
