package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.Op;

import java.util.Map;

/** Reading the fields of lock and resource events (docs/architecture.md, "History format"). */
final class Resource {
    private Resource() {
    }

    /** The {@code token} of a read or write invocation, or null. */
    static Long token(Op invoke) {
        return invoke.value() instanceof Map<?, ?> m && m.get("token") instanceof Number n ? n.longValue() : null;
    }

    /** The token of an ok acquire, or null. */
    static Long acquireToken(Op ok) {
        return ok.value() instanceof Number n ? n.longValue() : null;
    }

    /** The value a write invocation writes ({@code {"token": t, "value": v}}), or null. */
    static Long writeValue(Op invoke) {
        return invoke.value() instanceof Map<?, ?> m && m.get("value") instanceof Number n ? n.longValue() : null;
    }

    /** The counter value that a read returned ({@code {"value": v}} or a bare number), or null. */
    static Long readValue(Op ok) {
        Object v = ok.value() instanceof Map<?, ?> m ? m.get("value") : ok.value();
        return v instanceof Number n ? n.longValue() : null;
    }

}
