package dev.lockstorm.locks.internal.worker;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stamp every log line of a run carries, so that logs line up with the history: the run's time
 * (seconds on the history's clock: the driver's monotonic clock, which every process on the machine
 * shares; a remote host's start is moved onto its own clock by the offset measured over SSH) and the
 * wall time of the process that wrote it (a client's clock may be faked on purpose).
 *
 * <pre>{@code
 * [   12.345 s | 20:35:40.123] lockstorm: healed
 * }</pre>
 */
public final class LogStamp {
    /** The environment variable that hands a worker its run's start on the monotonic clock (System.nanoTime). */
    public static final String RUN_START_ENV = "LOCKSTORM_RUN_START_NANOS";
    private static final DateTimeFormatter WALL = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

    private final long startNanos;

    /**
     * Sets up a process of the run whose stdout carries a protocol (a worker, a resource service): what libraries print
     * goes to stderr, the log, each line stamped with the run's time when {@link #RUN_START_ENV} gives it; the returned
     * stream is the real stdout, for the protocol alone.
     */
    public static java.io.PrintStream protocolOut() {
        java.io.PrintStream out = new java.io.PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true,
                java.nio.charset.StandardCharsets.UTF_8);
        String start = System.getenv(RUN_START_ENV);
        if (start != null) {
            System.setErr(new java.io.PrintStream(new LogStamp(Long.parseLong(start)).lines(new java.io.FileOutputStream(java.io.FileDescriptor.err)), true,
                    java.nio.charset.StandardCharsets.UTF_8));
        }
        System.setOut(System.err);
        return out;
    }

    public LogStamp(long startNanos) {
        this.startNanos = startNanos;
    }

    private static final Pattern STAMPED = Pattern.compile("^\\[ *(-?\\d+\\.\\d+) s \\| ");

    /** The run time, in seconds, that a stamped log line carries; empty for a line without a stamp. */
    public static OptionalDouble runSeconds(String line) {
        Matcher m = STAMPED.matcher(line);
        return m.find() ? OptionalDouble.of(Double.parseDouble(m.group(1))) : OptionalDouble.empty();
    }

    /** "[   12.345 s | 20:35:40.123] " for now. */
    public String now() {
        return String.format(Locale.ROOT, "[%9.3f s | %s] ", (System.nanoTime() - startNanos) / 1e9, WALL.format(Instant.now()));
    }

    /** An output stream that stamps each line it passes on to {@code out}. */
    public OutputStream lines(OutputStream out) {
        return new OutputStream() {
            private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream(256);

            @Override
            public synchronized void write(int b) throws IOException {
                line.write(b);
                if (b == '\n') flushLine();
            }

            @Override
            public synchronized void write(byte[] b, int off, int len) throws IOException {
                for (int i = off; i < off + len; i++) write(b[i]);
            }

            @Override
            public synchronized void flush() throws IOException {
                out.flush();
            }

            private void flushLine() throws IOException {
                out.write(now().getBytes(StandardCharsets.UTF_8));
                line.writeTo(out);
                line.reset();
                out.flush();
            }
        };
    }
}
