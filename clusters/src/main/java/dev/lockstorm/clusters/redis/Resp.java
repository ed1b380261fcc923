package dev.lockstorm.clusters.redis;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A minimal Redis protocol client for health checks and fault tests (role, info, sentinel
 * queries, plain SET/GET). Lock clients use a full client library.
 *
 * <pre>{@code
 * try (Resp r = Resp.connect(node.host().address(), 6379, Duration.ofSeconds(1))) {
 *     r.call("SET", "k", "v", "PX", "10000");
 * }
 * }</pre>
 */
public final class Resp implements AutoCloseable {
    /** An error reply ({@code -ERR …}). */
    public static final class ErrorReply extends IOException {
        public ErrorReply(String message) {
            super(message);
        }
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    private Resp(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    public static Resp connect(String host, int port, Duration timeout) throws IOException {
        Socket s = new Socket();
        try {
            s.connect(new InetSocketAddress(host, port), (int) timeout.toMillis());
            s.setSoTimeout((int) timeout.toMillis());
            return new Resp(s);
        } catch (IOException e) {
            s.close();
            throw e;
        }
    }

    /** Sends a command; returns a String, Long, List, or null (nil). */
    public Object call(String... args) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(("*" + args.length + "\r\n").getBytes(StandardCharsets.UTF_8));
        for (String a : args) {
            byte[] bytes = a.getBytes(StandardCharsets.UTF_8);
            b.writeBytes(("$" + bytes.length + "\r\n").getBytes(StandardCharsets.UTF_8));
            b.writeBytes(bytes);
            b.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
        }
        out.write(b.toByteArray());
        out.flush();
        return read();
    }

    private Object read() throws IOException {
        int type = in.read();
        if (type < 0) throw new IOException("connection closed");
        String line = line();
        switch (type) {
            case '+':
                return line;
            case '-':
                throw new ErrorReply(line);
            case ':':
                return Long.parseLong(line);
            case '$': {
                int n = Integer.parseInt(line);
                if (n < 0) return null;
                byte[] data = in.readNBytes(n);
                line();
                return new String(data, StandardCharsets.UTF_8);
            }
            case '*': {
                int n = Integer.parseInt(line);
                if (n < 0) return null;
                List<Object> items = new ArrayList<>();
                for (int i = 0; i < n; i++) items.add(read());
                return items;
            }
            default:
                throw new IOException("unexpected reply type '" + (char) type + "'");
        }
    }

    private String line() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != '\r') {
            if (c < 0) throw new IOException("connection closed");
            b.write(c);
        }
        in.read(); // \n
        return b.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
