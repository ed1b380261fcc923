package dev.lockstorm.suite.internal.replay;

import dev.lockstorm.suite.internal.nemesiskinds.RecordedSchedule;
import dev.lockstorm.faults.FaultName;
import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.lock.FaultSpan;
import dev.lockstorm.checker.lock.Incident;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * What a run found, by kind, each kind of double holder (a lease limit, a lock defect) tied to the
 * steps of the schedule whose faults caused it (the fault its cause names; for a lock defect, the
 * faults in force) — what a replay must show again to count as the same finding, since the same
 * kind of violation caused by another fault is not.
 *
 * <pre>{@code
 * Finding original = Finding.ofRecorded(history, check);
 * Finding again = Finding.ofReplay(replayCheck);
 * if (again.reproduces(original)) ...
 * }</pre>
 *
 * @param steps each kind found ({@code lease-limit}, {@code lock-defect}, {@code lost-update},
 *              {@code stale-write-accepted}, {@code token-violation}, {@code invalid}), with the
 *              steps tied to it (empty when no fault of the schedule was in force)
 */
public record Finding(Map<String, Set<Integer>> steps) {
    public Finding {
        steps = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(steps));
    }

    /** A recorded run's finding, its faults counted as the steps of the schedule its history gives. */
    public static Finding ofRecorded(History h, CheckResult c) {
        Map<Integer, Integer> byEvent = RecordedSchedule.stepsByEvent(h);
        return of(c, f -> byEvent.getOrDefault(f.start().index(), -1));
    }

    /** A replay's finding, its faults counted by the step each names ({@code pause-client#2}). */
    public static Finding ofReplay(CheckResult c) {
        return of(c, Finding::namedStep);
    }

    /**
     * A replay of some of a schedule's steps: its step k is the recorded run's step
     * {@code recordedSteps.get(k - 1)}, so that its finding is told in the recorded run's steps.
     */
    public static Finding ofReplay(CheckResult c, List<Integer> recordedSteps) {
        return of(c, f -> {
            int k = namedStep(f);
            return k >= 1 && k <= recordedSteps.size() ? recordedSteps.get(k - 1) : -1;
        });
    }

    private static int namedStep(FaultSpan f) {
        return f.name().map(FaultName::step).orElse(FaultName.NO_STEP);
    }

    static Finding of(CheckResult c, Function<FaultSpan, Integer> stepOf) {
        Map<String, Set<Integer>> m = new LinkedHashMap<>();
        if (c.incidents() != null) {
            for (Incident i : c.incidents()) {
                Set<Integer> s = m.computeIfAbsent(i.cause().key(), k -> new TreeSet<>());
                for (FaultSpan f : causes(i)) {
                    int step = stepOf.apply(f);
                    if (step > 0) s.add(step);
                }
            }
        }
        if (c.lostUpdatesProven()) m.putIfAbsent("lost-update", new TreeSet<>());
        if (c.staleWritesAccepted() > 0) m.putIfAbsent("stale-write-accepted", new TreeSet<>());
        if (c.tokenViolations() > 0) m.putIfAbsent("token-violation", new TreeSet<>());
        if (m.isEmpty() && c.verdict() == Verdict.INVALID) m.put("invalid", new TreeSet<>());
        return new Finding(m);
    }

    /**
     * The faults an incident is tied to: the one its cause names (the holder frozen before the grant, a
     * server killed between the two grants); none when its cause is a hold past the lease (no fault was
     * needed); for a lock defect no fault is named for, every fault in force while it happened.
     */
    static List<FaultSpan> causes(Incident i) {
        if (i.cause().fault() != null) return List.of(i.cause().fault());
        return i.cause().leaseLimit() ? List.of() : i.faults();
    }

    /**
     * This finding told in the steps of a shorter schedule that kept only {@code kept} (the recorded
     * steps, in order): its step k is {@code kept.get(k - 1)}. A kind tied only to steps left out keeps
     * no step.
     */
    public Finding renumbered(List<Integer> kept) {
        Map<String, Set<Integer>> m = new LinkedHashMap<>();
        steps.forEach((kind, s) -> {
            Set<Integer> mine = new TreeSet<>();
            for (int k = 1; k <= kept.size(); k++) if (s.contains(kept.get(k - 1))) mine.add(k);
            m.put(kind, mine);
        });
        return new Finding(m);
    }

    /** The plain data a scenario file holds: each kind with its steps, {@code {"lease-limit": [1]}}. */
    public Map<String, Object> toData() {
        Map<String, Object> m = new LinkedHashMap<>();
        steps.forEach((kind, s) -> m.put(kind, List.copyOf(s)));
        return m;
    }

    /**
     * Reads what {@link #toData()} wrote; bad input is an {@link IllegalArgumentException} naming
     * {@code where} and what was expected.
     */
    public static Finding fromData(Object data, String where) {
        if (!(data instanceof Map<?, ?> m) || m.isEmpty()) {
            throw new IllegalArgumentException(where + ": expected the finding as an object of kinds and their steps, e.g. {\"lease-limit\": [1]}");
        }
        Map<String, Set<Integer>> steps = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : m.entrySet()) {
            String kind = String.valueOf(e.getKey());
            if (!KINDS.contains(kind)) throw new IllegalArgumentException(where + ": kind \"" + kind + "\" is none of " + String.join(", ", KINDS));
            if (!(e.getValue() instanceof List<?> l) || l.stream().anyMatch(x -> !(x instanceof Number n) || n.intValue() < 1)) {
                throw new IllegalArgumentException(where + ": \"" + kind + "\" must list the steps it is tied to (numbers from 1; [] for none)");
            }
            Set<Integer> s = new TreeSet<>();
            l.forEach(x -> s.add(((Number) x).intValue()));
            steps.put(kind, s);
        }
        return new Finding(steps);
    }

    /** Every kind a finding can hold. */
    static final List<String> KINDS = List.of("lease-limit", "lock-defect", "lost-update", "stale-write-accepted", "token-violation", "invalid");

    /** Every step some kind of the finding is tied to. */
    public Set<Integer> tiedSteps() {
        Set<Integer> all = new TreeSet<>();
        steps.values().forEach(all::addAll);
        return all;
    }

    public boolean isEmpty() {
        return steps.isEmpty();
    }

    /** The kinds of double holder: what a finding is, when it has one; lost updates and stale writes are then what it cost. */
    static final Set<String> INCIDENTS = Set.of("lease-limit", "lock-defect");
    /** What a finding is (its identity), as against what it happened to cost: tokens out of order is a defect of its own. */
    static final Set<String> IDENTITY = Set.of("lease-limit", "lock-defect", "token-violation");

    /**
     * Whether this (a replay's) shows {@code original} again: each kind of double holder it found,
     * tied to at least one of the same steps (when it was tied to any), with the same cause: a lease
     * limit only by a lease limit, a lock defect only by a lock defect. A replay whose fault came out
     * too small to end the lease, so that its double holder is a defect, is another finding, and a
     * shrink that shortens a fault below what its cause needs no longer shows the original. Beside a
     * lock defect, lease limits are not required (a shrink keeps the defect and may drop the faults
     * that merely outran the lease); for a finding without double
     * holders, each kind of damage it found. The damage a double holder did (a lost update, a stale
     * write accepted) depends on what the holders happened to write, so it is reported, not required.
     */
    public boolean reproduces(Finding original) {
        if (original.isEmpty()) return false;
        boolean holders = original.steps.keySet().stream().anyMatch(INCIDENTS::contains);
        boolean defect = original.steps.containsKey("lock-defect");
        for (Map.Entry<String, Set<Integer>> e : original.steps.entrySet()) {
            // a token violation is reproduced only by a token violation, a defect only by a defect; the damage (a lost update, a
            // stale write accepted) depends on what the holders wrote, so it is reported, not required
            if (holders && !IDENTITY.contains(e.getKey())) continue;
            // the defect is what matters: lease limits beside it (another fault that outran the lease) may go
            if (defect && e.getKey().equals("lease-limit")) continue;
            Set<Integer> mine = steps.get(e.getKey());
            if (mine == null) return false;
            if (!e.getValue().isEmpty() && mine.stream().noneMatch(e.getValue()::contains)) return false;
        }
        return true;
    }

    /** "lease-limit tied to step 2; lost-update" or "nothing". */
    public String describe() {
        if (steps.isEmpty()) return "nothing";
        List<String> parts = new ArrayList<>();
        steps.forEach((k, s) -> parts.add(s.isEmpty() ? k : k + " tied to step" + (s.size() == 1 ? " " : "s ") + join(s)));
        return String.join("; ", parts);
    }

    private static String join(Set<Integer> s) {
        return String.join(", ", s.stream().map(String::valueOf).toList());
    }
}
