package dev.lockstorm.locks.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.Function;

/**
 * A TCP peer on loopback that speaks just enough RESP to stand for a Redis node whose answers a test
 * chooses: each command's name (upper case) gets the reply {@code replies} gives, or none at all
 * (null: the command was taken and never answered). HELLO is refused, so Lettuce speaks RESP2.
 * For testing how a client maps what it hears to an outcome, not Redis itself.
 */
final class RespPeer implements AutoCloseable {
    private final ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    private final Function<String, String> replies;

    RespPeer(Function<String, String> replies) throws IOException {
        this.replies = replies;
        Thread t = new Thread(() -> {
            while (!server.isClosed()) {
                try {
                    Socket s = server.accept();
                    Thread r = new Thread(() -> serve(s));
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

    private void serve(Socket s) {
        try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) > 0) {
                for (String command : new String(buf, 0, n, StandardCharsets.UTF_8).split("(?=\\*[0-9]+\r\n)")) {
                    String[] lines = command.split("\r\n");
                    if (lines.length < 3) continue;
                    String name = lines[2].toUpperCase(Locale.ROOT);
                    String reply = name.equals("HELLO") ? "-ERR unknown command 'HELLO'\r\n" : replies.apply(name);
                    if (reply != null) out.write(reply.getBytes(StandardCharsets.UTF_8));
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
