package dev.lockstorm.suite.run;

import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Jvm;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.nemesis.ClockFault;
import dev.lockstorm.workloads.store.FencedStore;
import dev.lockstorm.workloads.worker.Worker;
import dev.lockstorm.workloads.worker.WorkerHandle;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One client of the run: a worker process on its own host and the generator that drives it:
 * acquire → read the counter → hold → write value+1 with the token → release. An operation with no
 * answer in time is {@code info}; the worker is then killed and replaced by a new process
 * (old id + number of clients), as Jepsen does.
 */
final class ClientSlot {
    private final Lab lab;
    private final Host host;
    private final RunSpec spec;
    private final String connect;
    private final Recorder recorder;
    private final FencedStore store;
    private final Random random;
    private final Holders holders;
    private final Map<String, String> env;
    private final ClockFault clock;
    private int process;
    private volatile HostProcess worker;
    private WorkerHandle handle;
    private Long token;

    ClientSlot(Lab lab, Host host, int process, RunSpec spec, String connect, Recorder recorder, FencedStore store,
               Random random, Holders holders, Map<String, String> env, ClockFault clock) {
        this.lab = lab;
        this.host = host;
        this.process = process;
        this.spec = spec;
        this.connect = connect;
        this.recorder = recorder;
        this.store = store;
        this.random = random;
        this.holders = holders;
        this.clock = clock;
        Map<String, String> all = new java.util.HashMap<>(env);
        if (clock != null) all.putAll(clock.env());
        this.env = Map.copyOf(all);
    }

    /** This client host's clock fault (it outlives worker replacements), or null. */
    ClockFault clock() {
        return clock;
    }

    Host host() {
        return host;
    }

    /** The worker process now (a nemesis may pause it). */
    HostProcess worker() {
        return worker;
    }

    boolean holds() {
        return holders.holds(this);
    }

    /**
     * Starts a worker and waits until its lock client is open. A client that cannot open (its
     * servers are down or cut off: a fault in progress) is started again until it can, for up to a
     * minute; a worker that does not even answer is a setup error.
     */
    void startWorker() {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            worker = lab.startPiped(host, "client-" + host.name() + "-p" + process, Jvm.command("64m",
                            List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"), Worker.class.getName(),
                            List.of(spec.system(), connect, "/lockstorm/lock", Long.toString(spec.sessionTimeout().toMillis()))),
                    env);
            handle = new WorkerHandle(worker.process(), worker.name());
            Map<String, Object> ready = handle.awaitReady(Duration.ofSeconds(60));
            if (ready != null && "ready".equals(ready.get("type"))) return;
            if (ready == null || System.nanoTime() > deadline) {
                throw new IllegalStateException("client on " + host.name() + " did not start: " + ready + "; see " + worker.log());
            }
            worker.kill();
            sleep(500);
        }
    }

    /** Runs cycles until {@code stop} is set. */
    void run(java.util.concurrent.atomic.AtomicBoolean stop) {
        while (!stop.get()) cycle(spec.acquireTimeout());
    }

    /** One acquire → read → hold → write → release; returns whether the acquire succeeded. */
    boolean cycle(Duration acquireTimeout) {
        int started = process;
        Map<String, Object> a = op("acquire", null, Map.of("cmd", "acquire", "timeout_ms", acquireTimeout.toMillis()));
        if (a == null || !"ok".equals(a.get("type"))) return false;
        token = a.get("value") instanceof Number n ? n.longValue() : null;
        holders.acquired(this);
        Map<String, Object> tokenOnly = new LinkedHashMap<>();
        tokenOnly.put("token", token);
        Long read = resource("read", tokenOnly, null);
        if (process != started) return true; // crashed: a new process goes on; the old lease expires on its own
        if (read != null) {
            long min = spec.holdMin().toMillis();
            long spread = spec.holdMax().toMillis() - min;
            sleep(min + (spread <= 0 ? 0 : random.nextInt((int) spread + 1)));
            Map<String, Object> w = new LinkedHashMap<>();
            w.put("token", token);
            w.put("value", read + 1);
            resource("write", w, read + 1);
            if (process != started) return true;
        }
        holders.releasing(this);
        op("release", null, Map.of("cmd", "release"));
        return true;
    }

    /** The reading of the store at the end of the quiet period. */
    static void finalRead(Recorder recorder, FencedStore store, int process) {
        Map<String, Object> noToken = new LinkedHashMap<>();
        noToken.put("token", null);
        recorder.record(OpType.INVOKE, process, "read", noToken, Map.of("client", "final"));
        recorder.record(OpType.OK, process, "read", Map.of("value", store.value()), Map.of("client", "final"));
    }

    /**
     * A resource operation: the worker confirms it is about to touch the resource (after a pause,
     * only when it resumes), then the store applies it. Returns the value read or written, or null.
     */
    private Long resource(String f, Map<String, Object> value, Long newValue) {
        recorder.record(OpType.INVOKE, process, f, value, extra());
        Map<String, Object> ack = handle.call(Map.of("cmd", "use"), spec.opTimeout());
        if (ack == null) {
            crash(f);
            return null;
        }
        Map<String, Object> extra = extra();
        extra.put("still_held", ack.get("still_held"));
        FencedStore.Result r = f.equals("read") ? store.read(token) : store.write(token, newValue);
        if (!r.accepted()) {
            extra.put("error", "stale token " + token);
            recorder.record(OpType.FAIL, process, f, null, extra);
            return null;
        }
        recorder.record(OpType.OK, process, f, f.equals("read") ? Map.of("value", r.value()) : null, extra);
        return r.value();
    }

    /** A lock operation through the worker; null when it crashed (info). */
    private Map<String, Object> op(String f, Object value, Map<String, Object> cmd) {
        recorder.record(OpType.INVOKE, process, f, value, extra());
        Map<String, Object> answer = handle.call(cmd, spec.opTimeout());
        if (answer == null) {
            crash(f);
            return null;
        }
        String type = String.valueOf(answer.get("type"));
        Map<String, Object> extra = extra();
        if (answer.get("error") != null) extra.put("error", answer.get("error"));
        switch (type) {
            case "ok" -> recorder.record(OpType.OK, process, f, answer.get("value"), extra);
            case "fail" -> recorder.record(OpType.FAIL, process, f, null, extra);
            default -> {
                recorder.record(OpType.INFO, process, f, null, extra);
                reset();
                return null;
            }
        }
        if (f.equals("release")) holders.released(this);
        return answer;
    }

    private void crash(String f) {
        Map<String, Object> extra = extra();
        extra.put("error", "no answer within " + spec.opTimeout().toSeconds() + " s");
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
        Map<String, Object> ready = handle.call(Map.of("cmd", "reset"), spec.opTimeout());
        if (ready != null && "ready".equals(ready.get("type"))) {
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
        startWorker();
    }

    private Map<String, Object> extra() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("client", host.name());
        return m;
    }

    int process() {
        return process;
    }

    void close() {
        if (handle != null) handle.close();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Who believes it holds the lock now: for the progress line's "violations so far" and pause-client's target. */
    static final class Holders {
        private final java.util.Set<ClientSlot> holding = java.util.concurrent.ConcurrentHashMap.newKeySet();
        private final AtomicInteger doubles = new AtomicInteger();
        private volatile long lastAcquired = Long.MIN_VALUE;

        void acquired(ClientSlot s) {
            if (!holding.isEmpty()) doubles.incrementAndGet();
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
