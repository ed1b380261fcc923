package dev.lockstorm.suite.internal.run;

import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.io.HistoryWriter;
import dev.lockstorm.faults.NemesisEvent;
import dev.lockstorm.nemesis.NemesisAction;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Writes the history as it happens: every event stamped by the driver from one monotonic clock,
 * appended to {@code history.jsonl} and flushed at once, so that a run killed midway keeps what it
 * recorded.
 */
final class Recorder implements AutoCloseable {
    /** When the nemesis last acted, on the history's clock: a hold granted after it is one no fault has touched. */
    private volatile long lastNemesisEvent = -1;
    private final HistoryWriter writer;
    private final long start;
    private int next;
    private final AtomicInteger clientOps = new AtomicInteger();

    /** @param start the run's start on the monotonic clock: time 0 of the history */
    Recorder(Path file, long start) throws IOException {
        this.writer = HistoryWriter.create(file);
        this.start = start;
    }

    synchronized Op record(OpType type, int process, String f, Object value, Map<String, Object> extra) {
        Op op = new Op(next++, System.nanoTime() - start, type, process, f, value, extra, 0);
        try {
            writer.append(op);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to the history", e);
        }
        if (type != OpType.INVOKE && process != Op.NEMESIS) clientOps.incrementAndGet();
        return op;
    }

    void nemesis(NemesisAction e) {
        lastNemesisEvent = now();
        Map<String, Object> extra = new LinkedHashMap<>();
        if (!e.hosts().isEmpty()) extra.put("hosts", e.hosts());
        if (e.fault() != null) extra.put("fault", e.fault());
        if (e.aimedAt() != null) extra.put(NemesisEvent.AIMED_AT, e.aimedAt());
        if (e.cut() != null) extra.put(NemesisEvent.CUT, e.cut());
        record(OpType.INFO, Op.NEMESIS, e.f(), e.value(), extra);
    }

    /** The run's own facts ({@code lease_ms}, …), as the harness's {@code run} event. */
    void run(Map<String, Object> facts) {
        record(OpType.INFO, Op.NEMESIS, NemesisEvent.RUN.f(), facts, Map.of());
    }

    /** When the nemesis last did anything (began, healed or missed a fault), on the history's clock; -1 before it first did. */
    long lastNemesisEvent() {
        return lastNemesisEvent;
    }

    /** Now, on the history's clock (nanoseconds since the run's start). */
    long now() {
        return System.nanoTime() - start;
    }

    int completedClientOps() {
        return clientOps.get();
    }

    double elapsedSeconds() {
        return (System.nanoTime() - start) / 1e9;
    }

    @Override
    public void close() throws IOException {
        writer.close();
    }
}
