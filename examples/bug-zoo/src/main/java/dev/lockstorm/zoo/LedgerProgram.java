package dev.lockstorm.zoo;

import dev.lockstorm.api.ProtectedResource;
import dev.lockstorm.api.ResourceContext;
import dev.lockstorm.api.ResourceType;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The zoo's resources that are a client of a team's own server program ({@link ResourceType#program()}): lockstorm starts
 * {@link LedgerServer} on r1 for each run, and the resource opened beside it calls it over TCP as the team's services do.
 * {@code restart-resource} kills the server and starts it again: {@code zoo-ledger-program} keeps its value and bar on disk
 * and comes back with both (the control); {@code zoo-ledger-program-memory} keeps them in memory and loses every update.
 */
public final class LedgerProgram {
    private LedgerProgram() {
    }

    /** The port the ledger server listens on, on r1. */
    static final int PORT = 7300;

    /** One connection to the server, opened again after a failure (a restarted server). */
    private static final class Client implements ProtectedResource {
        private Socket socket;
        private BufferedReader in;
        private OutputStream out;

        private synchronized String call(String line) throws IOException {
            try {
                if (socket == null) {
                    Socket s = new Socket();
                    s.connect(new InetSocketAddress("127.0.0.1", PORT), 2000);
                    s.setSoTimeout(5000);
                    socket = s;
                    in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
                    out = s.getOutputStream();
                }
                out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
                String answer = in.readLine();
                if (answer == null) throw new IOException("the ledger server closed the connection");
                return answer;
            } catch (IOException e) {
                close();
                throw e; // the call's outcome is unknown: the server may have taken it
            }
        }

        @Override
        public Read read(Long token) throws IOException {
            String a = call("read " + (token == null ? "-" : token));
            return a.startsWith("ok ") ? Read.ok(Long.parseLong(a.substring(3))) : Read.rejected("stale token " + token + " (the ledger has taken " + a.substring(6) + ")");
        }

        @Override
        public Write write(Long token, long value) throws IOException {
            String a = call("write " + (token == null ? "-" : token) + " " + value);
            return a.equals("ok") ? Write.ok() : Write.rejected("stale token " + token + " (the ledger has taken " + a.substring(6) + ")");
        }

        @Override
        public synchronized void close() {
            if (socket == null) return;
            try {
                socket.close();
            } catch (IOException ignored) {
                // gone either way
            }
            socket = null;
        }
    }

    private abstract static class OfProgram implements ResourceType {
        private final boolean durable;

        OfProgram(boolean durable) {
            this.durable = durable;
        }

        @Override
        public Optional<Program> program() {
            return Optional.of(Program.mainClass(PORT, LedgerServer.class.getName(), durable ? "--durable" : "--memory"));
        }

        @Override
        public Where where() {
            return Where.SERVICE;
        }

        @Override
        public ProtectedResource open(ResourceContext context) {
            return new Client();
        }
    }

    /** {@code zoo-ledger-program}: the control, the server's value and bar kept on disk. */
    public static final class Durable extends OfProgram {
        public Durable() {
            super(true);
        }

        @Override
        public String name() {
            return "zoo-ledger-program";
        }

        @Override
        public String description() {
            return "a ledger server of the team's own on r1 (a program apart), its value and bar kept on disk (the control)";
        }
    }

    /** {@code zoo-ledger-program-memory}: the server's value and bar in memory alone. */
    public static final class InMemory extends OfProgram {
        public InMemory() {
            super(false);
        }

        @Override
        public String name() {
            return "zoo-ledger-program-memory";
        }

        @Override
        public String description() {
            return "a ledger server of the team's own on r1 (a program apart), its value and bar in memory alone";
        }
    }
}
