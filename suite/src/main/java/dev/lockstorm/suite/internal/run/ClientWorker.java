package dev.lockstorm.suite.internal.run;

import dev.lockstorm.clusters.lab.ClassArchive;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.locks.internal.worker.Command;
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
    private volatile HostProcess process;
    private WorkerHandle handle;

    ClientWorker(Lab lab, Host host, RunSpec spec, String connect, Map<String, String> env) {
        this.lab = lab;
        this.host = host;
        this.spec = spec;
        this.open = new Command.Open(spec.system().name(), connect, Runner.LOCK, spec.lease().toMillis(), spec.options());
        this.env = Map.copyOf(env);
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
        process = lab.startPiped(host, "client-" + host.name() + "-p" + processNumber, lab.jvm(host, "64m",
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
