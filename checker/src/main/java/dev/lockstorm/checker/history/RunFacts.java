package dev.lockstorm.checker.history;

import dev.lockstorm.api.Checkpoints;
import dev.lockstorm.api.LeaseModel;
import dev.lockstorm.faults.NemesisEvent;

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
        return h.runEvent().map(op -> new RunFacts((Map<?, ?>) op.value())).orElseGet(() -> new RunFacts(Map.of()));
    }

    /** The longest lease a history's nanosecond times can measure: past it a lease in nanoseconds would overflow. */
    public static final long MAX_LEASE_MS = Long.MAX_VALUE / 1_000_000L;

    /**
     * What is wrong with a run event's facts, or null: the lease and the lease model are what
     * incidents are judged by, so one that is no lease ({@code lease_ms} not a whole number from 1 ms
     * to what the history's times can hold) or no model is bad input, refused by its line.
     */
    public static String problem(Map<?, ?> facts) {
        String millis = wholeMillis(facts, "lease_ms", "a lease");
        if (millis == null) millis = wholeMillis(facts, "leader_watch_ms", "how often a leader watch asks");
        if (millis != null) return millis;
        if (facts.containsKey("client_hosts") && !(facts.get("client_hosts") instanceof java.util.Collection<?> c
                && c.stream().allMatch(x -> x instanceof String))) {
            return "\"client_hosts\" " + Op.show(facts.get("client_hosts")) + " is not a list of host names, such as [\"c1\", \"c2\"]";
        }
        if (facts.containsKey("fencing") && !(facts.get("fencing") instanceof String mode && FENCING.contains(mode))) {
            return "\"fencing\" " + Op.show(facts.get("fencing")) + " is not a fencing mode; expected one of " + FENCING;
        }
        if (facts.containsKey("checkpoints") && !(facts.get("checkpoints") instanceof Map<?, ?> points && points.entrySet().stream()
                .allMatch(e -> e.getKey() instanceof String && e.getValue() instanceof String w && Checkpoints.Place.fromWire(w).isPresent()))) {
            return "\"checkpoints\" " + Op.show(facts.get("checkpoints")) + " does not place the lock's checkpoints; expected an object"
                    + " such as {\"after-get\": \"before-grant\"}, each place one of " + java.util.Arrays.stream(Checkpoints.Place.values()).map(Checkpoints.Place::wire).toList();
        }
        if (facts.containsKey("lease_model")) {
            if (!(facts.get("lease_model") instanceof Map<?, ?> model)) {
                return "\"lease_model\" must be an object ({\"kind\": \"fixed\", …}), not " + Op.show(facts.get("lease_model"));
            }
            try {
                LeaseModel.fromData(model);
            } catch (IllegalArgumentException e) {
                return e.getMessage();
            }
        }
        return null;
    }

    /** What is wrong with {@code key}'s value when present: it must be whole milliseconds the history's nanoseconds can hold. */
    private static String wholeMillis(Map<?, ?> facts, String key, String what) {
        if (!facts.containsKey(key)) return null;
        Object v = facts.get(key);
        if ((v instanceof Long || v instanceof Integer) && ((Number) v).longValue() >= 1 && ((Number) v).longValue() <= MAX_LEASE_MS) return null;
        return "\"" + key + "\" " + Op.show(v) + " is not " + what + "; expected whole milliseconds from 1 to " + MAX_LEASE_MS;
    }

    /** The lock's lease (session timeout, TTL), when the run said. */
    public OptionalLong leaseNanos() {
        return millis("lease_ms");
    }

    /**
     * How the lock's lease lives, as the run declared it ({@code lease_model}); a history that only
     * says {@code lease_ms} (recorded before models, or by a plug-in that declares none) as
     * {@link LeaseModel.Undeclared}; empty when it says neither.
     *
     * @throws IllegalArgumentException when {@code lease_model} is not a model (the reader refuses such a history first)
     */
    public java.util.Optional<LeaseModel> leaseModel() {
        if (facts.get("lease_model") instanceof Map<?, ?> m) return java.util.Optional.of(LeaseModel.fromData(m));
        OptionalLong lease = leaseNanos();
        return lease.isPresent() && lease.getAsLong() > 0
                ? java.util.Optional.of(new LeaseModel.Undeclared(java.time.Duration.ofNanos(lease.getAsLong())))
                : java.util.Optional.empty();
    }

    /** What a run's resource may be asked to check ({@code --fencing}). */
    public static final java.util.List<String> FENCING = java.util.List.of("none", "writes", "all");

    /**
     * Whether the resource checked the tokens of reads too ({@code "fencing": "all"}): then a fenced
     * read it accepted raised its bar, and a later write or read below it is stale. Unknown (a history
     * that does not say) is taken as no.
     */
    public boolean fencedReads() {
        return "all".equals(facts.get("fencing"));
    }

    /** How often the run's leader watch asked who leads ({@code leader_watch_ms}), when the run said: a change is seen that late at most. */
    public OptionalLong leaderWatchNanos() {
        return millis("leader_watch_ms");
    }

    /**
     * Where the lock's own checkpoints lie against its grant ({@code checkpoints}, as {@code LockSystem.checkpoints} declared
     * them), empty when the run placed none.
     */
    public Map<String, Checkpoints.Place> checkpoints() {
        if (!(facts.get("checkpoints") instanceof Map<?, ?> points)) return Map.of();
        Map<String, Checkpoints.Place> out = new java.util.HashMap<>();
        points.forEach((k, v) -> Checkpoints.Place.fromWire(String.valueOf(v)).ifPresent(p -> out.put(String.valueOf(k), p)));
        return Map.copyOf(out);
    }

    /** The client hosts' names ({@code client_hosts}), empty when the run did not say. */
    public java.util.List<String> clientHosts() {
        return facts.get("client_hosts") instanceof java.util.Collection<?> c ? c.stream().map(String::valueOf).toList() : java.util.List.of();
    }

    /** The servers' host names ({@code servers}), empty when the run did not say. */
    public java.util.List<String> servers() {
        return facts.get("servers") instanceof java.util.Collection<?> c ? c.stream().map(String::valueOf).toList() : java.util.List.of();
    }

    private OptionalLong millis(String key) {
        return facts.get(key) instanceof Number n ? OptionalLong.of(n.longValue() * 1_000_000L) : OptionalLong.empty();
    }
}
