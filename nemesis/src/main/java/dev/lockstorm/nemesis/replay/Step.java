package dev.lockstorm.nemesis.replay;

/**
 * One fault of a recorded schedule: its name (the fault that chose it: {@code pause-client}), what
 * it did, when it came, and how long it was held before its heal (0 for a fault of an instant, a
 * client killed).
 *
 * <pre>{@code
 * Step s = new Step("pause-client", new Action.Pause("c3"), new Trigger(8_400, "c3", "c3"), 4_800);
 * System.out.println(s.describe()); // pause-client: freeze c3 for 4.8 s, at 8.4 s, right after c3's grant
 * }</pre>
 */
public record Step(String fault, Action action, Trigger trigger, long lengthMs) {
    public Step {
        if (lengthMs < 0) throw new IllegalArgumentException("a step's length_ms is at least 0, not " + lengthMs);
    }

    public String describe() {
        return fault + ": " + action.describe() + (lengthMs > 0 ? String.format(java.util.Locale.ROOT, " for %.1f s", lengthMs / 1000.0) : "")
                + ", " + trigger.describe();
    }
}
