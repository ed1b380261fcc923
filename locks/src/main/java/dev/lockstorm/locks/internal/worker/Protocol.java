package dev.lockstorm.locks.internal.worker;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The driver–worker protocol, one JSON object a line over the worker's stdin and stdout (never over
 * the faulted network):
 * <pre>
 * {"cmd":"open","system":"redis-single","connect":"redis://…","lock":"/lockstorm/lock","lease_ms":4000,"options":{"k":"v"}}
 *                                       → {"type":"ready"} | {"type":"error","error":…}   (the first line, always)
 * {"cmd":"acquire","timeout_ms":5000}  → {"type":"ok","value":TOKEN} | {"type":"fail","error":…} | {"type":"info","error":…}
 * {"cmd":"acquire","timeout_ms":5000,"then_use":true}
 *                                       → {"type":"ok","value":TOKEN,"still_held":true|false} | the same fail and info
 * (an answer to an acquire may carry "notes":["…"], what the lock client noted during the call)
 * (a read-write lock's read lock: "read":true on acquire and release)
 * {"cmd":"use"}                         → {"type":"use","still_held":true|false}
 * {"cmd":"release"}                     → {"type":"ok"} | {"type":"fail",…} | {"type":"info",…}
 * {"cmd":"reset"[,"keep_old":true]}     → {"type":"ready"} | {"type":"error","error":…}
 * {"cmd":"resource","address":"10.0.0.21:7171","op":"write","token":7,"value":3,"timeout_ms":9000}
 *                                       → {"type":"ok"[,"value":READ]} | {"type":"fail","error":…} | {"type":"info","error":…}
 *                                         (the same line is what the worker sends the resource service, and its answer;
 *                                         before it, the service may say {"type":"checkpoint","point":"checked"}, and the
 *                                         worker answers {"cmd":"go-on"} once it has reached that point itself)
 * {"cmd":"close"}                       → (exits)
 * </pre>
 * A worker's first command is {@code open}; its first line, {@code ready} or {@code error}.
 */
public final class Protocol {
    private static final JsonFactory JSON = new JsonFactory();

    private Protocol() {
    }

    public static String encode(Command c) {
        return write(g -> {
            if (c instanceof Command.Open o) {
                g.writeStringField("cmd", "open");
                g.writeStringField("system", o.system());
                g.writeStringField("connect", o.connect());
                g.writeStringField("lock", o.lock());
                g.writeNumberField("lease_ms", o.leaseMs());
                g.writeObjectFieldStart("options");
                for (Map.Entry<String, String> e : new java.util.TreeMap<>(o.options()).entrySet()) g.writeStringField(e.getKey(), e.getValue());
                g.writeEndObject();
                if (o.log() != null) {
                    g.writeStringField("log", o.log());
                    g.writeNumberField("run_start_nanos", o.runStartNanos());
                }
                if (o.settings() != null) {
                    g.writeObjectFieldStart("settings");
                    for (Map.Entry<String, String> e : new java.util.TreeMap<>(o.settings()).entrySet()) g.writeStringField(e.getKey(), e.getValue());
                    g.writeEndObject();
                }
            } else if (c instanceof Command.Acquire a) {
                g.writeStringField("cmd", "acquire");
                g.writeNumberField("timeout_ms", a.timeoutMs());
                if (a.thenUse()) g.writeBooleanField("then_use", true);
                if (a.read()) g.writeBooleanField("read", true);
            } else if (c instanceof Command.Release r) {
                g.writeStringField("cmd", "release");
                if (r.read()) g.writeBooleanField("read", true);
            } else if (c instanceof Command.Reset r) {
                g.writeStringField("cmd", "reset");
                if (r.keepOld()) g.writeBooleanField("keep_old", true);
            } else if (c instanceof Command.Resource r) {
                g.writeStringField("cmd", "resource");
                g.writeStringField("address", r.address());
                g.writeStringField("op", r.op());
                if (r.token() != null) g.writeNumberField("token", r.token());
                g.writeNumberField("value", r.value());
                g.writeNumberField("timeout_ms", r.timeoutMs());
            } else {
                g.writeStringField("cmd", c instanceof Command.Use ? "use" : c instanceof Command.Drop ? "drop" : c instanceof Command.GoOn ? "go-on" : "close");
            }
        });
    }

    public static String encode(Reply r) {
        return write(g -> {
            if (r instanceof Reply.Ready) {
                g.writeStringField("type", "ready");
            } else if (r instanceof Reply.OpenFailed f) {
                g.writeStringField("type", "error");
                g.writeStringField("error", f.error());
            } else if (r instanceof Reply.Ok ok) {
                g.writeStringField("type", "ok");
                if (ok.token() != null) g.writeNumberField("value", ok.token());
                if (ok.stillHeld() != null) g.writeBooleanField("still_held", ok.stillHeld());
                strings(g, "notes", ok.notes());
                strings(g, "peers", ok.peers());
            } else if (r instanceof Reply.Fail f) {
                g.writeStringField("type", "fail");
                g.writeStringField("error", f.error());
                strings(g, "notes", f.notes());
            } else if (r instanceof Reply.Info i) {
                g.writeStringField("type", "info");
                g.writeStringField("error", i.error());
                strings(g, "notes", i.notes());
            } else if (r instanceof Reply.AtCheckpoint a) {
                g.writeStringField("type", "checkpoint");
                g.writeStringField("point", a.point());
            } else if (r instanceof Reply.InUse u) {
                g.writeStringField("type", "use");
                if (u.stillHeld() != null) g.writeBooleanField("still_held", u.stillHeld());
                strings(g, "peers", u.peers());
            }
        });
    }

    /** {@code values} as the array field {@code name}; nothing when there are none. */
    private static void strings(JsonGenerator g, String name, java.util.List<String> values) throws IOException {
        if (values.isEmpty()) return;
        g.writeArrayFieldStart(name);
        for (String n : values) g.writeString(n);
        g.writeEndArray();
    }

    /** The command on {@code line}; {@link IllegalArgumentException} for anything else. */
    public static Command command(String line) {
        Map<String, Object> f = read(line);
        return switch (String.valueOf(f.get("cmd"))) {
            case "open" -> new Command.Open(string(f, "system", line), string(f, "connect", line), string(f, "lock", line),
                    f.get("lease_ms") instanceof Long ms ? ms : missing("lease_ms", line), options(f),
                    f.get("log") == null ? null : string(f, "log", line), f.get("run_start_nanos") instanceof Long start ? start : 0,
                    f.get("settings") == null ? null : options(f, "settings"));
            case "acquire" -> new Command.Acquire(f.get("timeout_ms") instanceof Long ms ? ms : 5000L, Boolean.TRUE.equals(f.get("then_use")),
                    Boolean.TRUE.equals(f.get("read")));
            case "use" -> new Command.Use();
            case "release" -> new Command.Release(Boolean.TRUE.equals(f.get("read")));
            case "reset" -> new Command.Reset(Boolean.TRUE.equals(f.get("keep_old")));
            case "drop" -> new Command.Drop();
            case "go-on" -> new Command.GoOn();
            case "resource" -> new Command.Resource(string(f, "address", line), string(f, "op", line), f.get("token") instanceof Long t ? t : null,
                    f.get("value") instanceof Long v ? v : 0, f.get("timeout_ms") instanceof Long ms ? ms : missing("timeout_ms", line));
            case "close" -> new Command.Close();
            default -> throw new IllegalArgumentException("unknown command: " + line);
        };
    }

    private static String string(Map<String, Object> f, String name, String line) {
        return f.get(name) instanceof String s ? s : missing(name, line);
    }

    private static <T> T missing(String name, String line) {
        throw new IllegalArgumentException("no " + name + " in " + line);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> options(Map<String, Object> f) {
        return options(f, "options");
    }

    /** The object {@code name} of names and strings, empty when absent. */
    @SuppressWarnings("unchecked")
    private static Map<String, String> options(Map<String, Object> f, String name) {
        return f.get(name) instanceof Map<?, ?> m ? (Map<String, String>) m : Map.of();
    }

    /** The reply on {@code line}; {@link IllegalArgumentException} for anything else. */
    public static Reply reply(String line) {
        Map<String, Object> f = read(line);
        String error = String.valueOf(f.get("error"));
        return switch (String.valueOf(f.get("type"))) {
            case "ready" -> new Reply.Ready();
            case "error" -> new Reply.OpenFailed(error);
            case "ok" -> new Reply.Ok(f.get("value") instanceof Long v ? v : null, f.get("still_held") instanceof Boolean b ? b : null,
                    strings(f.get("notes")), strings(f.get("peers")));
            case "fail" -> new Reply.Fail(error, strings(f.get("notes")));
            case "info" -> new Reply.Info(error, strings(f.get("notes")));
            case "use" -> new Reply.InUse(f.get("still_held") instanceof Boolean b ? b : null, strings(f.get("peers")));
            case "checkpoint" -> new Reply.AtCheckpoint(string(f, "point", line));
            default -> throw new IllegalArgumentException("unknown reply: " + line);
        };
    }

    @SuppressWarnings("unchecked")
    private static java.util.List<String> strings(Object v) {
        return v instanceof java.util.List<?> l ? (java.util.List<String>) l : java.util.List.of();
    }

    /** An object's fields: strings, whole numbers, booleans, an object of strings and an array of strings (others are skipped). */
    private static Map<String, Object> read(String line) {
        Map<String, Object> f = new HashMap<>();
        try (JsonParser p = JSON.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw new IllegalArgumentException("not a JSON object: " + line);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken t = p.nextToken();
                switch (t) {
                    case VALUE_STRING -> f.put(name, p.getText());
                    case VALUE_NUMBER_INT -> f.put(name, p.getLongValue());
                    case VALUE_TRUE, VALUE_FALSE -> f.put(name, t == JsonToken.VALUE_TRUE);
                    case START_OBJECT -> {
                        Map<String, String> inner = new java.util.LinkedHashMap<>();
                        while (p.nextToken() == JsonToken.FIELD_NAME) {
                            String key = p.currentName();
                            if (p.nextToken() != JsonToken.VALUE_STRING) throw new IllegalArgumentException("not a string: " + key + " in " + line);
                            inner.put(key, p.getText());
                        }
                        f.put(name, inner);
                    }
                    case START_ARRAY -> {
                        java.util.List<String> items = new java.util.ArrayList<>();
                        while (p.nextToken() == JsonToken.VALUE_STRING) items.add(p.getText());
                        if (p.currentToken() != JsonToken.END_ARRAY) throw new IllegalArgumentException("not an array of strings: " + name + " in " + line);
                        f.put(name, items);
                    }
                    default -> p.skipChildren();
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("not a protocol line: " + line, e);
        }
        return f;
    }

    private interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    private static String write(Body body) {
        StringWriter w = new StringWriter(64);
        try (JsonGenerator g = JSON.createGenerator(w)) {
            g.writeStartObject();
            body.write(g);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }
}
