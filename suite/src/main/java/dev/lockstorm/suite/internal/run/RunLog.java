package dev.lockstorm.suite.internal.run;

import dev.lockstorm.locks.internal.worker.LogStamp;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The driver's log, {@code lockstorm.log}, as Jepsen keeps {@code jepsen.log}: the run's phases,
 * every server's start and stop, every nemesis action and heal, each line stamped with the run's
 * time (the history's clock) and the wall time, flushed as written. What matters to a person
 * watching also goes to the progress stream.
 */
final class RunLog implements AutoCloseable {
    private final BufferedWriter out;
    private final LogStamp stamp;
    private final PrintStream progress;

    RunLog(Path file, long startNanos, PrintStream progress) throws IOException {
        this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        this.stamp = new LogStamp(startNanos);
        this.progress = progress;
    }

    /** A line in the log only. */
    synchronized void log(String line) {
        try {
            out.write(stamp.now());
            out.write(line);
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write lockstorm.log", e);
        }
    }

    /** A line in the log and on the progress stream. */
    void say(String line) {
        log(line);
        progress.println(line);
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
