package dev.lockstorm.workloads.internal.worker;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The runner's side of a worker process: sends a command, waits for the reply at most a timeout.
 * A missing reply means the operation's outcome is unknown ({@code info}).
 */
public final class WorkerHandle {
    private final Process process;
    private final OutputStream in;
    /** What the reader puts after the last reply when the worker's output ends: it is gone, no reply can come. */
    private static final Object GONE = new Object();

    private final BlockingQueue<Object> replies = new LinkedBlockingQueue<>();

    /** @param process a worker started with its stdin and stdout as pipes */
    public WorkerHandle(Process process, String name) {
        this.process = process;
        this.in = process.getOutputStream();
        Thread reader = new Thread(this::readReplies, "replies-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    private void readReplies() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                try {
                    replies.add(Protocol.reply(line));
                } catch (IllegalArgumentException e) {
                    // not a protocol line: ignore (libraries write to stderr, not here)
                }
            }
        } catch (IOException e) {
            // the process ended
        }
        replies.add(GONE);
    }

    /** Waits for the worker's first line: {@link Reply.Ready} or {@link Reply.OpenFailed}; null if none came. */
    public Reply awaitReady(Duration timeout) {
        return poll(timeout);
    }

    /** Sends {@code cmd} and returns the reply, or null when none came within {@code timeout}. */
    public Reply call(Command cmd, Duration timeout) {
        replies.removeIf(r -> r != GONE); // a late reply to an earlier command is not this one's
        try {
            in.write((Protocol.encode(cmd) + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
        } catch (IOException e) {
            return null;
        }
        return poll(timeout);
    }

    /** The next reply, or null at once when the worker is gone (killed: no need to wait out the timeout). */
    private Reply poll(Duration timeout) {
        try {
            Object next = replies.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (next == GONE) {
                replies.add(GONE); // for every later call too
                return null;
            }
            return (Reply) next;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Asks the worker to exit, then kills it if it does not. */
    public void close() {
        try {
            in.write((Protocol.encode(new Command.Close()) + "\n").getBytes(StandardCharsets.UTF_8));
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
