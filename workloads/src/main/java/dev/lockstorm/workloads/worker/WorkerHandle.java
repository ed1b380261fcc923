package dev.lockstorm.workloads.worker;

import dev.lockstorm.checker.io.Json;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The runner's side of a worker process: sends a command, waits for the answer at most a timeout.
 * A missing answer means the operation's outcome is unknown ({@code info}).
 */
public final class WorkerHandle {
    private final Process process;
    private final OutputStream in;
    private final BlockingQueue<Map<String, Object>> answers = new LinkedBlockingQueue<>();

    /** @param process a worker started with its stdin and stdout as pipes */
    public WorkerHandle(Process process, String name) {
        this.process = process;
        this.in = process.getOutputStream();
        Thread reader = new Thread(this::readAnswers, "answers-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    private void readAnswers() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                try (var p = Json.FACTORY.createParser(line)) {
                    p.nextToken();
                    @SuppressWarnings("unchecked") Map<String, Object> m = (Map<String, Object>) Json.readValue(p);
                    answers.add(m);
                } catch (IOException | ClassCastException e) {
                    // not a protocol line: ignore (libraries write to stderr, not here)
                }
            }
        } catch (IOException e) {
            // the process ended
        }
    }

    /** Waits for the worker's first line ({"type":"ready"} or {"type":"error"}). */
    public Map<String, Object> awaitReady(Duration timeout) {
        return poll(timeout);
    }

    /** Sends {@code cmd} and returns the answer, or null when none came within {@code timeout}. */
    public Map<String, Object> call(Map<String, Object> cmd, Duration timeout) {
        answers.clear();
        try {
            in.write((Json.toJson(cmd) + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
        } catch (IOException e) {
            return null;
        }
        return poll(timeout);
    }

    private Map<String, Object> poll(Duration timeout) {
        try {
            return answers.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Asks the worker to exit, then kills it if it does not. */
    public void close() {
        try {
            in.write("{\"cmd\":\"close\"}\n".getBytes(StandardCharsets.UTF_8));
            in.flush();
        } catch (IOException e) {
            // already gone
        }
        try {
            if (!process.waitFor(3, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
