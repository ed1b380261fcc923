package dev.lockstorm.checker.io;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A JSON object read against a schema: every key is read by its type, a missing required key or a
 * value of the wrong type is an error naming the file and the key's path, and {@link #done} refuses
 * the keys nobody read, so that a renamed key can never be read as "absent" (and so as 0).
 *
 * <pre>{@code
 * JsonObject o = JsonObject.of(Json.readFile(file), file.toString());
 * long seed = o.whole("seed");
 * String scenario = o.optString("scenario");
 * o.done();   // refuses any key not read above
 * }</pre>
 */
public final class JsonObject {
    private final Map<String, Object> map;
    private final String where;
    private final Set<String> read = new LinkedHashSet<>();

    private JsonObject(Map<String, Object> map, String where) {
        this.map = map;
        this.where = where;
    }

    /**
     * {@code value} as an object; {@code where} names it in every error ("store/x/results.json" or
     * "results.json, run").
     *
     * @throws IllegalArgumentException when it is no object
     */
    public static JsonObject of(Object value, String where) {
        if (!(value instanceof Map<?, ?> m)) throw new IllegalArgumentException(where + ": expected a JSON object, found " + kind(value));
        Map<String, Object> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(String.valueOf(k), v));
        return new JsonObject(out, where);
    }

    /**
     * The object a JSON file holds, its errors naming the file.
     *
     * @throws java.io.IOException      when it cannot be read or is no JSON ("FILE: not JSON: …")
     * @throws IllegalArgumentException when it holds something other than an object
     */
    public static JsonObject read(java.nio.file.Path file) throws java.io.IOException {
        Object value;
        try {
            value = Json.readFile(file);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new java.io.IOException(file + ": not JSON: " + e.getOriginalMessage(), e);
        }
        return of(value, file.toString());
    }

    /** Where this object is, as errors name it. */
    public String where() {
        return where;
    }

    public boolean has(String key) {
        return map.containsKey(key);
    }

    /** A required string. */
    public String string(String key) {
        return typed(key, String.class, "a string", true);
    }

    /** A string, or null when the key is absent (a null value is refused: absence is the way to say "none"). */
    public String optString(String key) {
        return typed(key, String.class, "a string", false);
    }

    /** A required whole number. */
    public long whole(String key) {
        return typed(key, Long.class, "a whole number", true);
    }

    /** A whole number, or null when the key is absent. */
    public Long optWhole(String key) {
        return typed(key, Long.class, "a whole number", false);
    }

    /** A required count: a whole number from 0 to {@link Integer#MAX_VALUE}. */
    public int count(String key) {
        long n = whole(key);
        if (n < 0 || n > Integer.MAX_VALUE) throw bad(key, "a count (0 or more)", n);
        return (int) n;
    }

    /** A required true or false. */
    public boolean bool(String key) {
        return typed(key, Boolean.class, "true or false", true);
    }

    /** A true or false, false when the key is absent. */
    public boolean optBool(String key) {
        Boolean b = typed(key, Boolean.class, "true or false", false);
        return b != null && b;
    }

    /** A required object. */
    public JsonObject object(String key) {
        return JsonObject.of(typed(key, Map.class, "an object", true), where + ", " + key);
    }

    /** An object, or null when the key is absent. */
    public JsonObject optObject(String key) {
        Map<?, ?> m = typed(key, Map.class, "an object", false);
        return m == null ? null : JsonObject.of(m, where + ", " + key);
    }

    /** A required list of strings. */
    public List<String> strings(String key) {
        List<?> l = typed(key, List.class, "a list of strings", true);
        List<String> out = new ArrayList<>();
        for (Object o : l) {
            if (!(o instanceof String s)) throw bad(key, "a list of strings", l);
            out.add(s);
        }
        return out;
    }

    /** A list of strings, or null when the key is absent. */
    public List<String> optStrings(String key) {
        return has(key) ? strings(key) : null;
    }

    /** A required object whose values are counts, in the file's order. */
    public Map<String, Integer> counts(String key) {
        JsonObject o = object(key);
        Map<String, Integer> out = new LinkedHashMap<>();
        for (String k : o.map.keySet()) out.put(k, o.count(k));
        return out;
    }

    /** A required object whose values are strings, in the file's order. */
    public Map<String, String> stringMap(String key) {
        JsonObject o = object(key);
        Map<String, String> out = new LinkedHashMap<>();
        for (String k : o.map.keySet()) out.put(k, o.string(k));
        return out;
    }

    /** A value of any type, read as it is (for a part whose shape this reader does not fix); required. */
    public Object any(String key) {
        if (!map.containsKey(key)) throw missing(key);
        read.add(key);
        return map.get(key);
    }

    /** Every key with its value as it is (for a part shown as it stands, such as a run's facts); all count as read. */
    public Map<String, Object> asMap() {
        read.addAll(map.keySet());
        return java.util.Collections.unmodifiableMap(map);
    }

    /**
     * Refuses every key that was not read: a key this reader does not know means the file was written
     * by another version, or edited, and is not understood.
     */
    public void done() {
        List<String> unknown = new ArrayList<>();
        for (String k : map.keySet()) if (!read.contains(k)) unknown.add(k);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException(where + ": unknown key" + (unknown.size() == 1 ? " " : "s ") + String.join(", ", unknown)
                    + "; expected only " + String.join(", ", read));
        }
    }

    @SuppressWarnings("unchecked")
    private <T> T typed(String key, Class<?> type, String expected, boolean required) {
        if (!map.containsKey(key)) {
            if (required) throw missing(key);
            read.add(key);
            return null;
        }
        read.add(key);
        Object v = map.get(key);
        if (!type.isInstance(v)) throw bad(key, expected, v);
        return (T) v;
    }

    private IllegalArgumentException missing(String key) {
        return new IllegalArgumentException(where + ": key \"" + key + "\" is missing");
    }

    private IllegalArgumentException bad(String key, String expected, Object found) {
        return new IllegalArgumentException(where + ": key \"" + key + "\": expected " + expected + ", found " + kind(found));
    }

    private static String kind(Object v) {
        if (v == null) return "null";
        if (v instanceof String s) return "\"" + (s.length() > 40 ? s.substring(0, 40) + "…" : s) + "\"";
        if (v instanceof Map<?, ?>) return "an object";
        if (v instanceof List<?>) return "a list";
        return String.valueOf(v);
    }
}
