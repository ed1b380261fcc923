package dev.lockstorm.locks.redis;

import dev.lockstorm.api.NotAcquiredException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Redlock's outcomes are never more certain than they are: masters it cannot reach refuse for sure,
 * but a master that took the SET and never answered may keep our value, so the acquire it gives up
 * is uncertain (the worker records {@code info}), not refused.
 */
@Tag("unit")
class RedlockOutcomesTest {

    /** A TCP peer that answers Lettuce's handshake and then swallows every command without a word. */
    private static final class BlackHole implements AutoCloseable {
        final ServerSocket server = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());

        BlackHole() throws IOException {
            Thread t = new Thread(() -> {
                while (!server.isClosed()) {
                    try {
                        Socket s = server.accept();
                        Thread r = new Thread(() -> swallow(s));
                        r.setDaemon(true);
                        r.start();
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            t.setDaemon(true);
            t.start();
        }

        /** The handshake is answered (HELLO refused, so Lettuce speaks RESP2; anything else OK); SET and EVAL get silence. */
        private static void swallow(Socket s) {
            try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                byte[] buf = new byte[4096];
                int n;
                while ((n = in.read(buf)) > 0) {
                    String said = new String(buf, 0, n, StandardCharsets.UTF_8).toUpperCase(java.util.Locale.ROOT);
                    if (said.contains("\r\nSET\r\n") || said.contains("\r\nEVAL\r\n")) continue;
                    for (String command : said.split("(?=\\*[0-9]+\r\n)")) {
                        if (command.isBlank()) continue;
                        out.write((command.contains("HELLO") ? "-ERR unknown command 'HELLO'\r\n" : "+OK\r\n").getBytes(StandardCharsets.UTF_8));
                    }
                    out.flush();
                }
            } catch (IOException e) {
                // the client went away
            }
        }

        String uri() {
            return "redis://127.0.0.1:" + server.getLocalPort();
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }

    private static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Test
    void mastersThatCannotBeReachedRefuseForSure() throws Exception {
        Redlock lock = new Redlock(List.of("redis://127.0.0.1:" + closedPort(), "redis://127.0.0.1:" + closedPort(),
                "redis://127.0.0.1:" + closedPort()), Duration.ofSeconds(4));
        lock.open();
        try {
            assertThrows(NotAcquiredException.class, () -> lock.acquire(Duration.ofMillis(200)));
        } finally {
            lock.close();
        }
    }

    @Test
    void aMasterThatTookTheSetAndNeverAnsweredMakesTheAcquireUncertain() throws Exception {
        try (BlackHole a = new BlackHole(); BlackHole b = new BlackHole()) {
            Redlock lock = new Redlock(List.of(a.uri(), b.uri(), "redis://127.0.0.1:" + closedPort()), Duration.ofSeconds(4));
            lock.open();
            try {
                Exception e = assertThrows(Exception.class, () -> lock.acquire(Duration.ofMillis(300)));
                assertTrue(e instanceof Redlock.UncertainAcquireException, "not a refusal: " + e);
                assertTrue(e.getMessage().contains("may still hold our value"), e.getMessage());
            } finally {
                lock.close();
            }
        }
    }
}
