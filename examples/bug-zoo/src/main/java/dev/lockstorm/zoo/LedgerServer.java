package dev.lockstorm.zoo;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A team's own ledger server, a program apart from lockstorm ({@link LedgerProgram} is its client): a counter with a
 * fencing bar, served over TCP one line a call, {@code read TOKEN} ({@code ok VALUE}) and {@code write TOKEN VALUE}
 * ({@code ok}), a token of {@code -} for none, {@code stale BAR} for a refusal. It checks tokens as
 * {@code LOCKSTORM_FENCING} says and, with {@code --durable}, keeps its value and bar in {@code LOCKSTORM_DIR} before it
 * answers; with {@code --memory} it keeps them in memory alone, as a server "made durable later" does.
 *
 * <pre>{@code
 * LOCKSTORM_PORT=7300 LOCKSTORM_FENCING=all LOCKSTORM_DIR=/tmp/ledger java -cp … dev.lockstorm.zoo.LedgerServer --durable
 * }</pre>
 */
public final class LedgerServer {
    private final String fencing;
    private final Path file;
    private long value;
    private Long bar;

    private LedgerServer(String fencing, Path file) throws IOException {
        this.fencing = fencing;
        this.file = file;
        if (file != null && Files.exists(file)) {
            String[] f = Files.readString(file).trim().split(" ");
            value = Long.parseLong(f[0]);
            bar = f[1].equals("-") ? null : Long.parseLong(f[1]);
        }
    }

    public static void main(String[] args) throws IOException {
        boolean durable = args.length == 1 && args[0].equals("--durable");
        if (!durable && !(args.length == 1 && args[0].equals("--memory"))) {
            System.err.println("usage: LedgerServer --durable|--memory (LOCKSTORM_PORT, LOCKSTORM_FENCING, LOCKSTORM_DIR in the environment)");
            System.exit(3);
        }
        LedgerServer ledger = new LedgerServer(System.getenv("LOCKSTORM_FENCING"), durable ? Path.of(System.getenv("LOCKSTORM_DIR"), "ledger") : null);
        try (ServerSocket listener = new ServerSocket()) {
            listener.setReuseAddress(true);
            listener.bind(new InetSocketAddress(Integer.parseInt(System.getenv("LOCKSTORM_PORT"))));
            System.err.println("ledger: serving on " + listener.getLocalSocketAddress() + (durable ? ", kept in " + ledger.file : ", in memory"));
            while (true) {
                Socket s = listener.accept();
                Thread t = new Thread(() -> ledger.serve(s));
                t.setDaemon(true);
                t.start();
            }
        }
    }

    private void serve(Socket s) {
        try (s; BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))) {
            OutputStream out = s.getOutputStream();
            String line;
            while ((line = in.readLine()) != null) {
                out.write((answer(line.split(" ")) + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
        } catch (IOException | RuntimeException e) {
            // the client went away, or sent what this server does not take: the connection ends
        }
    }

    private synchronized String answer(String[] call) {
        Long token = call[1].equals("-") ? null : Long.parseLong(call[1]);
        boolean write = call[0].equals("write");
        boolean checked = token != null && (write ? !"none".equals(fencing) : "all".equals(fencing));
        if (checked) {
            if (bar != null && token < bar) return "stale " + bar;
            if (bar == null || token > bar) bar = token;
        }
        if (write) value = Long.parseLong(call[2]);
        keep();
        return write ? "ok" : "ok " + value;
    }

    /** The value and bar on disk, a new file moved over the old, before the answer goes out. */
    private void keep() {
        if (file == null) return;
        try {
            Path next = file.resolveSibling("ledger.next");
            Files.writeString(next, value + " " + (bar == null ? "-" : bar) + "\n");
            Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
