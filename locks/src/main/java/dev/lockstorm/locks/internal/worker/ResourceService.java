package dev.lockstorm.locks.internal.worker;

import dev.lockstorm.api.Fencing;
import dev.lockstorm.api.ProtectedResource;
import dev.lockstorm.api.ResourceContext;
import dev.lockstorm.api.ResourceType;
import dev.lockstorm.locks.PausePoint;
import dev.lockstorm.locks.internal.registry.Registry;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A protected resource as a service of its own ({@link ResourceType.Where#SERVICE}): a JVM on the
 * run's resource host that opens the resource with its type and serves the clients' calls over TCP,
 * one {@link Command.Resource} line and its {@link Reply} line at a time on each connection, every
 * connection on a thread of its own (a storage service's request threads). A call that reaches a
 * checkpoint the run aims at (its pause point, armed on this host) tells its caller, which reaches
 * the point as its own (frozen there past its lease, or ended) and then says to go on: the call's
 * write waits as the second round trip of a client that checks, then writes, would, while other
 * calls are served. A caller that ended there ends the call before its write. It prints
 * {@code ready} on stdout once it listens, and ends when its stdin closes (the driver is done with it).
 *
 * <pre>{@code
 * java -cp … dev.lockstorm.locks.internal.worker.ResourceService counter-service writes 7171 redis://10.0.0.11:6379 - /var/lib/lockstorm/run-1/r1/resource
 * }</pre>
 */
public final class ResourceService {
    /** The port every resource service listens on, on its host's address. */
    public static final int PORT = 7171;
    /** The notes of the call in progress on each connection's thread. */
    private static final ThreadLocal<List<String>> NOTES = new ThreadLocal<>();
    /** The connection of the call in progress on each connection's thread: where its checkpoints are told. */
    private static final ThreadLocal<Caller> CALLER = new ThreadLocal<>();

    /** A call's connection: the caller is told of an armed checkpoint there and answers when it has passed it. */
    private record Caller(BufferedReader in, OutputStream out) {
    }

    private final ProtectedResource resource;

    private ResourceService(ProtectedResource resource) {
        this.resource = resource;
    }

    /**
     * What the service's JVM is started with: the resource's name, the run's fencing, the port, the lock's servers, the
     * resource's own ({@code -} for none) and the directory for its files.
     */
    public static List<String> arguments(String resource, Fencing fencing, int port, String connect, String storage, String dir) {
        return List.of(resource, fencing.wire(), Integer.toString(port), connect, storage.isEmpty() ? NO_STORAGE : storage, dir);
    }

    /** The argument that says the resource has no servers of its own: an empty one may not survive a remote shell. */
    private static final String NO_STORAGE = "-";

    public static void main(String[] args) throws Exception {
        if (args.length != 6) {
            System.err.println("usage: ResourceService RESOURCE FENCING PORT CONNECT STORAGE|- DIR");
            System.exit(3);
        }
        PrintStream out = LogStamp.protocolOut();
        // where the run aims the pause point: a call that reaches it there hands it to its caller
        PausePoint.Setting point = PausePoint.Setting.of(System::getenv);
        ResourceService service;
        try {
            java.nio.file.Path dir = java.nio.file.Files.createDirectories(java.nio.file.Path.of(args[5]));
            service = open(Registry.builtIn().resource(args[0]), Fencing.fromName(args[1]), args[3], args[4].equals(NO_STORAGE) ? "" : args[4], dir, point);
            ServerSocket listener = new ServerSocket();
            listener.setReuseAddress(true);
            listener.bind(new InetSocketAddress(Integer.parseInt(args[2])));
            service.serve(listener);
        } catch (Exception e) {
            out.println("error " + e.getClass().getSimpleName() + ": " + e.getMessage());
            e.printStackTrace();
            System.exit(2);
            return;
        }
        System.err.println("lockstorm: serving the resource " + args[0] + " on port " + args[2] + (point.name() == null ? ""
                : "; the pause point " + point.name() + " is handed to its caller while " + point.armed() + " exists"));
        out.println("ready");
        // the driver holds our stdin: when it closes, the run is done with the service
        while (System.in.read() >= 0) {
            // nothing is sent on it
        }
        try {
            service.resource.close();
        } catch (Exception e) {
            System.err.println("lockstorm: the resource did not close cleanly: " + e);
        }
        System.exit(0);
    }

    /**
     * The service of a resource of {@code type}, opened as a run opens it; a call that reaches {@code point} while it is armed
     * hands it to its caller and waits for its word to go on.
     */
    static ResourceService open(ResourceType type, Fencing fencing, String connect, String storage, java.nio.file.Path dir, PausePoint.Setting point)
            throws Exception {
        ResourceContext.Run run = new ResourceContext.Run() {
            @Override
            public void checkpoint(String name) {
                Caller caller = CALLER.get();
                if (caller == null || !point.aimsAt(name) || !java.nio.file.Files.exists(point.armed())) return;
                // the point is the calling client's: it freezes or ends there, as between two round trips of its own,
                // while this call waits before its write; other calls go on
                try {
                    send(caller.out(), Protocol.encode(new Reply.AtCheckpoint(name)));
                    String line = caller.in().readLine();
                    if (line == null || !(Protocol.command(line) instanceof Command.GoOn)) {
                        throw new IllegalStateException("the caller went away at the checkpoint " + name + " (killed there): the call goes no further");
                    }
                } catch (IOException e) {
                    throw new IllegalStateException("the caller went away at the checkpoint " + name + ": " + e.getMessage(), e);
                }
            }

            @Override
            public void note(String what) {
                List<String> notes = NOTES.get();
                if (notes != null) notes.add(what);
            }
        };
        return new ResourceService(type.open(new ResourceContext(fencing, connect, storage, dir, run)));
    }

    /** Serves every connection {@code listener} accepts, from a thread of its own, until the listener closes. */
    void serve(ServerSocket listener) {
        Thread accept = new Thread(() -> accept(listener), "accept");
        accept.setDaemon(true);
        accept.start();
    }

    private void accept(ServerSocket listener) {
        while (true) {
            try {
                Socket s = listener.accept();
                s.setTcpNoDelay(true);
                Thread t = new Thread(() -> serve(s), "call-" + s.getRemoteSocketAddress());
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                if (!listener.isClosed()) System.err.println("lockstorm: the resource service stopped accepting: " + e);
                return;
            }
        }
    }

    /** Serves one connection until its client closes it. */
    private void serve(Socket s) {
        try (s; BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))) {
            OutputStream out = s.getOutputStream();
            CALLER.set(new Caller(in, out));
            String line;
            while ((line = in.readLine()) != null) {
                Reply r;
                try {
                    r = Protocol.command(line) instanceof Command.Resource call ? handle(call) : new Reply.Info("bad command: not a resource call: " + line);
                } catch (IllegalArgumentException e) {
                    r = new Reply.Info("bad command: " + e.getMessage());
                }
                send(out, Protocol.encode(r));
            }
        } catch (IOException e) {
            // the client went away (killed, reset, timed out): its call's outcome is its driver's to record
        }
    }

    private static void send(OutputStream out, String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** One call: accepted, refused as stale, or unknown when the resource threw; with the notes it added. */
    Reply handle(Command.Resource call) {
        List<String> notes = new ArrayList<>();
        NOTES.set(notes);
        try {
            if (call.op().equals("write")) {
                ProtectedResource.Write w = resource.write(call.token(), call.value());
                return w.accepted() ? new Reply.Ok(null, null, notes) : new Reply.Fail(refusal(w.reason(), call), notes);
            }
            ProtectedResource.Read r = call.op().equals("read-shared") ? resource.readShared(call.token()) : resource.read(call.token());
            return r.accepted() ? new Reply.Ok(r.value(), null, notes) : new Reply.Fail(refusal(r.reason(), call), notes);
        } catch (Exception e) {
            return new Reply.Info(e.getClass().getSimpleName() + ": " + e.getMessage(), notes);
        } finally {
            NOTES.remove();
        }
    }

    private static String refusal(String reason, Command.Resource call) {
        return reason != null ? reason : "stale token " + call.token();
    }
}
