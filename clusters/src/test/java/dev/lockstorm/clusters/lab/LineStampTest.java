package dev.lockstorm.clusters.lab;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class LineStampTest {
    @Test
    void eachLineIsStampedWhenItIsComplete() throws IOException {
        AtomicInteger n = new AtomicInteger();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        LineStamp stamp = () -> "[" + n.incrementAndGet() + "] ";
        try (OutputStream out = stamp.lines(log)) {
            // a line written in pieces gets one stamp, taken when it is complete
            out.write("Ready to accept".getBytes(StandardCharsets.UTF_8));
            out.write(" connections\nsecond\nthe last, unfinished".getBytes(StandardCharsets.UTF_8));
            assertEquals("[1] Ready to accept connections\n[2] second\n", log.toString(StandardCharsets.UTF_8));
        }
        // a last line without its newline (a server killed mid-line) is kept, finished, at the end
        assertEquals("[1] Ready to accept connections\n[2] second\n[3] the last, unfinished\n", log.toString(StandardCharsets.UTF_8));
    }

    @Test
    void withoutAStampTheOutputIsWrittenAsItIs() {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        assertSame(log, LineStamp.NONE.lines(log));
    }
}
