package dev.lockstorm.nemesis;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A host's clock jumped by {@code deltaMs} and back every {@code periodMs}, for as long as the fault
 * is held ({@link Reach#length()}); it blocks that long and leaves the clock reset. In
 * {@code schedule.json} a step of kind {@code clock-strobe} with its {@code target}, {@code delta_ms}
 * and {@code period_ms}.
 */
public record ClockStrobe(String host, long deltaMs, long periodMs) implements Action {
    static final String KIND = "clock-strobe";

    static ClockStrobe read(Map<?, ?> d, String where) {
        return new ClockStrobe(StepFields.text(d, "target", where), StepFields.number(d, "delta_ms", where).longValue(),
                StepFields.number(d, "period_ms", where).longValue());
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Map<String, Object> fields() {
        return Map.of("target", host, "delta_ms", deltaMs, "period_ms", periodMs);
    }

    @Override
    public List<String> names() {
        return List.of(host);
    }

    @Override
    public String describe() {
        return "strobe " + host + "'s clock by " + deltaMs / 1000.0 + " s";
    }

    @Override
    public Heal inject(Reach r) {
        r.nemesis().clockStrobe(r.clock(host), Duration.ofMillis(deltaMs), Duration.ofMillis(periodMs), r.length());
        return () -> { };
    }

    @Override
    public List<String> clocksMoved() {
        return List.of(host);
    }
}
