package dev.lockstorm.locks.internal.worker;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The driver's end of the pipe against small shell workers: answers, silence past the timeout, and a worker that exits. */
@Tag("unit")
class WorkerHandleTest {
    /** A worker's start: it reads the open command, then says it is ready. */
    private static final String READY = "read open; echo '{\"type\":\"ready\"}'; ";
    private static final Command.Open OPEN = new Command.Open("s", "c", "/lockstorm/lock", 4000, java.util.Map.of());

    private static WorkerHandle start(String script) throws Exception {
        Process p = new ProcessBuilder(List.of("bash", "-c", script)).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        return handle(p);
    }

    /** A local child as the handle's peer. */
    private static WorkerHandle handle(Process p) {
        return new WorkerHandle(p.getOutputStream(), p.getInputStream(), new WorkerHandle.Peer() {
            @Override
            public boolean isAlive() {
                return p.isAlive();
            }

            @Override
            public void kill() {
                p.destroyForcibly();
            }

            @Override
            public boolean waitFor(Duration d) {
                try {
                    return p.waitFor(d.toMillis(), TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        });
    }

    @Test
    void aWorkerThatAnswersIsReadLineByLine() throws Exception {
        WorkerHandle h = start(READY + "while read l; do echo 'chatter that is no reply'; echo '{\"type\":\"use\",\"still_held\":true}'; done");
        assertEquals(new Reply.Ready(), h.open(OPEN, Duration.ofSeconds(5)));
        for (int i = 0; i < 3; i++) assertEquals(new Reply.InUse(true), h.call(new Command.Use(), Duration.ofSeconds(5)));
        assertFalse(h.timedOut());
        h.close();
    }

    @Test
    void aSilentWorkerIsKilledAtItsTimeoutAndAnswersNothingAfter() throws Exception {
        Process p = new ProcessBuilder(List.of("bash", "-c", READY + "exec sleep 60")).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        WorkerHandle h = handle(p);
        assertEquals(new Reply.Ready(), h.open(OPEN, Duration.ofSeconds(5)));
        long start = System.nanoTime();
        assertNull(h.call(new Command.Use(), Duration.ofMillis(300)));
        long tookMs = (System.nanoTime() - start) / 1_000_000;
        assertTrue(tookMs >= 300 && tookMs < 5_000, "gave up after " + tookMs + " ms");
        assertTrue(h.timedOut());
        assertTrue(p.waitFor(5, TimeUnit.SECONDS), "the late worker is killed");
        assertNull(h.call(new Command.Use(), Duration.ofSeconds(5)));
    }

    @Test
    void aWorkerThatExitsEndsTheCallAtOnceWithoutATimeout() throws Exception {
        WorkerHandle h = start(READY + "read l; exit 0");
        assertEquals(new Reply.Ready(), h.open(OPEN, Duration.ofSeconds(5)));
        long start = System.nanoTime();
        assertNull(h.call(new Command.Use(), Duration.ofSeconds(30)));
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10));
        assertFalse(h.timedOut());
    }
}
