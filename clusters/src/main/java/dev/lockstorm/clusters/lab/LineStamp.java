package dev.lockstorm.clusters.lab;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * What each line of a server's log begins with, so that a server's log lines up with the run's
 * timeline like the driver's and the clients' do (the run supplies its own stamp: the run's time and
 * the wall time). Servers write their own timestamps too, on their own clocks, which a clock fault may
 * move on purpose; this stamp is taken when the line reaches the log.
 *
 * <pre>{@code
 * lab.stampLogs(() -> String.format("[%9.3f s] ", (System.nanoTime() - start) / 1e9));
 * }</pre>
 */
@FunctionalInterface
public interface LineStamp {
    /** No stamp: the process's output as it is (a benchmark's process whose output is parsed). */
    LineStamp NONE = () -> "";

    /** The stamp for a line written now, with its trailing space. */
    String now();

    /** An output stream that passes each complete line on to {@code out}, stamped, in one write. */
    default OutputStream lines(OutputStream out) {
        if (this == NONE) return out;
        return new OutputStream() {
            private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);

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
            public synchronized void close() throws IOException {
                if (line.size() > 0) {
                    line.write('\n');
                    flushLine();
                }
                out.close();
            }

            private void flushLine() throws IOException {
                byte[] stamp = now().getBytes(StandardCharsets.UTF_8);
                byte[] whole = new byte[stamp.length + line.size()];
                System.arraycopy(stamp, 0, whole, 0, stamp.length);
                System.arraycopy(line.toByteArray(), 0, whole, stamp.length, line.size());
                line.reset();
                out.write(whole);
                out.flush();
            }
        };
    }
}
