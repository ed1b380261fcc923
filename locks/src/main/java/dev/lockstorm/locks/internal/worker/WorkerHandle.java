package dev.lockstorm.locks.internal.worker;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The runner's side of a worker process: sends a command, waits for the reply at most a timeout.
 * A missing reply means the operation's outcome is unknown ({@code info}).
 *
 * <p>The calling thread reads the reply from the pipe itself: a reader thread handing replies over
 * would add a thread wake-up to every round trip, and on this kind of machine a wake-up costs
 * about as much as the worker's own work (see docs/architecture.md, "The driver's cost"). A pipe
 * read cannot time out, so a {@link Watchdog} kills a worker whose reply is late; the read then
 * ends, and the runner replaces the worker anyway, as it does after any call without an answer.
 */
public final class WorkerHandle {
    private static final long IDLE = Long.MIN_VALUE;
    private static final long GAVE_UP = Long.MAX_VALUE;

    private final Peer process;
    private final OutputStream in;
    private final BufferedReader out;
    /** When the pending call's reply is due (monotonic ns); {@link #IDLE} with none pending, {@link #GAVE_UP} once killed for it. */
    private final AtomicLong due = new AtomicLong(IDLE);
    private volatile boolean timedOut;

    /**
     * The worker process as the handle needs it, wherever it runs (a local child, a process on a
     * lab host, one on a remote host behind an SSH channel).
     */
    public interface Peer {
        boolean isAlive();

        /** SIGKILL; the pipes then end. */
        void kill();

        /** Waits up to {@code d} for it to exit; whether it has. */
        boolean waitFor(Duration d);
    }

    /**
     * @param stdin  the worker's stdin
     * @param stdout the worker's stdout
     */
    public WorkerHandle(OutputStream stdin, InputStream stdout, Peer process) {
        this.process = process;
        this.in = stdin;
        this.out = new BufferedReader(new InputStreamReader(stdout, StandardCharsets.UTF_8));
        Watchdog.INSTANCE.watch(this);
    }

    /** Sends the worker its first command and waits for its answer: {@link Reply.Ready} or {@link Reply.OpenFailed}; null if none came. */
    public Reply open(Command.Open open, Duration timeout) {
        return call(open, timeout);
    }

    /** Sends {@code cmd} and returns the reply, or null when none came within {@code timeout} (the worker is then killed). */
    public Reply call(Command cmd, Duration timeout) {
        if (due.get() == GAVE_UP) return null;
        try {
            in.write((Protocol.encode(cmd) + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
        } catch (IOException e) {
            return null;
        }
        return read(timeout);
    }

    /** Whether a call went unanswered in time, so that the worker was killed (rather than dying by itself). */
    public boolean timedOut() {
        return timedOut;
    }

    /** The next reply, or null when the worker is gone or was too late. */
    private Reply read(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        if (!due.compareAndSet(IDLE, deadline)) return null; // given up on earlier
        Reply reply = null;
        try {
            String line;
            while (reply == null && (line = out.readLine()) != null) {
                try {
                    reply = Protocol.reply(line);
                } catch (IllegalArgumentException e) {
                    // not a protocol line: ignore (libraries write to stderr, not here)
                }
            }
        } catch (IOException e) {
            // the process ended
        }
        // a reply that came as the watchdog gave up does not count: the worker is being killed
        return due.compareAndSet(deadline, IDLE) ? reply : null;
    }

    /** Called by the watchdog: kills the worker if its pending reply is overdue; whether it is done with this handle. */
    private boolean check(long now) {
        long d = due.get();
        if (d != IDLE && d != GAVE_UP && now - d > 0 && due.compareAndSet(d, GAVE_UP)) {
            timedOut = true;
            process.kill();
        }
        return !process.isAlive();
    }

    /** Asks the worker to exit, then kills it if it does not. */
    public void close() {
        try {
            in.write((Protocol.encode(new Command.Close()) + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
        } catch (IOException e) {
            // already gone
        }
        if (!process.waitFor(Duration.ofSeconds(3))) {
            process.kill();
            process.waitFor(Duration.ofSeconds(5));
        }
    }

    /**
     * One thread for every handle of the JVM that looks at their pending replies every 50 ms: the
     * timeouts are seconds long, and a timer per call would cost the calls what the direct read saves.
     */
    private static final class Watchdog implements Runnable {
        static final Watchdog INSTANCE = new Watchdog();
        private final Set<WorkerHandle> handles = ConcurrentHashMap.newKeySet();

        private Watchdog() {
            Thread t = new Thread(this, "worker-watchdog");
            t.setDaemon(true);
            t.start();
        }

        void watch(WorkerHandle h) {
            handles.add(h);
        }

        @Override
        public void run() {
            while (true) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    return;
                }
                long now = System.nanoTime();
                handles.removeIf(h -> h.check(now));
            }
        }
    }
}
