package dev.lockstorm.nemesis;

import dev.lockstorm.faults.FaultEffect;

import java.util.List;
import java.util.Map;

/**
 * A host's realtime clock (or, {@code monotonic}, its monotonic clock and timed waits) running at
 * {@code rate} times real speed; the heal resets it. In {@code schedule.json} a step of kind
 * {@code clock-rate} with its {@code target}, {@code rate} and, for the monotonic clock,
 * {@code "clock": "monotonic"}.
 */
public record ClockRate(String host, double rate, boolean monotonic) implements Action {
    static final String KIND = "clock-rate";

    public ClockRate(String host, double rate) {
        this(host, rate, false);
    }

    static ClockRate read(Map<?, ?> d, String where) {
        Object clock = d.get("clock") == null ? "realtime" : d.get("clock");
        if (!clock.equals("realtime") && !clock.equals(FaultEffect.MONOTONIC)) {
            throw new IllegalArgumentException(where + ": \"clock\" is \"realtime\" (the default) or \"monotonic\", not " + clock);
        }
        return new ClockRate(StepFields.text(d, "target", where), StepFields.number(d, "rate", where).doubleValue(), clock.equals(FaultEffect.MONOTONIC));
    }

    @Override
    public boolean movesMonotonicClock() {
        return monotonic;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Map<String, Object> fields() {
        return monotonic ? Map.of("target", host, "rate", rate, "clock", FaultEffect.MONOTONIC) : Map.of("target", host, "rate", rate);
    }

    @Override
    public List<String> names() {
        return List.of(host);
    }

    @Override
    public String describe() {
        return "run " + host + "'s " + (monotonic ? "monotonic " : "") + "clock at " + rate + "×";
    }

    @Override
    public Heal inject(Reach r) {
        ClockFault c = r.clock(host);
        if (monotonic) r.nemesis().monotonicClockRate(c, rate);
        else r.nemesis().clockRate(c, rate);
        return () -> r.nemesis().clockReset(c);
    }

    @Override
    public List<String> clocksMoved() {
        return List.of(host);
    }
}
