package dev.lockstorm.nemesis;

import dev.lockstorm.faults.Words;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@code schedule.json} step's fields read strictly: each reader names the step ({@code where}),
 * the field, and what it expected, so that a person's edit that breaks a schedule is told where.
 */
public final class StepFields {
    private StepFields() {
    }

    /** A step's {@code key} as each host with a list of hosts; bad input names the step, the field and {@code what} it maps each host to. */
    public static Map<String, List<String>> hostLists(Map<?, ?> d, String key, String what, String where) {
        if (!(d.get(key) instanceof Map<?, ?> m) || m.isEmpty()) {
            throw new IllegalArgumentException(where + ": \"" + key + "\" must map each host to " + what);
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        m.forEach((k, v) -> {
            if (!(v instanceof List<?> l)) throw new IllegalArgumentException(where + ": \"" + key + "\" of " + k + " must be a list of hosts");
            out.put(String.valueOf(k), l.stream().map(String::valueOf).toList());
        });
        return out;
    }

    /** A step's {@code key} as a name; bad input names the step and the field. */
    public static String text(Map<?, ?> d, String key, String where) {
        if (!(d.get(key) instanceof String s) || s.isBlank()) throw new IllegalArgumentException(where + ": expected \"" + key + "\" as a name, not " + Words.show(d.get(key)));
        return s;
    }

    /** A step's {@code key} as a number; bad input names the step and the field. */
    public static Number number(Map<?, ?> d, String key, String where) {
        if (!(d.get(key) instanceof Number n)) throw new IllegalArgumentException(where + ": expected \"" + key + "\" as a number, not " + Words.show(d.get(key)));
        return n;
    }

    /** A list's items as names; anything else as none. */
    public static List<String> strings(Object v) {
        return v instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
    }
}
