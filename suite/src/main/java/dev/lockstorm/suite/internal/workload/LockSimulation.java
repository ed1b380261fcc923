package dev.lockstorm.suite.internal.workload;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;

/**
 * Generates lock histories from a simulated lock service with fencing tokens and a protected
 * counter, for property tests and the checker's benchmark. Each client runs the run's own
 * {@link LockCycle} (acquire → read the counter → write value + 1 with its token → release); a tick
 * at a time, a random client invokes its next step or completes the one it invoked, so that
 * invocations overlap as they do in a real run. The history is valid by construction (owner-aware,
 * tokens strictly increasing, crashed holders' leases expiring only after the crash) unless a fault
 * is planted, which makes it invalid by construction. A crashed operation completes as {@code info}
 * (and may or may not have taken effect); its client goes on as a new process (old id + number of
 * clients).
 *
 * <pre>{@code
 * History h = new LockSimulation(20, 0.01, LockSimulation.Fault.NONE, 42).run(1_000_000);
 * }</pre>
 */
public final class LockSimulation {

    /** What to plant in an otherwise correct history. */
    public enum Fault {
        NONE,
        /** The service grants the lock to a waiter while a live client holds it. */
        DOUBLE_HOLDER,
        /** The service grants a token lower than the last one. */
        TOKEN_INVERSION
    }

    private static final int FREE = -1;
    private static final Duration NO_TIMEOUT = Duration.ofDays(1);

    private final int clients;
    private final double crashRate;
    private final Fault fault;
    private final SplittableRandom random;

    private final List<Op> events = new ArrayList<>();
    private long now;
    // the service: who holds the lock, the tick at which a dead holder's lease runs out, the last token
    private int holder = FREE;
    private long leaseEndsAt = -1;
    private long ticks;
    private long lastToken;
    private long counter;
    private boolean planted;
    private int plantAt;

    // per client
    private final int[] process;
    private final LockCycle[] cycle;
    /** The step to invoke next; null: the client is idle (its next cycle not begun). */
    private final Step[] next;
    /** The step invoked and not yet completed, or null. */
    private final Step[] inFlight;

    public LockSimulation(int clients, double crashRate, Fault fault, long seed) {
        this.clients = clients;
        this.crashRate = crashRate;
        this.fault = fault;
        this.random = new SplittableRandom(seed);
        this.process = new int[clients];
        this.cycle = new LockCycle[clients];
        this.next = new Step[clients];
        this.inFlight = new Step[clients];
        for (int c = 0; c < clients; c++) {
            process[c] = c;
            // no nesting, no hold: the cycle draws nothing, so its random is never read
            cycle[c] = new LockCycle(LockCycle.Policy.NO_HOLD, new Random(seed));
        }
    }

    /** Simulates until about {@code targetEvents} events, then lets every client finish and reads the counter. */
    public History run(int targetEvents) {
        plantAt = fault == Fault.NONE ? Integer.MAX_VALUE : random.nextInt(Math.max(1, targetEvents / 4), Math.max(2, targetEvents * 3 / 4));
        while (events.size() < targetEvents) tick(random.nextInt(clients), true);
        // wind down: no new acquires; waiters give up, holders finish their cycle
        for (int guard = 0; guard < 100 * clients + 1000 && busy(); guard++) tick(random.nextInt(clients), false);
        int reader = maxProcess() + 1;
        emit(OpType.INVOKE, reader, "read", Map.of());
        emit(OpType.OK, reader, "read", Map.of("value", counter));
        return History.of("simulation", events);
    }

    private boolean busy() {
        for (int c = 0; c < clients; c++) if (next[c] != null || inFlight[c] != null) return true;
        return false;
    }

    private int maxProcess() {
        int m = 0;
        for (int p : process) m = Math.max(m, p);
        return m;
    }

    /** Client {@code c} completes its step in flight, or invokes its next one. */
    private void tick(int c, boolean acquireMore) {
        ticks++;
        if (holder != FREE && leaseEndsAt >= 0 && ticks >= leaseEndsAt) {
            holder = FREE; // a dead holder's lease expired
            leaseEndsAt = -1;
        }
        if (inFlight[c] != null) {
            complete(c, acquireMore);
            return;
        }
        Step step = next[c];
        if (step == null) {
            if (!acquireMore) return;
            step = cycle[c].begin(NO_TIMEOUT, true);
        }
        // a hold of no time is no event: straight on to the write it comes before
        while (step instanceof Step.Hold || step instanceof Step.Check) step = cycle[c].next(new Outcome.StillHeld(true));
        next[c] = null;
        inFlight[c] = step;
        int p = process[c];
        if (step instanceof Step.Acquire) emit(OpType.INVOKE, p, "acquire", null);
        else if (step instanceof Step.Read r) emit(OpType.INVOKE, p, "read", tokenMap(r.token()));
        else if (step instanceof Step.Write w) {
            Map<String, Object> v = tokenMap(w.token());
            v.put("value", w.value());
            emit(OpType.INVOKE, p, "write", v);
        } else emit(OpType.INVOKE, p, "release", null);
    }

    /** The simulated service answers client {@code c}'s step in flight (an acquire may keep waiting). */
    private void complete(int c, boolean acquireMore) {
        Step step = inFlight[c];
        int p = process[c];
        Outcome outcome;
        if (step instanceof Step.Acquire) {
            if (!acquireMore) {
                emit(OpType.FAIL, p, "acquire", null);
                outcome = Outcome.REFUSED;
            } else {
                boolean plantDouble = fault == Fault.DOUBLE_HOLDER && !planted && events.size() >= plantAt && holderBelievesItHolds();
                if (holder != FREE && !plantDouble) return; // still waiting
                if (crash()) {
                    if (random.nextBoolean()) grant(-2 - c, true); // took effect: held by the dead process
                    outcome = crashed(c, "acquire");
                } else {
                    if (plantDouble) planted = true;
                    long t = grant(p, false);
                    emit(OpType.OK, p, "acquire", t);
                    outcome = new Outcome.Granted(t, null);
                }
            }
        } else if (step instanceof Step.Read) {
            if (crash()) {
                outcome = crashedHolding(c, "read");
            } else {
                emit(OpType.OK, p, "read", Map.of("value", counter));
                outcome = new Outcome.Read(counter);
            }
        } else if (step instanceof Step.Write w) {
            if (crash()) {
                if (random.nextBoolean()) counter = w.value();
                outcome = crashedHolding(c, "write");
            } else {
                counter = w.value();
                emit(OpType.OK, p, "write", null);
                outcome = Outcome.DONE;
            }
        } else {
            if (crash()) {
                if (random.nextBoolean()) {
                    if (holder == p) holder = FREE;
                } else if (holder == p) {
                    holder = -2 - c;
                    leaseEndsAt = ticks + random.nextInt(1, 50);
                }
                outcome = crashed(c, "release");
            } else {
                if (holder == p) holder = FREE;
                emit(OpType.OK, p, "release", null);
                outcome = Outcome.DONE;
            }
        }
        inFlight[c] = null;
        next[c] = cycle[c].next(outcome);
    }

    /** Grants the lock and returns the token. */
    private long grant(int to, boolean deadHolder) {
        long t;
        if (fault == Fault.TOKEN_INVERSION && !planted && events.size() >= plantAt && lastToken > 3 && !deadHolder) {
            planted = true;
            t = lastToken - 2;
        } else {
            t = ++lastToken;
        }
        holder = to;
        if (deadHolder) leaseEndsAt = ticks + random.nextInt(1, 50);
        return t;
    }

    /** A live holder that has not begun to release: granting the lock now makes two holders. */
    private boolean holderBelievesItHolds() {
        if (holder < 0 || leaseEndsAt >= 0) return false;
        for (int c = 0; c < clients; c++) {
            if (process[c] != holder) continue;
            Step s = inFlight[c] != null ? inFlight[c] : next[c];
            return s instanceof Step.Read || s instanceof Step.Hold || s instanceof Step.Write || s instanceof Step.Release && inFlight[c] == null;
        }
        return false;
    }

    private static Map<String, Object> tokenMap(Long token) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("token", token);
        return m;
    }

    private boolean crash() {
        return crashRate > 0 && random.nextDouble() < crashRate;
    }

    /** A holder crashed during a read or write: its lease runs out some time after the info. */
    private Outcome crashedHolding(int c, String f) {
        if (holder == process[c]) {
            holder = -2 - c;
            leaseEndsAt = ticks + random.nextInt(1, 50);
        }
        return crashed(c, f);
    }

    private Outcome crashed(int c, String f) {
        emit(OpType.INFO, process[c], f, null);
        process[c] += clients;
        return Outcome.CRASHED;
    }

    private void emit(OpType type, int p, String f, Object value) {
        now += 1 + random.nextInt(1000, 200_000);
        events.add(Op.of(events.size(), now, type, p, f, value));
    }

    /** Whether the requested fault was planted (a short run may end first). */
    public boolean planted() {
        return planted || fault == Fault.NONE;
    }
}
