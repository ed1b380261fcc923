package dev.lockstorm.locks.internal.worker;

import dev.lockstorm.api.Checkpoints;
import dev.lockstorm.api.Notes;
import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.LockSystem;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.api.ReadWriteLockClient;
import dev.lockstorm.api.NotHeldException;
import dev.lockstorm.locks.PausePoint;
import dev.lockstorm.locks.internal.registry.Registry;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Supplier;

/**
 * A lock client process: one {@link LockClient} driven by the runner over stdin/stdout
 * ({@link Protocol}), never over the faulted network. When the process is frozen (SIGSTOP),
 * commands wait in the pipe and run when it resumes, as a paused client's would.
 * Started without arguments; its first command is {@link Command.Open}, which names the system (found
 * on this JVM's class path like any plug-in), the servers, the lock, the lease and the options.
 */
public final class Worker {
    /** Notes the lock client added during the call in progress ({@link Notes}). */
    private static final List<String> NOTES = new java.util.ArrayList<>();
    private final Supplier<LockClient> newClient;
    private final PrintStream out;
    private LockClient client;
    /** Instances left running after an unknown outcome ({@link Command.Reset#keepOld}): closed only when the worker exits. */
    private final List<LockClient> crashed = new java.util.ArrayList<>();
    /**
     * The leases held, the newest first: a reentrant lock's nested acquires push, releases pop; a
     * read-write lock's release takes the newest lease of its mode (a downgraded writer gives back
     * its write lease under its newer read lease).
     */
    private final Deque<Held> leases = new ArrayDeque<>();
    /** The client this worker serves (its first open), or null when not told (a test's worker). */
    private Command.Open serving;
    /** The resource service's connection, when the run's resource is a service of its own. */
    private final ResourceLink resource = new ResourceLink();
    /** The log file a kept worker writes to since its latest run, or null while it writes to its own stderr. */
    private PrintStream relogged;

    private record Held(Lease lease, boolean read) {
    }

    Worker(Supplier<LockClient> newClient, PrintStream out) {
        this.newClient = newClient;
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 0) {
            System.err.println("usage: Worker (no arguments: the first line on stdin is an open command)");
            System.exit(3);
        }
        // libraries' chatter goes to the log, not into the protocol, each line stamped with the run's time
        PrintStream out = LogStamp.protocolOut();
        // every checkpoint, the worker's own around each call and a lock's own, is a pause point the nemesis can arm
        Checkpoints.install(PausePoint::reach);
        collectNotes();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        Worker w;
        try {
            String first = in.readLine();
            if (first == null) System.exit(0);
            if (!(Protocol.command(first) instanceof Command.Open open)) throw new IllegalArgumentException("the first command must be open, not " + first);
            if (open.settings() != null) apply(open.settings());
            ClientContext context = new ClientContext(open.connect(), open.lock(), Duration.ofMillis(open.leaseMs()), open.options());
            LockSystem system = Registry.builtIn().system(open.system());
            w = new Worker(() -> system.newClient(context), out);
            w.serves(open);
        } catch (RuntimeException e) {
            out.println(Protocol.encode(new Reply.OpenFailed(describe(e))));
            e.printStackTrace();
            System.exit(2);
            return;
        }
        // a client that cannot open yet (its servers down or cut off) stays: the driver sends open again, as an
        // application retries making its client, rather than paying for a new JVM per attempt
        out.println(Protocol.encode(w.open()));
        String line;
        while ((line = in.readLine()) != null) {
            Reply r = w.handle(line);
            if (r == null) break;
            out.println(Protocol.encode(r));
        }
        if (w.client != null) w.client.close();
        w.crashed.forEach(LockClient::close);
        w.resource.close();
        System.exit(0);
    }

    /** The run's settings of the worker's own switches: its checkpoint and its renewal switch. */
    static void apply(java.util.Map<String, String> settings) {
        PausePoint.configure(settings);
        dev.lockstorm.locks.RenewalHold.configure(settings);
    }

    /** This worker serves the client {@code open} opens: a later open of another is refused. */
    void serves(Command.Open open) {
        this.serving = open;
    }

    /** From now on the log (stderr, and stdout, which libraries may print to) goes to {@code file}, its lines stamped from {@code runStartNanos}. */
    private void logTo(String file, long runStartNanos) {
        try {
            PrintStream log = new PrintStream(new LogStamp(runStartNanos).lines(new java.io.FileOutputStream(file, true)), true, StandardCharsets.UTF_8);
            PrintStream old = relogged;
            System.setErr(log);
            System.setOut(log);
            relogged = log;
            if (old != null) old.close();
        } catch (java.io.IOException e) {
            System.err.println("lockstorm worker: cannot write its log to " + file + ": " + e);
        }
    }

    /** Makes and opens a new client instance; one that fails to open is closed and dropped. */
    Reply open() {
        LockClient made = null;
        try {
            made = newClient.get();
            made.open();
            client = made;
            // read once now, with the client's connections open: the first reading loads its classes and the kernel's tables
            // (tens of milliseconds, hundreds under load), which must not come between a grant and its answer, whose time
            // bounds where the checker places the lease's start
            Peers.now();
            return new Reply.Ready();
        } catch (Exception | LinkageError e) {
            // the cause stays in this client's log; the driver reports it with the log's path
            e.printStackTrace();
            client = null;
            if (made != null) {
                try {
                    made.close();
                } catch (RuntimeException ignored) {
                    // half open: what it could release, it did
                }
            }
            return new Reply.OpenFailed(describe(e));
        }
    }

    /** Keeps the lock client's notes for the answer to the call in progress. */
    static void collectNotes() {
        Notes.install(note -> {
            synchronized (NOTES) {
                NOTES.add(note);
            }
        });
    }

    /** The notes the lock client added since the last look ({@link Notes}), emptied. */
    private static List<String> takeNotes() {
        synchronized (NOTES) {
            List<String> out = List.copyOf(NOTES);
            NOTES.clear();
            return out;
        }
    }

    /** Runs one command line; null when the worker should exit. */
    Reply handle(String line) {
        Command cmd;
        try {
            cmd = Protocol.command(line);
        } catch (IllegalArgumentException e) {
            return new Reply.Info("bad command: " + line);
        }
        // the resource is no part of the lock client: a holder's call goes over the network whatever its client is doing
        if (cmd instanceof Command.Resource call) return resource.call(call);
        if (client == null && !(cmd instanceof Command.Open || cmd instanceof Command.Reset || cmd instanceof Command.Drop || cmd instanceof Command.Close)) {
            return new Reply.Info("bad command: no client is open (its open failed: send open again)");
        }
        if (cmd instanceof Command.Acquire a) {
            takeNotes(); // notes belong to the call they were made in
            try {
                Checkpoints.reach(Checkpoints.BEFORE_ACQUIRE);
                Duration timeout = Duration.ofMillis(a.timeoutMs());
                Lease lease = a.read() ? readWrite().acquireRead(timeout) : client.acquire(timeout);
                leases.push(new Held(lease, a.read()));
                Checkpoints.reach(Checkpoints.AFTER_GRANT);
                return new Reply.Ok(lease.token(), a.thenUse() ? belief(lease) : null, takeNotes(), Peers.now());
            } catch (NotAcquiredException e) {
                return new Reply.Fail(describe(e), takeNotes());
            } catch (Exception e) {
                return new Reply.Info(describe(e), takeNotes());
            }
        }
        if (cmd instanceof Command.Use) {
            Checkpoints.reach(Checkpoints.BEFORE_USE);
            return new Reply.InUse(leases.isEmpty() ? Boolean.FALSE : belief(leases.peek().lease()), Peers.now());
        }
        if (cmd instanceof Command.Release r) {
            Held held = leases.stream().filter(h -> h.read() == r.read()).findFirst().orElse(null);
            if (held == null) return new Reply.Fail(describe(new NotHeldException("this client holds no " + (r.read() ? "read " : "") + "lease")));
            try {
                Checkpoints.reach(Checkpoints.BEFORE_RELEASE);
                leases.removeFirstOccurrence(held);
                if (r.read()) readWrite().releaseRead(held.lease());
                else client.release(held.lease());
                Checkpoints.reach(Checkpoints.AFTER_RELEASE);
                return new Reply.Ok(null);
            } catch (Exception e) {
                // NotHeldException too: the lease ended at some point up to now, which only info says
                return new Reply.Info(describe(e));
            }
        }
        if (cmd instanceof Command.Open o) {
            // a kept worker serves the client it was made for: another lock, servers or lease needs a worker of its own
            if (serving != null && !o.sameClient(serving)) return new Reply.OpenFailed("bad command: this worker serves " + serving.system() + " at " + serving.connect());
            if (o.log() != null) logTo(o.log(), o.runStartNanos());
            if (o.settings() != null) apply(o.settings());
            return client == null ? open() : new Reply.Info("bad command: the client is open already");
        }
        if (cmd instanceof Command.Drop) {
            // the run is over: what the client held goes with it, and the worker waits for the next run's open
            if (client != null) client.close();
            client = null;
            crashed.forEach(LockClient::close);
            crashed.clear();
            leases.clear();
            // the run's resource service went with it: the next run's, at the same address, is another process
            resource.close();
            return new Reply.Ok(null);
        }
        if (cmd instanceof Command.Reset reset) {
            // the old instance is a crashed process: drop it (its lease, if any, expires) and start afresh; or leave it
            // running, as an application that caught the exception does, with whatever its library still has queued
            if (client == null) {
                // the last open failed: nothing to drop
            } else if (reset.keepOld()) {
                crashed.add(client);
            } else {
                client.close();
            }
            leases.clear();
            return open();
        }
        return null; // close
    }

    /** What the client says of {@code lease}: null when it cannot say (no {@code stillHeld}). */
    private Boolean belief(Lease lease) {
        try {
            return client.stillHeld(lease);
        } catch (UnsupportedOperationException cannot) {
            return null;
        }
    }

    /** The client as a read-write lock; a system that is none is a bad command to the driver. */
    private ReadWriteLockClient readWrite() {
        if (client instanceof ReadWriteLockClient rw) return rw;
        throw new IllegalStateException(client.getClass().getName() + " has no read lock (it is no ReadWriteLockClient)");
    }

    private static String describe(Throwable e) {
        return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
}
