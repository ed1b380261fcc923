package dev.lockstorm.suite.internal.run;

import dev.lockstorm.api.Fencing;
import dev.lockstorm.api.ProtectedResource;
import dev.lockstorm.api.ResourceContext;
import dev.lockstorm.api.ResourceType;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.locks.PausePoint;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The run's protected resource kept in the driver ({@link ResourceType.Where#DRIVER}), one instance
 * shared by every client thread: each call's answer as the history needs it (accepted, refused as
 * stale, or unknown when the resource threw, with the notes the resource added).
 *
 * <p>It is also the run's side of the resource's {@link ResourceContext#checkpoint checkpoints}: a
 * call runs on its client's thread, and a point aimed at by {@code pause-at:} or {@code kill-at:}
 * (the same settings the client's worker has for its own points) freezes or kills that client's
 * worker process, as if the resource's code ran in it and the check and the write were two round
 * trips from it. The freeze is the nemesis's to record and end, as it does a worker that froze
 * itself; the call goes on when the worker is resumed.
 */
final class DriverResource implements ResourceCalls, ResourceContext.Run {
    private boolean closed;
    private final ProtectedResource resource;
    private final String name;
    private final ThreadLocal<Call> current = new ThreadLocal<>();

    /** A call in progress on this thread: its caller, and the notes the resource added to it. */
    private record Call(Caller caller, List<String> notes) {
    }

    private DriverResource(ResourceType type, Fencing fencing, String connect, String storage, java.nio.file.Path dir) {
        this.name = type.name();
        try {
            this.resource = type.open(new ResourceContext(fencing, connect, storage, dir, this));
        } catch (Exception e) {
            throw new SetupException("the protected resource '" + name + "' could not open: " + e, e);
        }
    }

    /**
     * The run's protected resource, opened against the lock's servers ({@code connect}) and its own ({@code storage}, empty for none),
     * its files in {@code dir}; a resource that cannot open stops the run, saying so.
     */
    static DriverResource open(ResourceType type, Fencing fencing, String connect, String storage, java.nio.file.Path dir) {
        return new DriverResource(type, fencing, connect, storage, dir);
    }

    @Override
    public Answer read(Caller caller, Long token, boolean shared) {
        return call(caller, () -> {
            ProtectedResource.Read r = shared ? resource.readShared(token) : resource.read(token);
            return r.accepted() ? new Answer(OpType.OK, r.value(), null, List.of()) : refused(r.reason(), token);
        });
    }

    @Override
    public Answer write(Caller caller, Long token, long value) {
        return call(caller, () -> {
            ProtectedResource.Write w = resource.write(token, value);
            return w.accepted() ? new Answer(OpType.OK, value, null, List.of()) : refused(w.reason(), token);
        });
    }

    private interface Body {
        Answer run() throws Exception;
    }

    private Answer call(Caller caller, Body body) {
        Call call = new Call(caller, new ArrayList<>());
        current.set(call);
        Answer a;
        try {
            a = body.run();
        } catch (Exception e) {
            a = new Answer(OpType.INFO, 0, describe(e), List.of());
        } finally {
            current.remove();
        }
        return call.notes().isEmpty() ? a : new Answer(a.type(), a.value(), a.error(), List.copyOf(call.notes()));
    }

    @Override
    public void note(String what) {
        Call call = current.get();
        if (call != null) call.notes().add(what);
    }

    @Override
    public void checkpoint(String point) {
        Call call = current.get();
        if (call == null || call.caller() == null) return; // the final read, or a call from outside the run's clients
        PausePoint.Setting aim = call.caller().point();
        if (!aim.aimsAt(point) || !armed(call.caller().host(), aim)) return;
        HostProcess worker = call.caller().worker().get();
        if (worker == null || !worker.isAlive()) throw new IllegalStateException("the client's process ended at the resource's checkpoint " + point);
        if (aim.kill()) {
            // as kill -9 of a client whose own code had reached the point: the call goes no further
            worker.kill();
            throw new IllegalStateException("the client was killed at the resource's checkpoint " + point);
        }
        long start = System.nanoTime();
        do {
            worker.pause();
            waitForResume(worker, call.caller().host(), aim);
            if (!worker.isAlive()) throw new IllegalStateException("the client's process ended while frozen at the resource's checkpoint " + point);
        } while ((System.nanoTime() - start) / 1_000_000 < aim.minMs() && armed(call.caller().host(), aim));
    }

    /**
     * Waits until the nemesis resumes the frozen worker. The nemesis resumes every freeze it recorded, the last ones after
     * the point is disarmed (the main phase over); a worker still frozen long after that froze too late to be recorded, and
     * is resumed here, so that no client is left frozen and no call waits forever.
     */
    private static void waitForResume(HostProcess worker, Host host, PausePoint.Setting aim) {
        long disarmedAt = 0;
        long late = Math.max(10_000L, 3 * aim.minMs()) * 1_000_000L;
        // the arming file is looked at a few times a second: on a remote host each look is a command
        for (int i = 0; worker.isAlive() && worker.isPaused(); i++) {
            if (disarmedAt == 0 && i % 50 == 0 && !armed(host, aim)) disarmedAt = System.nanoTime();
            if (disarmedAt != 0 && System.nanoTime() - disarmedAt > late) {
                worker.resume();
                return;
            }
            ClientWorker.sleep(5);
        }
    }

    /** Whether the run's arming file is on the client's host: the nemesis's main phase is on. */
    private static boolean armed(Host host, PausePoint.Setting aim) {
        return host.exists(aim.armed());
    }

    @Override
    public void close(java.io.PrintStream progress) {
        if (closed) return; // the run closes it before its lab is kept, and again on its way out
        closed = true;
        try {
            resource.close();
        } catch (Exception e) {
            progress.println("lockstorm: the protected resource '" + name + "' did not close cleanly: " + e);
        }
    }

    private static Answer refused(String reason, Long token) {
        return new Answer(OpType.FAIL, 0, reason != null ? reason : "stale token " + token, List.of());
    }

    private static String describe(Exception e) {
        return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
}
