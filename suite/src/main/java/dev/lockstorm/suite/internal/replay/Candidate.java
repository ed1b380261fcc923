package dev.lockstorm.suite.internal.replay;

import dev.lockstorm.nemesis.replay.RecordedSchedule;
import dev.lockstorm.nemesis.replay.Step;

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
 */
public record Candidate(List<Integer> steps, Map<Integer, Long> lengths, int clients, Duration timeLimit) {
    public Candidate {
        steps = List.copyOf(steps);
        lengths = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(lengths));
    }

    /** The whole recorded schedule, as recorded. */
    public static Candidate all(RecordedSchedule recorded, int clients, Duration timeLimit) {
        List<Integer> steps = new ArrayList<>();
        for (int i = 1; i <= recorded.steps().size(); i++) steps.add(i);
        return new Candidate(steps, Map.of(), clients, timeLimit);
    }

    public Candidate withSteps(List<Integer> kept) {
        return new Candidate(kept, lengths, clients, timeLimit);
    }

    public Candidate withLength(int step, long ms) {
        Map<Integer, Long> m = new LinkedHashMap<>(lengths);
        m.put(step, ms);
        return new Candidate(steps, m, clients, timeLimit);
    }

    public Candidate withClients(int n) {
        return new Candidate(steps, lengths, n, timeLimit);
    }

    public Candidate withTimeLimit(Duration d) {
        return new Candidate(steps, lengths, clients, d);
    }

    /** Step {@code n} of the recorded schedule as this candidate has it (its length maybe cut). */
    public Step step(RecordedSchedule recorded, int n) {
        Step s = recorded.steps().get(n - 1);
        Long length = lengths.get(n);
        return length == null ? s : new Step(s.fault(), s.action(), s.trigger(), length);
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

    /** "2 faults (steps 4, 9), 3 clients, 12 s". */
    public String describe() {
        return steps.size() + (steps.size() == 1 ? " fault" : " faults") + " (step" + (steps.size() == 1 ? " " : "s ")
                + String.join(", ", steps.stream().map(String::valueOf).toList()) + "), " + clients + " clients, " + timeLimit.toSeconds() + " s";
    }
}
