package dev.lockstorm.nemesis;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The realtime clocks of {@code hosts} jumped by {@code deltaMs} (negative: back) in one action
 * (the clock nemesis moves the holder's and every waiter's at once); the heal resets them. In
 * {@code schedule.json} a step of kind {@code clock-jump} with its {@code target} (or
 * {@code targets}) and {@code delta_ms}.
 */
public record ClockJump(List<String> hosts, long deltaMs) implements Action {
    static final String KIND = "clock-jump";

    public ClockJump {
        hosts = List.copyOf(hosts);
        if (hosts.isEmpty()) throw new IllegalArgumentException("a clock jump moves at least one host's clock");
    }

    /** One host's clock. */
    public ClockJump(String host, long deltaMs) {
        this(List.of(host), deltaMs);
    }

    static ClockJump read(Map<?, ?> d, String where) {
        List<String> hosts = d.get("targets") != null ? StepFields.strings(d.get("targets")) : List.of(StepFields.text(d, "target", where));
        if (hosts.isEmpty()) throw new IllegalArgumentException(where + ": \"targets\" must list the hosts whose clocks move together, e.g. [\"c1\", \"c2\"]");
        return new ClockJump(hosts, StepFields.number(d, "delta_ms", where).longValue());
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Map<String, Object> fields() {
        return hosts.size() == 1 ? Map.of("target", hosts.get(0), "delta_ms", deltaMs) : Map.of("targets", hosts, "delta_ms", deltaMs);
    }

    @Override
    public List<String> names() {
        return hosts;
    }

    @Override
    public String describe() {
        return "move " + String.join(", ", hosts) + (hosts.size() == 1 ? "'s clock " : "'s clocks together ") + (deltaMs < 0 ? "back " : "ahead ")
                + Math.abs(deltaMs) / 1000.0 + " s";
    }

    /** Every clock of the one action, together. */
    @Override
    public Heal inject(Reach r) {
        List<ClockFault> moved = hosts.stream().map(r::clock).toList();
        moved.forEach(c -> r.nemesis().clockJump(c, Duration.ofMillis(deltaMs)));
        return () -> moved.forEach(r.nemesis()::clockReset);
    }

    @Override
    public List<String> clocksMoved() {
        return hosts;
    }
}
