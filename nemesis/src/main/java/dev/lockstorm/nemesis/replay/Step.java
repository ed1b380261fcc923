package dev.lockstorm.nemesis.replay;

import dev.lockstorm.nemesis.Action;
import dev.lockstorm.nemesis.Pause;

/**
 * One fault of a recorded schedule: its name (the fault that chose it: {@code pause-client}), what
 * it did, when it came, and how long it was held before its heal (0 for a fault of an instant, a
 * client killed).
 *
 * <pre>{@code
 * Step s = new Step("pause-client", new Pause("c3"), new Trigger(8_400, "c3", "c3"), 4_800);
 * System.out.println(s.describe()); // pause-client: freeze c3 for 4.8 s, at 8.4 s, right after c3's grant
 * }</pre>
 */
public record Step(String fault, Action action, Trigger trigger, long lengthMs) {
    public Step {
        if (lengthMs < 0) throw new IllegalArgumentException("a step's length_ms is at least 0, not " + lengthMs);
    }

    /**
     * The checkpoint of a client's code this step came at ({@code pause-at:after-get} → {@code after-get}),
     * or empty. Such a fault was made by the client itself, at the instant it reached the point: a
     * replay arms the point at the step's time and the fault hits whichever client reaches it next.
     */
    public java.util.Optional<String> checkpoint() {
        return new dev.lockstorm.faults.FaultName(fault, dev.lockstorm.faults.FaultName.NO_STEP).checkpoint();
    }

    public String describe() {
        String when = checkpoint().map(p -> String.format(java.util.Locale.ROOT, "the next client to reach %s from %.1f s on", p, trigger.atMs() / 1000.0)
                + (action.names().isEmpty() ? "" : " (" + action.names().get(0) + " then)")).orElse(trigger.describe());
        return fault + ": " + action.describe() + (lengthMs > 0 ? String.format(java.util.Locale.ROOT, " for %.1f s", lengthMs / 1000.0) : "") + ", " + when;
    }
}
