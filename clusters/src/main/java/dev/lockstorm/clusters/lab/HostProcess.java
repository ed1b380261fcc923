package dev.lockstorm.clusters.lab;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A server's or a client's process on a {@link Host}, wherever it runs (a lab host's
 * {@link LocalProcess}, a remote host's {@code RemoteProcess}): what a fault needs of it — signals
 * that reach it and what it started, a pause (SIGSTOP — a long GC pause seen from outside), a
 * resume, a stop, a kill — and its log.
 *
 * <pre>{@code
 * HostProcess zk = node.process();
 * zk.pause();                         // SIGSTOP to it and its children
 * zk.resume();
 * zk.kill();                          // SIGKILL, waits until it is gone
 * }</pre>
 */
public interface HostProcess {

    String name();

    /** Where it runs. */
    Host host();

    /** Its pid on its host. */
    long pid();

    /** The local file its output is appended to. */
    Path log();

    /** Running or paused; false once it exited. */
    boolean isAlive();

    /** The kernel's state letter on its host: R, S, D, T (stopped), Z, or '?' when gone. */
    char state();

    /** Sends {@code sig} (STOP, CONT, TERM, KILL, …) to it and what it started; one that has just exited is no error. */
    void signal(String sig);

    /** SIGKILL to it and what it started, and wait until it is gone. */
    void kill();

    /** Waits up to {@code d} for it to exit; whether it has. */
    boolean waitFor(Duration d);

    /** The exit code, or null while it runs. */
    Integer exitCode();

    /** Its stdin, for a process started with pipes ({@link Host#startPiped}). */
    OutputStream stdin();

    /** Its stdout, for a process started with pipes ({@link Host#startPiped}). */
    InputStream stdout();

    default boolean isPaused() {
        return state() == 'T';
    }

    /**
     * SIGSTOP, and waits (up to 2 s) until the kernel reports it stopped: {@code kill} returns
     * before a busy process on a loaded machine is taken off its CPU.
     */
    default void pause() {
        signal("STOP");
        Wait.polled(() -> isPaused() || !isAlive(), System.nanoTime() + 2_000_000_000L, 5);
    }

    /** SIGCONT. */
    default void resume() {
        signal("CONT");
    }

    /** SIGTERM (resuming it first if paused, or the TERM would wait), then SIGKILL if it has not exited within {@code grace}. */
    default void stop(Duration grace) {
        if (!isAlive()) return;
        resume();
        signal("TERM");
        if (!waitFor(grace)) kill();
    }

    /** The last {@code lines} lines of its log, for an error that says why a server did not come up. */
    default String tail(int lines) {
        try {
            List<String> all = List.of(new String(Files.readAllBytes(log()), StandardCharsets.UTF_8).split("\n"));
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(cannot read " + log() + ": " + e.getMessage() + ")";
        }
    }
}
