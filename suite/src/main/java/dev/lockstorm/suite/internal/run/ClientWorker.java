package dev.lockstorm.suite.internal.run;

import dev.lockstorm.clusters.lab.ClassArchive;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.locks.internal.worker.Command;
import dev.lockstorm.locks.internal.worker.LogStamp;
import dev.lockstorm.locks.internal.worker.Reply;
import dev.lockstorm.locks.internal.worker.Worker;
import dev.lockstorm.locks.internal.worker.WorkerHandle;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The life cycle of one client's worker process on its host: started and opened, called, reset
 * after an unknown outcome, killed and replaced when it does not answer. One at a time; the
 * nemesis reads {@link #process()} from its own thread.
 */
final class ClientWorker {
    private final Lab lab;
    private final Host host;
    private final RunSpec spec;
    private final Command.Open open;
    private final Map<String, String> env;
    /** Where the run aims its pause point, read from {@link #env} once. */
    private final dev.lockstorm.locks.PausePoint.Setting point;
    private volatile HostProcess process;
    private WorkerHandle handle;
    /** A worker kept from the run before on this host, to open again rather than start a JVM; null when there is none. */
    private Kept adopted;

    /**
     * A worker JVM between two runs: its process and handle, and what it was started for. Only a
     * worker whose run set nothing in its environment but the log stamp and its switches is kept (no
     * clock shim: that is loaded once, as the JVM starts).
     */
    record Kept(HostProcess process, WorkerHandle handle, Command.Open open, List<java.nio.file.Path> classpath) {
    }

    ClientWorker(Lab lab, Host host, RunSpec spec, String connect, Map<String, String> env) {
        this.lab = lab;
        this.host = host;
        this.spec = spec;
        this.env = Map.copyOf(env);
        this.point = dev.lockstorm.locks.PausePoint.Setting.of(this.env::get);
        // the worker's own switches go in the open as well, so that a worker kept from another run takes this run's
        Map<String, String> settings = new java.util.HashMap<>(env);
        settings.keySet().retainAll(SETTINGS);
        this.open = new Command.Open(spec.system().name(), connect, Runner.LOCK, spec.lease().toMillis(), spec.options()).with(settings);
    }

    /** The environment variables of the worker's own switches, which its open command sets again for each run. */
    private static final java.util.Set<String> SETTINGS = java.util.Set.of(dev.lockstorm.locks.PausePoint.ENV, dev.lockstorm.locks.PausePoint.ARMED_ENV,
            dev.lockstorm.locks.PausePoint.MIN_MS_ENV, dev.lockstorm.locks.PausePoint.ACTION_ENV, dev.lockstorm.locks.RenewalHold.ENV);

    /**
     * Whether this run's workers may be kept for the next, and take a kept one: nothing in their
     * environment but the run's log stamp and the switches the open sets (a clock shim is loaded as
     * the JVM starts, and its control file is the run's own).
     */
    boolean keepable() {
        return env.keySet().stream().allMatch(k -> k.equals(LogStamp.RUN_START_ENV) || SETTINGS.contains(k));
    }

    /** Opens {@code kept} (a worker of the run before, alive) for this run instead of starting a JVM, when it serves this run's client. */
    boolean adopt(Kept kept) {
        // the same client on the same class path
        if (!keepable() || !kept.open.sameClient(open) || !kept.classpath.equals(spec.classpath()) || !kept.process.isAlive()) return false;
        this.adopted = kept;
        return true;
    }

    /**
     * Ends this run for a worker that may serve the next: its client instance closed, the JVM left
     * running; null when it cannot be kept (it sets more than its log stamp, or it did not answer),
     * and then it is closed.
     */
    Kept keep() {
        HostProcess p = process;
        if (keepable() && handle != null && p != null && p.isAlive() && !p.isPaused() && call(new Command.Drop()) instanceof Reply.Ok) {
            return new Kept(p, handle, open, spec.classpath());
        }
        close();
        return null;
    }

    /** The name of the worker process and of its log, as the history's process {@code processNumber}. */
    private String logName(int processNumber) {
        return new dev.lockstorm.faults.Worker(host.name(), processNumber).name();
    }

    /** Where the run's pause point is aimed, as this worker's settings say: the resource's checkpoints, reached on its behalf, take the same. */
    dev.lockstorm.locks.PausePoint.Setting point() {
        return point;
    }

    /** The worker process now, or null while it is being replaced. */
    HostProcess process() {
        return process;
    }

    boolean alive() {
        HostProcess p = process;
        return p != null && p.isAlive();
    }

    /**
     * Starts a worker and waits until its lock client is open. A client that cannot open (its
     * servers are down or cut off: a fault in progress) is asked again in the same worker until it
     * can, for up to {@code patience}; a worker that does not even answer is a setup error.
     *
     * @param processNumber the history's process number it starts as, in its log's name
     */
    void start(Duration patience, int processNumber) {
        long deadline = System.nanoTime() + patience.toNanos();
        Kept kept = adopted;
        adopted = null;
        if (kept != null) {
            // the worker of the run before: its log from now on in this run's directory, stamped with this run's time
            process = kept.process;
            handle = kept.handle;
            java.nio.file.Path log = lab.log(logName(processNumber));
            try {
                java.nio.file.Files.createDirectories(log.getParent());
            } catch (java.io.IOException e) {
                throw new SetupException("cannot make " + log.getParent() + " for the clients' logs: " + e.getMessage(), e);
            }
            Reply ready = openUntil(handle.open(open.loggingTo(log.toString(), Long.parseLong(env.get(LogStamp.RUN_START_ENV))), Duration.ofSeconds(60)), deadline);
            if (ready instanceof Reply.Ready) return;
            // it could not open again: a worker of its own, as any run would start
            kept.process.resume();
            kept.process.kill();
            deadline = System.nanoTime() + patience.toNanos();
        }
        process = lab.startPiped(host, logName(processNumber), lab.jvm(host, "64m",
                List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                // a Hazelcast client loads other classes than a Redis one: each system's workers share an archive of their own
                "-D" + ClassArchive.KIND + "=" + spec.system().name()), spec.classpath(), Worker.class.getName(), List.of()), env);
        handle = new WorkerHandle(process.stdin(), process.stdout(), peer(process));
        Reply ready = openUntil(handle.open(open, Duration.ofSeconds(60)), deadline);
        if (!(ready instanceof Reply.Ready)) {
            throw new SetupException("client " + host.name() + " (" + spec.system().name() + ") could not open: "
                    + (ready instanceof Reply.OpenFailed f ? f.error() : "no answer within 60 s") + "; see " + process.log());
        }
    }

    /**
     * {@code first}, or while it is a failed open and the deadline has not passed, the answer to
     * another open in the same worker. A new JVM per attempt would cost seconds under load, and a
     * client back that late misses what a scenario choreographs around it (a restarted server).
     */
    private Reply openUntil(Reply first, long deadline) {
        Reply r = first;
        while (r instanceof Reply.OpenFailed && System.nanoTime() < deadline) {
            sleep(200);
            r = handle.open(open, Duration.ofSeconds(60));
        }
        return r;
    }

    /** Sends {@code cmd}; the reply, or null when none came within the run's operation timeout (the worker is then killed). */
    Reply call(Command cmd) {
        return handle.call(cmd, spec.opTimeout());
    }

    /** Whether the last call got no answer because the worker was gone (killed or crashed), not because it was late. */
    boolean died() {
        HostProcess p = process;
        // a worker too late to answer is killed by its handle: that is still "no answer", not a crash
        return !handle.timedOut() && p != null && !p.isAlive();
    }

    /** Why the last call got no answer: the worker was gone (killed or crashed), or it did not answer in time. */
    String silence() {
        return died() ? "the client's process is gone (killed or crashed)" : "no answer within " + spec.opTimeout().toSeconds() + " s";
    }

    /**
     * Drops the client instance (a crashed process), or leaves it running when the run keeps crashed
     * instances, and opens a new one in the same worker; whether it did.
     */
    boolean reset() {
        Reply r = call(new Command.Reset(spec.keepCrashed()));
        return openUntil(r, System.nanoTime() + Duration.ofSeconds(60).toNanos()) instanceof Reply.Ready;
    }

    /** Kills the worker (frozen or hung) and starts a new one, which has up to a minute to open. */
    void replace(int processNumber) {
        HostProcess old = process;
        process = null;
        if (old != null) {
            old.resume();
            old.kill();
        }
        start(Duration.ofSeconds(60), processNumber);
    }

    void close() {
        if (handle != null) handle.close();
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

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
