package dev.lockstorm.nemesis;

import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.function.BooleanSupplier;

/**
 * When to inject which fault: a sequence in order, or a random mix, each fault held for a while and
 * healed before the next, then a final {@link Nemesis#healAll} — also on an exception or an
 * interrupt. Jepsen's default rhythm is a fault every ~10 s, healed ~10 s later. No fault starts
 * after the end, and none is cut short by it: one started before the end lasts its whole length,
 * and {@link #run} returns when it is healed (the run's main phase waits for it). A fault aimed at
 * something that is not there ({@link Fault.Missed}) is recorded as missed, with the reason, and not
 * counted.
 *
 * <pre>{@code
 * Schedule s = Schedule.random(List.of(isolateLeader, pauseClient), Duration.ofSeconds(10), Duration.ofSeconds(10), new Random(seed));
 * s.run(nemesis, Duration.ofSeconds(60));
 * }</pre>
 *
 * @param groups  the faults to choose from, in groups taken in turn (one group for a plain mix): the
 *                first fault comes from the first group, the next from the second, …; within a plain mix
 *                each is chosen at random; with several groups each group's faults come in turn too,
 *                from a random first one, so that every kind of fault comes early in a short run
 * @param quiet   mean time between a heal and the next fault
 * @param active  mean time a fault is held
 * @param random  null for the given order (cycling), else the source of a random mix and jitter
 * @param when    after the quiet interval, a fault waits until this holds (e.g. "a client has just
 *                acquired the lock"), so that it lands at the moment that matters; null for no wait
 * @param marks   when not empty (and random), a fault's length is drawn around one of these instead
 *                of around {@code active}: a little shorter or a little longer than a lease or a
 *                timeout, where a retry turns into a second grant
 * @param landed  whether the fault in force has reached what it is for (a client whose clock it moved
 *                has been granted the lock): one that has not by the end of its length is held longer,
 *                up to {@code holdLonger}; null to heal every fault at the end of its length
 * @param holdLonger how much longer at most a fault that has not landed is held
 * @param landing    what landing is, for the miss recorded when a fault never landed
 */
public record Schedule(List<List<Fault>> groups, Duration quiet, Duration active, Random random, BooleanSupplier when, List<Duration> marks,
                       java.util.function.Predicate<Fault> landed, Duration holdLonger, String landing) {

    /** How far a fault's length falls from the mark it is drawn around: a little shorter, a little longer, well past it. */
    static final double[] AROUND = {0.8, 0.95, 1.05, 1.25, 2.0};

    /** The mark around which every length drawn is at least {@code atLeast}: its shortest draw is no shorter. */
    public static Duration markAtLeast(Duration atLeast) {
        return Duration.ofMillis((long) Math.ceil(atLeast.toMillis() / AROUND[0]));
    }

    public Schedule {
        groups = groups.stream().<List<Fault>>map(List::copyOf).toList();
        marks = List.copyOf(marks);
        if (groups.isEmpty() || groups.stream().anyMatch(List::isEmpty)) throw new IllegalArgumentException("a schedule needs at least one fault in each group");
    }

    /** The faults in order, cycling, with fixed intervals. */
    public static Schedule sequence(List<Fault> faults, Duration quiet, Duration active) {
        return new Schedule(List.of(faults), quiet, active, null, null, List.of(), null, Duration.ZERO, null);
    }

    /** A random fault each time, intervals jittered between half and one and a half of the means. */
    public static Schedule random(List<Fault> faults, Duration quiet, Duration active, Random random) {
        return new Schedule(List.of(faults), quiet, active, random, null, List.of(), null, Duration.ZERO, null);
    }

    /**
     * A fault of each group in turn (empty groups left out), and within a group its faults in turn from
     * a random first one, intervals jittered: e.g. a client's clock a minute back, then a server's
     * clock, then a client's clock a minute ahead.
     */
    public static Schedule alternating(List<List<Fault>> groups, Duration quiet, Duration active, Random random) {
        return new Schedule(groups.stream().filter(g -> !g.isEmpty()).toList(), quiet, active, random, null, List.of(), null, Duration.ZERO, null);
    }

    /** Every fault it may inject. */
    public List<Fault> faults() {
        return groups.stream().flatMap(List::stream).toList();
    }

    /** The same schedule, each fault waiting for {@code condition} (polled every few milliseconds). */
    public Schedule when(BooleanSupplier condition) {
        return new Schedule(groups, quiet, active, random, condition, marks, landed, holdLonger, landing);
    }

    /**
     * The same schedule, each fault lasting around one of {@code marks} (the lease, the acquire
     * timeout, …): 0.8, 0.95, 1.05, 1.25 or 2 times it, chosen at random.
     */
    public Schedule around(List<Duration> marks) {
        return new Schedule(groups, quiet, active, random, when, marks, landed, holdLonger, landing);
    }

    /**
     * The same schedule, a fault that has not {@code landed} by the end of its length held until it
     * has, at most {@code atMost} longer: a client's clock moved is no test of the lock until that
     * client is granted the lock on it.
     */
    public Schedule heldUntil(java.util.function.Predicate<Fault> landed, Duration atMost) {
        return heldUntil(landed, atMost, "what it was held for");
    }

    /**
     * The same, {@code landing} saying what landing is ("a client whose clock it moved granted the
     * lock"): a fault that never landed is recorded as a miss with it, since it tested nothing.
     */
    public Schedule heldUntil(java.util.function.Predicate<Fault> landed, Duration atMost, String landing) {
        return new Schedule(groups, quiet, active, random, when, marks, landed, atMost, landing);
    }

    /**
     * Starts faults for {@code total} (or until interrupted), lets the last one last its length, then
     * heals everything.
     *
     * @return how many faults were injected
     */
    public int run(Nemesis nemesis, Duration total) {
        Pace pace = nemesis.pace();
        long end = pace.now() + total.toNanos();
        int injected = 0;
        List<Fault> all = faults();
        // where each group's turn starts: at random, so that seeds differ in which fault of a group comes first
        int[] first = new int[groups.size()];
        for (int g = 0; g < first.length && random != null; g++) first[g] = random.nextInt(groups.get(g).size());
        try {
            while (true) {
                if (!pace.sleepUntil(Math.min(end, pace.now() + jitter(quiet)))) break;
                if (when != null && !pace.polled(when, end, 5)) break;
                if (pace.now() >= end) break;
                // a fault started before the end lasts its whole length, past the end if need be: never cut short
                long length = nextLength();
                // turns count injected faults: one that missed is followed by another of its kind
                int g = injected % groups.size();
                List<Fault> group = groups.get(g);
                Fault f = random == null ? all.get(injected % all.size())
                        : groups.size() == 1 ? group.get(random.nextInt(group.size()))
                        : group.get((first[g] + injected / groups.size()) % group.size());
                Heal[] heal = new Heal[1];
                try {
                    nemesis.asFault(f.name(), () -> heal[0] = f.inject(nemesis));
                } catch (Fault.Missed m) {
                    nemesis.asFault(f.name(), () -> nemesis.missed(m.getMessage()));
                    continue;
                }
                injected++;
                boolean completed = pace.sleepUntil(pace.now() + length);
                boolean missed = false;
                if (completed && landed != null && !landed.test(f)) {
                    boolean came = pace.polled(() -> landed.test(f), pace.now() + holdLonger.toNanos(), 5);
                    missed = !came && !Thread.currentThread().isInterrupted();
                    completed = came || missed;
                }
                nemesis.asFault(f.name(), heal[0]::heal);
                if (missed) {
                    String why = f.name() + " held " + holdLonger.toMillis() + " ms past its length and never landed (" + landing + ")";
                    nemesis.asFault(f.name(), () -> nemesis.missed(why));
                }
                if (!completed) break;
            }
        } finally {
            nemesis.healAll();
        }
        return injected;
    }

    /** The next fault's length, in nanoseconds: around a mark when the schedule has marks, else jittered around {@code active}. */
    long nextLength() {
        if (marks.isEmpty() || random == null) return jitter(active);
        Duration mark = marks.get(random.nextInt(marks.size()));
        return (long) (mark.toNanos() * AROUND[random.nextInt(AROUND.length)]);
    }

    private long jitter(Duration mean) {
        long ns = mean.toNanos();
        return random == null ? ns : ns / 2 + (long) (random.nextDouble() * ns);
    }
}
