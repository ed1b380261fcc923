package dev.lockstorm.suite.internal.run;

import dev.lockstorm.api.ProtectedResource;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.nemesis.ClockFault;
import dev.lockstorm.suite.internal.nemesis.Client;
import dev.lockstorm.workloads.internal.worker.Command;
import dev.lockstorm.workloads.internal.worker.Reply;
import dev.lockstorm.workloads.internal.worker.Worker;
import dev.lockstorm.workloads.internal.worker.WorkerHandle;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One client of the run: a worker process on its own host and the generator that drives it:
 * acquire → read the resource → hold → write value+1 with the token → release. An operation with no
 * answer in time is {@code info}; the worker is then killed and replaced by a new process
 * (old id + number of clients), as Jepsen does.
 */
final class ClientSlot implements Client {
    /** The lock's name every client is given. */
    static final String LOCK = "/lockstorm/lock";

    private final Lab lab;
    private final Host host;
    private final RunSpec spec;
    private final String connect;
    private final Recorder recorder;
    private final ProtectedResource resource;
    private final Random random;
    private final Holders holders;
    private final Map<String, String> env;
    private final ClockFault clock;
    private volatile int process;
    private volatile HostProcess worker;
    private WorkerHandle handle;
    private Long token;

    ClientSlot(Lab lab, Host host, int process, RunSpec spec, String connect, Recorder recorder, ProtectedResource resource,
               Random random, Holders holders, Map<String, String> env, ClockFault clock) {
        this.lab = lab;
        this.host = host;
        this.process = process;
        this.spec = spec;
        this.connect = connect;
        this.recorder = recorder;
        this.resource = resource;
        this.random = random;
        this.holders = holders;
        this.clock = clock;
        Map<String, String> all = new HashMap<>(env);
        if (clock != null) all.putAll(clock.env());
        this.env = Map.copyOf(all);
    }

    @Override
    public ClockFault clock() {
        return clock;
    }

    @Override
    public Host host() {
        return host;
    }

    @Override
    public HostProcess worker() {
        return worker;
    }

    private boolean workerAlive() {
        HostProcess w = worker;
        return w != null && w.isAlive();
    }

    @Override
    public boolean holds() {
        return holders.holds(this);
    }

    /**
     * Starts the first worker and waits until its lock client is open; a client that cannot open
     * then, with every server up, stops the run, naming the error and the client's log.
     */
    void startFirstWorker() {
        startWorker(Duration.ofSeconds(5));
    }

    /**
     * Starts a worker and waits until its lock client is open. A client that cannot open (its
     * servers are down or cut off: a fault in progress) is started again until it can, for up to
     * {@code patience}; a worker that does not even answer is a setup error.
     */
    private void startWorker(Duration patience) {
        long deadline = System.nanoTime() + patience.toNanos();
        List<String> args = new ArrayList<>(List.of(spec.system().name(), connect, LOCK, Long.toString(spec.lease().toMillis())));
        spec.options().forEach((k, v) -> args.add(k + "=" + v));
        while (true) {
            worker = lab.startPiped(host, "client-" + host.name() + "-p" + process, lab.jvm(host, "64m",
                    List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"), spec.classpath(), Worker.class.getName(), args), env);
            handle = new WorkerHandle(worker.stdin(), worker.stdout(), peer(worker));
            Reply ready = handle.awaitReady(Duration.ofSeconds(60));
            if (ready instanceof Reply.Ready) return;
            if (ready == null || System.nanoTime() > deadline) {
                throw new SetupException("client " + host.name() + " (" + spec.system().name() + ") could not open: "
                        + (ready instanceof Reply.OpenFailed f ? f.error() : "no answer within 60 s") + "; see " + worker.log());
            }
            worker.kill();
            sleep(500);
        }
    }

    /** The worker as its handle sees it; a kill only sends SIGKILL (the handle's watchdog must not wait on one host). */
    private static WorkerHandle.Peer peer(HostProcess w) {
        return new WorkerHandle.Peer() {
            @Override
            public boolean isAlive() {
                return w.isAlive();
            }

            @Override
            public void kill() {
                w.signal("KILL");
            }

            @Override
            public boolean waitFor(Duration d) {
                return w.waitFor(d);
            }
        };
    }

    /** Runs cycles until {@code stop} is set. */
    void run(AtomicBoolean stop) {
        while (!stop.get()) cycle(spec.acquireTimeout(), true);
    }

    /**
     * One cycle of the quiet period after the final heal, without the hold: it shows that the
     * client can take the lock again (liveness), and the quiet period lets one client at a time
     * hold, so a hold there only waits (a sentinel-failover run held 74 s of its 140 there).
     * Returns whether the acquire succeeded.
     */
    boolean quietCycle(Duration acquireTimeout) {
        return cycle(acquireTimeout, false);
    }

    /**
     * One acquire → read → hold → write → release; returns whether the acquire succeeded. A
     * reentrant lock is taken again inside the hold, 0…{@link RunSpec#nesting()} deep, around the
     * read: those nested releases come before the hold and the write, so a nested release that let
     * the lock go leaves the rest of the hold open to another client, where the checker sees it. A
     * careful holder ({@link OnDoubt#STOP}) leaves the rest undone at the first doubt and releases.
     */
    private boolean cycle(Duration acquireTimeout, boolean holding) {
        int started = process;
        int depth = spec.nesting() == 0 ? 0 : random.nextInt(spec.nesting() + 1);
        // a holder that reads at once has the worker say whether it still holds with the grant: one round trip less
        boolean readAtOnce = depth == 0 && spec.onDoubt() == OnDoubt.CONTINUE;
        Reply a = op("acquire", new Command.Acquire(acquireTimeout.toMillis(), readAtOnce), Map.of());
        if (!(a instanceof Reply.Ok ok)) return false;
        token = ok.token();
        holders.acquired(this);
        int nested = 0;
        while (nested < depth && op("acquire", new Command.Acquire(acquireTimeout.toMillis()), Map.of()) instanceof Reply.Ok) nested++;
        if (process != started) return true; // crashed: a new process goes on; the old lease expires on its own
        Map<String, Object> tokenOnly = new LinkedHashMap<>();
        tokenOnly.put("token", token);
        boolean sure = mayGoOn("read", tokenOnly);
        Long read = sure && process == started ? resource("read", tokenOnly, null, ok.stillHeld()) : null;
        for (; nested > 0 && process == started; nested--) op("release", new Command.Release(), Map.of());
        if (process != started) return true;
        if (read != null) {
            long min = spec.holdMin().toMillis();
            long spread = spec.holdMax().toMillis() - min;
            Map<String, Object> w = new LinkedHashMap<>();
            w.put("token", token);
            w.put("value", read + 1);
            // drawn even without the hold, so that a seed's later draws stay the same
            long ms = min + (spread <= 0 ? 0 : random.nextInt((int) spread + 1));
            sure = hold(holding ? ms : 0, w);
            if (sure && process == started) resource("write", w, read + 1, null);
            if (process != started) return true;
        }
        holders.releasing(this);
        op("release", new Command.Release(), sure ? Map.of() : Map.of("gave_up", "the lock client said the lease may be gone"));
        holders.released(this);
        return true;
    }

    /**
     * Whether the holder goes on to {@code f}: always when it works on regardless of doubt; a
     * careful holder asks its client first. A worker that does not answer makes {@code f} crashed.
     */
    private boolean mayGoOn(String f, Map<String, Object> value) {
        if (spec.onDoubt() == OnDoubt.CONTINUE) return true;
        Reply r = handle.call(new Command.Use(), spec.opTimeout());
        if (r instanceof Reply.InUse use) return use.stillHeld();
        recorder.record(OpType.INVOKE, process, f, value, extra());
        crash(f);
        return false;
    }

    /** Holds the lock for {@code ms} before the write; a careful holder asks every 100 ms, and false means it doubts. */
    private boolean hold(long ms, Map<String, Object> write) {
        if (spec.onDoubt() == OnDoubt.CONTINUE) {
            sleep(ms);
            return true;
        }
        long end = System.nanoTime() + ms * 1_000_000;
        while (true) {
            long left = (end - System.nanoTime()) / 1_000_000;
            if (left > 0) sleep(Math.min(100, left));
            if (!mayGoOn("write", write)) return false;
            if (left <= 100) return true;
        }
    }

    /** The reading of the resource at the end of the quiet period, by a process of its own, without a token. */
    static void finalRead(Recorder recorder, ProtectedResource resource, int process) {
        Map<String, Object> noToken = new LinkedHashMap<>();
        noToken.put("token", null);
        recorder.record(OpType.INVOKE, process, "read", noToken, Map.of("client", "final"));
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("client", "final");
        try {
            ProtectedResource.Read r = resource.read(null);
            if (r.accepted()) {
                recorder.record(OpType.OK, process, "read", Map.of("value", r.value()), extra);
            } else {
                extra.put("error", "the resource refused a read without a token: " + r.reason());
                recorder.record(OpType.FAIL, process, "read", null, extra);
            }
        } catch (Exception e) {
            extra.put("error", describe(e));
            recorder.record(OpType.INFO, process, "read", null, extra);
        }
    }

    /**
     * A resource operation: the worker confirms it is about to touch the resource (after a pause,
     * only when it resumes), then the resource applies it. Returns the value read or written, or null.
     *
     * @param stillHeld what the worker said with the grant just before, when it did; else it is asked now
     */
    private Long resource(String f, Map<String, Object> value, Long newValue, Boolean stillHeld) {
        recorder.record(OpType.INVOKE, process, f, value, extra());
        if (stillHeld == null) {
            Reply ack = handle.call(new Command.Use(), spec.opTimeout());
            if (!(ack instanceof Reply.InUse use)) {
                crash(f);
                return null;
            }
            stillHeld = use.stillHeld();
        }
        Map<String, Object> extra = extra();
        extra.put("still_held", stillHeld);
        boolean accepted;
        String reason;
        long result;
        try {
            if (f.equals("read")) {
                ProtectedResource.Read r = resource.read(token);
                accepted = r.accepted();
                reason = r.reason();
                result = r.value();
            } else {
                ProtectedResource.Write w = resource.write(token, newValue);
                accepted = w.accepted();
                reason = w.reason();
                result = newValue;
            }
        } catch (Exception e) {
            // the resource itself could not say: the operation's outcome is unknown, the client goes on as a new process
            extra.put("error", describe(e));
            recorder.record(OpType.INFO, process, f, null, extra);
            reset();
            return null;
        }
        if (!accepted) {
            extra.put("error", reason != null ? reason : "stale token " + token);
            recorder.record(OpType.FAIL, process, f, null, extra);
            return null;
        }
        recorder.record(OpType.OK, process, f, f.equals("read") ? Map.of("value", result) : null, extra);
        return result;
    }

    /** A lock operation through the worker, its invocation with {@code more} fields; the reply, or null when it crashed (info). */
    private Reply op(String f, Command cmd, Map<String, Object> more) {
        Map<String, Object> invoke = extra();
        invoke.putAll(more);
        recorder.record(OpType.INVOKE, process, f, null, invoke);
        Reply answer = handle.call(cmd, spec.opTimeout());
        if (answer == null) {
            crash(f);
            return null;
        }
        Map<String, Object> extra = extra();
        if (answer instanceof Reply.Ok ok) {
            recorder.record(OpType.OK, process, f, ok.token(), extra);
        } else if (answer instanceof Reply.Fail fail) {
            extra.put("error", fail.error());
            recorder.record(OpType.FAIL, process, f, null, extra);
        } else {
            extra.put("error", answer instanceof Reply.Info info ? info.error() : "unexpected reply " + answer);
            recorder.record(OpType.INFO, process, f, null, extra);
            reset();
            return null;
        }
        return answer;
    }

    private void crash(String f) {
        Map<String, Object> extra = extra();
        HostProcess w = worker;
        // a worker too late to answer is killed by its handle: that is still "no answer", not a crash
        extra.put("error", !handle.timedOut() && w != null && !w.isAlive() ? "the client's process is gone (killed or crashed)"
                : "no answer within " + spec.opTimeout().toSeconds() + " s");
        recorder.record(OpType.INFO, process, f, null, extra);
        replace();
    }

    /**
     * The worker answered, but the operation's outcome is unknown: its client instance is a crashed
     * process. The worker opens a new instance, which goes on as a new process id; a worker that
     * cannot is replaced.
     */
    private void reset() {
        holders.released(this);
        Reply ready = handle.call(new Command.Reset(), spec.opTimeout());
        if (ready instanceof Reply.Ready) {
            process += spec.clients();
            return;
        }
        replace();
    }

    /** Kills the worker (it did not answer: frozen or hung) and starts a new one as a new process. */
    private void replace() {
        holders.released(this);
        HostProcess old = worker;
        worker = null;
        if (old != null) {
            old.resume();
            old.kill();
        }
        process += spec.clients();
        startWorker(Duration.ofSeconds(60));
    }

    private Map<String, Object> extra() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("client", host.name());
        return m;
    }

    @Override
    public int process() {
        return process;
    }

    void close() {
        if (handle != null) handle.close();
    }

    private static String describe(Exception e) {
        return e.getClass().getSimpleName() + ": " + e.getMessage();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Who believes it holds the lock now: for the progress line's "double holders so far" and pause-client's target. */
    static final class Holders {
        private final Set<ClientSlot> holding = ConcurrentHashMap.newKeySet();
        private final AtomicInteger doubles = new AtomicInteger();
        private volatile long lastAcquired = Long.MIN_VALUE;

        void acquired(ClientSlot s) {
            // a killed holder whose driver has not noticed yet holds nothing
            if (holding.stream().anyMatch(ClientSlot::workerAlive)) doubles.incrementAndGet();
            holding.add(s);
            lastAcquired = System.nanoTime();
        }

        /** Whether a client acquired within {@code within} and some client still holds the lock. */
        boolean justAcquired(Duration within) {
            long last = lastAcquired;
            return !holding.isEmpty() && last != Long.MIN_VALUE && System.nanoTime() - last < within.toNanos();
        }

        void releasing(ClientSlot s) {
            holding.remove(s);
        }

        void released(ClientSlot s) {
            holding.remove(s);
        }

        boolean holds(ClientSlot s) {
            return holding.contains(s);
        }

        int doubleHoldersSoFar() {
            return doubles.get();
        }
    }
}
