package dev.lockstorm.nemesis.delay;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The process that delays one client host's connections to the servers: it runs in the client's
 * network namespace, where nft redirects every connection to a server's port to one of its
 * listeners on the loopback ({@link DelayLinks}), and forwards each byte both ways after the delay
 * set for that server now, with jitter, in order. Its own connections to the servers leave from
 * source ports {@value #FIRST_SOURCE_PORT}–{@value #LAST_SOURCE_PORT}, which the redirect leaves
 * alone; they carry the client's own address, so partitions, losses and slow links still apply.
 * The kernel here has no netem and no nfqueue: a user-space hop is what adds latency.
 *
 * <p>Arguments: {@code LISTEN_PORT=SERVER_ADDRESS:PORT …}. Standard input takes one command a line,
 * each answered {@code ok} (or {@code error: …}) on standard output: {@code delay ADDRESS MS JITTER_MS}
 * (bytes to and from that server wait MS ± JITTER_MS each way from now on) and {@code heal} (no
 * delay anywhere). It prints {@code ready} once every listener is bound, and exits when its input
 * ends.
 */
public final class DelayProxy {
    /** The source ports of the proxy's own connections, outside Linux's ephemeral range (32768–60999). */
    public static final int FIRST_SOURCE_PORT = 61000;
    public static final int LAST_SOURCE_PORT = 61999;

    private final Map<String, int[]> delays = new ConcurrentHashMap<>();
    private final AtomicInteger nextSourcePort = new AtomicInteger(FIRST_SOURCE_PORT);

    public static void main(String[] args) throws IOException {
        DelayProxy proxy = new DelayProxy();
        for (String a : args) {
            int eq = a.indexOf('=');
            int colon = a.lastIndexOf(':');
            if (eq < 1 || colon < eq) throw new IllegalArgumentException("expected LISTEN_PORT=ADDRESS:PORT, not '" + a + "'");
            proxy.listen(Integer.parseInt(a.substring(0, eq)), new InetSocketAddress(a.substring(eq + 1, colon), Integer.parseInt(a.substring(colon + 1))));
        }
        System.out.println("ready");
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            System.out.println(proxy.command(line.strip()));
            System.out.flush();
        }
        System.exit(0);
    }

    /** Runs one command line; its answer. */
    String command(String line) {
        List<String> w = Arrays.asList(line.split("\\s+"));
        try {
            if (w.size() == 1 && w.get(0).equals("heal")) {
                delays.clear();
                return "ok";
            }
            if (w.size() == 4 && w.get(0).equals("delay")) {
                int ms = Integer.parseInt(w.get(2));
                int jitter = Integer.parseInt(w.get(3));
                if (ms < 0 || jitter < 0 || jitter > ms) return "error: expected 0 <= JITTER_MS <= MS, not " + ms + " " + jitter;
                delays.put(InetAddress.getByName(w.get(1)).getHostAddress(), new int[]{ms, jitter});
                return "ok";
            }
        } catch (NumberFormatException | IOException e) {
            return "error: " + e.getMessage();
        }
        return "error: expected 'delay ADDRESS MS JITTER_MS' or 'heal', not '" + line + "'";
    }

    /** The delay for a chunk to or from {@code server} sent now, in nanoseconds. */
    private long delayNanos(String server) {
        int[] d = delays.get(server);
        if (d == null || d[0] == 0) return 0;
        int jitter = d[1] == 0 ? 0 : ThreadLocalRandom.current().nextInt(-d[1], d[1] + 1);
        return (d[0] + jitter) * 1_000_000L;
    }

    private void listen(int port, InetSocketAddress server) throws IOException {
        ServerSocket listener = new ServerSocket();
        listener.setReuseAddress(true);
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 256);
        daemon("accept-" + port, () -> {
            while (true) {
                Socket client;
                try {
                    client = listener.accept();
                } catch (IOException e) {
                    return;
                }
                daemon("connect-" + port, () -> connect(client, server));
            }
        });
    }

    /** Joins a redirected connection to the server it was meant for; a refused connection is closed at once, as the server's refusal would be. */
    private void connect(Socket client, InetSocketAddress server) {
        Socket upstream = new Socket();
        try {
            client.setTcpNoDelay(true);
            upstream.setReuseAddress(true);
            upstream.setTcpNoDelay(true);
            bindSourcePort(upstream);
            upstream.connect(server);
        } catch (IOException e) {
            reset(client);
            closeQuietly(upstream);
            return;
        }
        String address = server.getAddress().getHostAddress();
        Pair pair = new Pair(client, upstream);
        pipe(pair, client, upstream, address, "up");
        pipe(pair, upstream, client, address, "down");
    }

    private void bindSourcePort(Socket s) throws IOException {
        int span = LAST_SOURCE_PORT - FIRST_SOURCE_PORT + 1;
        for (int tries = 0; tries < span; tries++) {
            int p = FIRST_SOURCE_PORT + Math.floorMod(nextSourcePort.getAndIncrement() - FIRST_SOURCE_PORT, span);
            try {
                s.bind(new InetSocketAddress(p));
                return;
            } catch (BindException inUse) {
                // the next one
            }
        }
        throw new BindException("every source port " + FIRST_SOURCE_PORT + "-" + LAST_SOURCE_PORT + " is in use");
    }

    /** What one direction carries: bytes due at a time, the end of the stream, or a reset. */
    private record Chunk(byte[] bytes, long due, boolean reset) {
        static final byte[] END = new byte[0];
    }

    /** Bytes from {@code from} to {@code to}, each read delayed as set for {@code server} when it was read, never reordered. */
    private void pipe(Pair pair, Socket from, Socket to, String server, String way) {
        BlockingQueue<Chunk> queue = new LinkedBlockingQueue<>();
        daemon("read-" + way, () -> {
            long lastDue = 0;
            byte[] buf = new byte[16 * 1024];
            try (InputStream in = from.getInputStream()) {
                while (true) {
                    int n = in.read(buf);
                    long due = Math.max(System.nanoTime() + delayNanos(server), lastDue);
                    lastDue = due;
                    if (n < 0) {
                        queue.add(new Chunk(Chunk.END, due, false));
                        return;
                    }
                    queue.add(new Chunk(Arrays.copyOf(buf, n), due, false));
                }
            } catch (IOException e) {
                // a reset, or the pair closed: the other side learns it after the same delay
                queue.add(new Chunk(Chunk.END, Math.max(System.nanoTime() + delayNanos(server), lastDue), true));
            }
        });
        daemon("write-" + way, () -> {
            try {
                OutputStream out = to.getOutputStream();
                while (true) {
                    Chunk c = queue.take();
                    long wait = c.due() - System.nanoTime();
                    if (wait > 0) Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                    if (c.reset()) {
                        pair.reset();
                        return;
                    }
                    if (c.bytes() == Chunk.END) {
                        to.shutdownOutput();
                        pair.halfClosed();
                        return;
                    }
                    out.write(c.bytes());
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                pair.reset();
            }
        });
    }

    /** Both sockets of a connection: closed once both ways have ended, at once (with a reset) when one failed. */
    private static final class Pair {
        private final Socket a;
        private final Socket b;
        private int halves;

        Pair(Socket a, Socket b) {
            this.a = a;
            this.b = b;
        }

        synchronized void halfClosed() {
            if (++halves == 2) {
                closeQuietly(a);
                closeQuietly(b);
            }
        }

        synchronized void reset() {
            DelayProxy.reset(a);
            DelayProxy.reset(b);
        }
    }

    /** Closes with a reset (linger 0), as a refused or broken connection is. */
    private static void reset(Socket s) {
        try {
            if (!s.isClosed()) s.setSoLinger(true, 0);
        } catch (IOException ignored) {
            // closing anyway
        }
        closeQuietly(s);
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // nothing more to do
        }
    }

    private static void daemon(String name, Runnable r) {
        Thread t = new Thread(r, "delay-" + name);
        t.setDaemon(true);
        t.start();
    }

    /** The listeners' arguments for {@code links}, numbered from {@code firstPort}: {@code 62000=10.0.0.1:2181 …}. */
    static List<String> arguments(List<InetSocketAddress> servers, int firstPort) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < servers.size(); i++) {
            InetSocketAddress s = servers.get(i);
            out.add((firstPort + i) + "=" + s.getHostString() + ":" + s.getPort());
        }
        return out;
    }
}
