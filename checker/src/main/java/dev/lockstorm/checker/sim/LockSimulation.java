package dev.lockstorm.checker.sim;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Generates lock histories from a simulated lock service with fencing tokens and a protected
 * counter, for property tests and benchmarks. The history is valid by construction (owner-aware,
 * tokens strictly increasing, crashed holders' leases expiring only after the crash) unless a fault
 * is planted, which makes it invalid by construction.
 *
 * <p>Each client loops: acquire → read the counter → write value+1 with its token → release. A
 * step at a time, a random client moves, so invocations overlap as they do in a real run. A crashed
 * operation completes as {@code info} (and may or may not have taken effect); its client goes on as
 * a new process (old id + number of clients).
 *
 * <pre>{@code
 * History h = new LockSimulation(20, 0.01, Fault.NONE, 42).run(1_000_000);
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

    private enum Phase { IDLE, WAITING, HOLDING, READING, READ, WRITING, WROTE, RELEASING }

    private static final int FREE = -1;

    private final int clients;
    private final double crashRate;
    private final Fault fault;
    private final SplittableRandom random;

    private final List<Op> events = new ArrayList<>();
    private long now;
    // the service: who holds the lock, the step at which a dead holder's lease runs out, the last token
    private int holder = FREE;
    private long leaseEndsAt = -1;
    private long ticks;
    private long lastToken;
    private long counter;
    private boolean planted;
    private int plantAt;

    // per client slot
    private final int[] process;
    private final Phase[] phase;
    private final long[] token;
    private final long[] readValue;

    public LockSimulation(int clients, double crashRate, Fault fault, long seed) {
        this.clients = clients;
        this.crashRate = crashRate;
        this.fault = fault;
        this.random = new SplittableRandom(seed);
        this.process = new int[clients];
        this.phase = new Phase[clients];
        this.token = new long[clients];
        this.readValue = new long[clients];
        for (int c = 0; c < clients; c++) {
            process[c] = c;
            phase[c] = Phase.IDLE;
        }
    }

    /** Simulates until about {@code targetEvents} events, then lets every client finish and reads the counter. */
    public History run(int targetEvents) {
        plantAt = fault == Fault.NONE ? Integer.MAX_VALUE : random.nextInt(Math.max(1, targetEvents / 4), Math.max(2, targetEvents * 3 / 4));
        while (events.size() < targetEvents) step(random.nextInt(clients), true);
        // wind down: no new acquires; waiters give up, holders finish their cycle
        for (int guard = 0; guard < 100 * clients + 1000 && busy(); guard++) step(random.nextInt(clients), false);
        int reader = maxProcess() + 1;
        emit(OpType.INVOKE, reader, "read", Map.of());
        emit(OpType.OK, reader, "read", Map.of("value", counter));
        return History.of("simulation", events);
    }

    private boolean busy() {
        for (Phase p : phase) if (p != Phase.IDLE) return true;
        return false;
    }

    private int maxProcess() {
        int m = 0;
        for (int p : process) m = Math.max(m, p);
        return m;
    }

    private void step(int c, boolean acquireMore) {
        ticks++;
        if (holder != FREE && leaseEndsAt >= 0 && ticks >= leaseEndsAt) {
            holder = FREE; // a dead holder's lease expired
            leaseEndsAt = -1;
        }
        int p = process[c];
        switch (phase[c]) {
            case IDLE -> {
                if (!acquireMore) return;
                emit(OpType.INVOKE, p, "acquire", null);
                phase[c] = Phase.WAITING;
            }
            case WAITING -> {
                if (!acquireMore) {
                    emit(OpType.FAIL, p, "acquire", null);
                    phase[c] = Phase.IDLE;
                    return;
                }
                boolean plantDouble = fault == Fault.DOUBLE_HOLDER && !planted && events.size() >= plantAt && holderBelievesItHolds();
                if (holder != FREE && !plantDouble) return;
                if (crash()) {
                    if (random.nextBoolean()) grant(-2 - c, true); // took effect: held by the dead process
                    crashed(c, "acquire");
                    return;
                }
                if (plantDouble) planted = true;
                long t = grant(p, false);
                token[c] = t;
                emit(OpType.OK, p, "acquire", t);
                phase[c] = Phase.HOLDING;
            }
            case HOLDING -> {
                emit(OpType.INVOKE, p, "read", tokenMap(c));
                phase[c] = Phase.READING;
            }
            case READING -> {
                if (crash()) {
                    crashedHolding(c, "read");
                    return;
                }
                readValue[c] = counter;
                emit(OpType.OK, p, "read", Map.of("value", counter));
                phase[c] = Phase.READ;
            }
            case READ -> {
                Map<String, Object> v = new LinkedHashMap<>(tokenMap(c));
                v.put("value", readValue[c] + 1);
                emit(OpType.INVOKE, p, "write", v);
                phase[c] = Phase.WRITING;
            }
            case WRITING -> {
                if (crash()) {
                    if (random.nextBoolean()) counter = readValue[c] + 1;
                    crashedHolding(c, "write");
                    return;
                }
                counter = readValue[c] + 1;
                emit(OpType.OK, p, "write", null);
                phase[c] = Phase.WROTE;
            }
            case WROTE -> {
                emit(OpType.INVOKE, p, "release", null);
                phase[c] = Phase.RELEASING;
            }
            case RELEASING -> {
                if (crash()) {
                    if (random.nextBoolean()) {
                        if (holder == p) holder = FREE;
                    } else if (holder == p) {
                        holder = -2 - c;
                        leaseEndsAt = ticks + random.nextInt(1, 50);
                    }
                    crashed(c, "release");
                    return;
                }
                if (holder == p) holder = FREE;
                emit(OpType.OK, p, "release", null);
                phase[c] = Phase.IDLE;
            }
        }
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
            if (process[c] == holder) return phase[c] != Phase.RELEASING && phase[c] != Phase.WAITING && phase[c] != Phase.IDLE;
        }
        return false;
    }

    private Map<String, Object> tokenMap(int c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("token", token[c]);
        return m;
    }

    private boolean crash() {
        return crashRate > 0 && random.nextDouble() < crashRate;
    }

    /** A holder crashed during a read or write: its lease runs out some time after the info. */
    private void crashedHolding(int c, String f) {
        if (holder == process[c]) {
            holder = -2 - c;
            leaseEndsAt = ticks + random.nextInt(1, 50);
        }
        crashed(c, f);
    }

    private void crashed(int c, String f) {
        emit(OpType.INFO, process[c], f, null);
        process[c] += clients;
        phase[c] = Phase.IDLE;
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
