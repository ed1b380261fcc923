package dev.lockstorm.checker.history;

import java.util.Map;
import java.util.OptionalLong;

/**
 * What a history says of the run that recorded it, from its {@link NemesisEvent#RUN} event: the
 * lease holds and faults are measured against. A history lockstorm did not record has none, and
 * what needs the lease is then not judged.
 *
 * <pre>{@code
 * RunFacts.of(history).leaseNanos().ifPresent(lease -> ...);
 * }</pre>
 *
 * @param facts the run event's value, empty when the history has none
 */
public record RunFacts(Map<?, ?> facts) {

    public static RunFacts of(History h) {
        for (Op op : h.ops()) {
            if (!op.isClient() && NemesisEvent.RUN.f().equals(op.f()) && op.value() instanceof Map<?, ?> m) return new RunFacts(m);
        }
        return new RunFacts(Map.of());
    }

    /** The lock's lease (session timeout, TTL), when the run said. */
    public OptionalLong leaseNanos() {
        return millis("lease_ms");
    }

    private OptionalLong millis(String key) {
        return facts.get(key) instanceof Number n ? OptionalLong.of(n.longValue() * 1_000_000L) : OptionalLong.empty();
    }
}
