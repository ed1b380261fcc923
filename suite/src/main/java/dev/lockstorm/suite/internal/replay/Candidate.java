package dev.lockstorm.suite.internal.replay;

import dev.lockstorm.suite.internal.nemesiskinds.RecordedSchedule;
import dev.lockstorm.nemesis.replay.Step;
import dev.lockstorm.nemesis.replay.Trigger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run a shrink tries: which of the recorded schedule's steps (by their numbers, from 1), each
 * one's length, how many clients, and the time limit.
 *
 * @param steps     the recorded steps kept, in order
 * @param lengths   lengths cut down, in milliseconds, by step number (the others keep the recorded length)
 * @param clients   how many clients run
 * @param timeLimit the main phase's time limit (the steps are played to their end in any case)
 * @param shiftMs   how much earlier every kept step comes than recorded: the quiet time before the first of them, cut
 */
public record Candidate(List<Integer> steps, Map<Integer, Long> lengths, int clients, Duration timeLimit, long shiftMs) {
    public Candidate {
        steps = List.copyOf(steps);
        lengths = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(lengths));
    }

    /** The whole recorded schedule, as recorded. */
    public static Candidate all(RecordedSchedule recorded, int clients, Duration timeLimit) {
        List<Integer> steps = new ArrayList<>();
        for (int i = 1; i <= recorded.steps().size(); i++) steps.add(i);
        return new Candidate(steps, Map.of(), clients, timeLimit, 0);
    }

    public Candidate withSteps(List<Integer> kept) {
        return new Candidate(kept, lengths, clients, timeLimit, 0);
    }

    public Candidate withLength(int step, long ms) {
        Map<Integer, Long> m = new LinkedHashMap<>(lengths);
        m.put(step, ms);
        return new Candidate(steps, m, clients, timeLimit, shiftMs);
    }

    public Candidate withClients(int n) {
        return new Candidate(steps, lengths, n, timeLimit, shiftMs);
    }

    public Candidate withTimeLimit(Duration d) {
        return new Candidate(steps, lengths, clients, d, shiftMs);
    }

    /** The same, every step {@code ms} earlier than recorded. */
    public Candidate shifted(long ms) {
        return new Candidate(steps, lengths, clients, timeLimit, ms);
    }

    /** When its first step comes as recorded, from the start of the main phase, in milliseconds. */
    public long start(RecordedSchedule recorded) {
        return steps.stream().mapToLong(n -> recorded.steps().get(n - 1).trigger().atMs()).min().orElse(0);
    }

    /** Step {@code n} of the recorded schedule as this candidate has it (its length maybe cut, maybe earlier). */
    public Step step(RecordedSchedule recorded, int n) {
        Step s = recorded.steps().get(n - 1);
        Long length = lengths.get(n);
        Trigger t = s.trigger();
        Trigger at = shiftMs == 0 ? t : t.at(Math.max(0, t.atMs() - shiftMs));
        return new Step(s.fault(), s.action(), at, length == null ? s.lengthMs() : length);
    }

    /** The schedule this candidate replays. */
    public RecordedSchedule schedule(RecordedSchedule recorded) {
        return recorded.withSteps(steps.stream().map(n -> step(recorded, n)).toList());
    }

    /** When its last step is healed, from the start of the main phase, in milliseconds. */
    public long end(RecordedSchedule recorded) {
        long end = 0;
        for (int n : steps) {
            Step s = step(recorded, n);
            end = Math.max(end, s.trigger().atMs() + s.lengthMs());
        }
        return end;
    }

    /** "2 faults (steps 4, 9; step 4 held 2.5 s), 3 clients, 12 s". */
    public String describe() {
        List<String> held = new ArrayList<>();
        lengths.forEach((n, ms) -> {
            if (steps.contains(n)) held.add("step " + n + " held " + ms / 1000.0 + " s");
        });
        return steps.size() + (steps.size() == 1 ? " fault" : " faults") + " (step" + (steps.size() == 1 ? " " : "s ")
                + String.join(", ", steps.stream().map(String::valueOf).toList()) + (held.isEmpty() ? "" : "; " + String.join(", ", held))
                + (shiftMs == 0 ? "" : "; " + shiftMs / 1000.0 + " s earlier") + "), " + clients + " clients, " + timeLimit.toSeconds() + " s";
    }
}
