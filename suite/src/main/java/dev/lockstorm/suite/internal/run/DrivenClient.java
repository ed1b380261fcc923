package dev.lockstorm.suite.internal.run;

import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.nemesis.ClientProcess;
import dev.lockstorm.nemesis.ClockFault;
import dev.lockstorm.suite.internal.nemesiskinds.Client;
import dev.lockstorm.suite.internal.workload.Holder;
import dev.lockstorm.suite.internal.workload.AcquireWaits;
import dev.lockstorm.suite.internal.workload.LockCycle;
import dev.lockstorm.suite.internal.workload.OnDoubt;
import dev.lockstorm.suite.internal.workload.Role;
import dev.lockstorm.suite.internal.workload.Outcome;
import dev.lockstorm.suite.internal.workload.Step;
import dev.lockstorm.locks.internal.worker.Command;
import dev.lockstorm.locks.internal.worker.Reply;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One client of the run: the {@link Holder} that performs its {@link LockCycle}'s steps through its
 * worker process, records each in the history and calls the run's resource. An operation with no
 * answer in time is {@code info}; the worker is then killed and replaced by a new process (old id +
 * number of clients), as Jepsen does. A resource operation is confirmed by the worker first (after
 * a pause, only when it resumes): what the client said then is recorded as {@code still_held}. A careful
 * holder's last "yes" during its hold that no completion carried (it gave up at a later "no") rides on its
 * release's invocation: a belief is an observation, and the one that mattered most is the last.
 */
final class DrivenClient implements Holder, Client {
    private final Host host;
    private final ClientWorker worker;
    private final ClientHistory history;
    private final ResourceCalls resource;
    private final HoldBoard board;
    private final LockCycle cycle;
    private final RunSpec spec;
    private final ClockFault clock;
    private final AcquireWaits waits;
    /** The run's servers by address: a worker's connections, named ({@link #attached}). */
    private final Map<String, String> servers;
    /** This client as the resource's calls see it: its host, its worker now, and where its run aims the pause point. */
    private final ResourceCalls.Caller caller;
    /** What the client last said with a grant (asked with the acquire), recorded with the read the answer is carried to. */
    private Belief grantBelief;
    /** The hold's last "yes" from a careful holder's check that no completion has carried yet, or null. */
    private Belief unrecorded;
    /** When the hold in progress was granted, on the history's clock. */
    private long grantedAt = -1;
    /** Set when the main phase ends (a hold that begins after it is not waited out); read on the client's own thread. */
    private AtomicBoolean stopped = new AtomicBoolean();

    DrivenClient(Host host, ClientWorker worker, ClientHistory history, ResourceCalls resource, HoldBoard board, LockCycle cycle,
                 RunSpec spec, ClockFault clock, AcquireWaits waits, Map<String, String> servers) {
        this.host = host;
        this.worker = worker;
        this.history = history;
        this.resource = resource;
        this.board = board;
        this.cycle = cycle;
        this.spec = spec;
        this.clock = clock;
        this.waits = waits;
        this.servers = Map.copyOf(servers);
        this.caller = new ResourceCalls.Caller(host, worker::process, worker.point(), worker::call);
    }

    /** Starts the first worker; a client that cannot open then, with every server up, stops the run. */
    void open() {
        worker.start(Duration.ofSeconds(5), history.process());
    }

    /** Runs cycles until {@code stop} is set, resting between them as the run says. */
    void run(AtomicBoolean stop) {
        stopped = stop;
        // its own draws, so that a seed's cycles stay what they were with or without rests
        java.util.Random rests = new java.util.Random(spec.seed() * 131 + host.name().hashCode());
        while (!stop.get()) {
            cycle.run(this, waits.next(), true);
            long restMs = spec.rest().isZero() ? 0 : (long) (rests.nextDouble() * 2 * spec.rest().toMillis());
            for (long end = System.nanoTime() + restMs * 1_000_000; !stop.get() && System.nanoTime() < end; ) {
                ClientWorker.sleep(Math.min(100, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
            }
        }
    }

    /** One cycle without the hold; whether its acquire was granted. */
    boolean cycleWithoutHold(Duration acquireTimeout) {
        return cycle.run(this, acquireTimeout, false);
    }

    @Override
    public Outcome perform(Step step) {
        if (step instanceof Step.Acquire a) {
            Outcome o = lockOp(role().acquire(a.read()), new Command.Acquire(a.timeout().toMillis(), a.checkAtOnce(), a.read()), Map.of());
            if (o instanceof Outcome.Granted) {
                board.acquired(this, a.read());
                grantedAt = history.now();
                unrecorded = null;
            }
            return o;
        }
        if (step instanceof Step.AcquireAgain a) return lockOp("acquire", new Command.Acquire(a.timeout().toMillis()), Map.of());
        if (step instanceof Step.Check c) return check(c.guarded());
        if (step instanceof Step.Read r) return resourceOp(r, r.token(), r.stillHeld());
        if (step instanceof Step.ReleaseAgain) return lockOp("release", new Command.Release(), Map.of());
        if (step instanceof Step.Hold h) return hold(h);
        if (step instanceof Step.Write w) return resourceOp(w, w.token(), null);
        Step.Release r = (Step.Release) step;
        board.released(this, r.read());
        Map<String, Object> more = new LinkedHashMap<>();
        if (r.gaveUp()) more.put("gave_up", "the lock client said the lease may be gone");
        if (unrecorded != null) put(more, unrecorded);
        unrecorded = null;
        return lockOp(role().release(r.read()), new Command.Release(r.read()), more);
    }

    /** A careful holder asks its client before {@code guarded}; a worker that does not answer makes {@code guarded} crashed. */
    private Outcome check(Step guarded) {
        Belief b = ask();
        if (b == null) {
            history.invoke(name(guarded), value(guarded), Map.of());
            return crash(name(guarded));
        }
        if (Boolean.TRUE.equals(b.held())) unrecorded = b;
        // a client that cannot say gives no doubt to act on: the careful holder goes on
        return new Outcome.StillHeld(!Boolean.FALSE.equals(b.held()));
    }

    /** Holds the lock before the write; a careful holder asks every 100 ms and stops at a doubt. */
    private Outcome hold(Step.Hold h) {
        // once the main phase has ended, a hold no fault has touched ends at once: nothing is aimed at a hold after the
        // last fault is healed, and waiting out the last holds was most of a run's wind-down. A hold the nemesis acted
        // during (a holder a fault caught, or one granted while a fault was coming or going) runs its length: it must
        // overlap as it would.
        long end = System.nanoTime() + (stopped.get() ? 0 : h.ms()) * 1_000_000;
        while (true) {
            long left = (end - System.nanoTime()) / 1_000_000;
            if (left > 0) ClientWorker.sleep(Math.min(100, left));
            boolean over = left <= 100 || stopped.get() && untouched() || Thread.currentThread().isInterrupted();
            if (h.checking()) {
                Outcome o = check(h.then());
                if (!(o instanceof Outcome.StillHeld s && s.held()) || over) return o;
            } else if (over) {
                return new Outcome.StillHeld(true);
            }
        }
    }

    /** Whether the nemesis has done nothing since this client's grant: no fault begun, healed or missed. */
    private boolean untouched() {
        return history.lastNemesisEvent() < grantedAt;
    }

    /**
     * A resource operation: the worker confirms it is about to touch the resource (after a pause,
     * only when it resumes), then the resource applies it.
     *
     * @param stillHeld what the worker said with the grant just before, when it did; else it is asked now
     */
    private Outcome resourceOp(Step step, Long token, Boolean stillHeld) {
        String f = name(step);
        // the belief is recorded with when it was asked and when it was answered, never as if given when the operation began: the
        // answer was formed between the two
        Belief belief = stillHeld == null ? null : grantBelief;
        if (belief == null && spec.onDoubt() == OnDoubt.STOP) {
            // a careful holder asks right before it touches the resource, and does not when the answer is no
            belief = ask();
            if (belief == null) {
                history.invoke(f, value(step), Map.of());
                return crash(f);
            }
            if (Boolean.FALSE.equals(belief.held())) return new Outcome.StillHeld(false);
        }
        history.invoke(f, value(step), Map.of());
        if (belief == null) {
            belief = ask();
            if (belief == null) return crash(f);
        }
        ResourceCalls.Answer a = step instanceof Step.Write w ? resource.write(caller, token, w.value())
                : resource.read(caller, token, ((Step.Read) step).shared());
        Map<String, Object> extra = new LinkedHashMap<>();
        put(extra, belief);
        // a later belief than any the hold's checks gave
        unrecorded = null;
        if (a.error() != null) extra.put("error", a.error());
        // a client killed at the resource's checkpoint (kill-at:) is recorded as killed there before its operation's end
        if (a.type() == OpType.INFO && worker.died()) board.workerDied(new ClientProcess(worker.process(), history.process()));
        boolean read = step instanceof Step.Read;
        history.complete(a.type(), f, a.type() == OpType.OK && read ? Map.of("value", a.value()) : null, withNotes(extra, a.notes()));
        if (a.type() == OpType.INFO) return reset(); // the resource could not say: the client goes on as a new process
        if (a.type() == OpType.FAIL) return Outcome.REFUSED;
        return read ? new Outcome.Read(a.value()) : Outcome.DONE;
    }

    /**
     * What the worker said of its hold ({@code null}: it could not say), when it was asked and when its answer came, and the
     * servers its connections reached as it answered.
     */
    private record Belief(Boolean held, long askedAt, long answeredAt, java.util.List<String> attached) {
    }

    /** {@code belief} as the history's fields ({@code still_held}, its times, {@code attached}). */
    private static void put(Map<String, Object> fields, Belief belief) {
        // the client could not say: recorded as such, and no still-held judgement is made of it
        fields.put("still_held", belief.held() == null ? "unknown" : belief.held());
        fields.put("still_held_asked", belief.askedAt());
        fields.put("still_held_at", belief.answeredAt());
        if (!belief.attached().isEmpty()) fields.put("attached", belief.attached());
    }

    /**
     * The run's servers among a worker's connections' remote ends ({@code address:port}): the member of a group its session is
     * attached to, recorded as {@code attached} so that the checker judges a cut among the servers by it. A connection through
     * a delay's proxy, or to the resource's service, names no server.
     */
    private java.util.List<String> attached(java.util.List<String> peers) {
        return peers.stream().map(p -> servers.get(p.lastIndexOf(':') < 0 ? p : p.substring(0, p.lastIndexOf(':'))))
                .filter(java.util.Objects::nonNull).distinct().sorted().toList();
    }

    /** An answer slower than this may have been held up by a freeze of the worker: asked again. */
    private static final long SLOW_ANSWER = 200_000_000L;

    /**
     * Whether the worker still holds, asked now; null when it does not answer. A slow "yes" is asked once more: it may have been
     * formed before a freeze that held its delivery back (before another's grant), or after one that held the question back,
     * and the history cannot tell which, so the holder, awake now, asks again (as a careful holder does after every resume) and
     * that answer is the one recorded.
     */
    private Belief ask() {
        for (int attempt = 0; ; attempt++) {
            long askedAt = history.now();
            if (!(worker.call(new Command.Use()) instanceof Reply.InUse use)) return null;
            Belief b = new Belief(use.stillHeld(), askedAt, history.now(), attached(use.peers()));
            if (attempt > 0 || b.answeredAt() - askedAt < SLOW_ANSWER || !Boolean.TRUE.equals(b.held())) return b;
        }
    }

    /** A lock operation through the worker, its invocation with {@code more} fields. */
    private Outcome lockOp(String f, Command cmd, Map<String, Object> more) {
        history.invoke(f, null, more);
        long askedAt = history.now();
        Reply answer = worker.call(cmd);
        if (answer == null) return crash(f);
        if (answer instanceof Reply.Ok ok) {
            java.util.List<String> attached = attached(ok.peers());
            history.complete(OpType.OK, f, ok.token(), withNotes(attached.isEmpty() ? Map.of() : Map.of("attached", attached), ok.notes()));
            if (ok.stillHeld() != null) grantBelief = new Belief(ok.stillHeld(), askedAt, history.now(), attached);
            return f.startsWith("acquire") ? new Outcome.Granted(ok.token(), ok.stillHeld()) : Outcome.DONE;
        }
        if (answer instanceof Reply.Fail fail) {
            history.complete(OpType.FAIL, f, null, withNotes(Map.of("error", fail.error()), fail.notes()));
            return Outcome.REFUSED;
        }
        if (answer instanceof Reply.Info info) history.complete(OpType.INFO, f, null, withNotes(Map.of("error", info.error()), info.notes()));
        else history.complete(OpType.INFO, f, "unexpected reply " + answer);
        return reset();
    }

    /** {@code fields} and, when there are any, the lock client's (or the resource's) notes on the call. */
    private static Map<String, Object> withNotes(Map<String, Object> fields, java.util.List<String> notes) {
        if (notes.isEmpty()) return fields;
        Map<String, Object> all = new LinkedHashMap<>(fields);
        all.put("notes", notes);
        return all;
    }

    /** The worker did not answer: the operation is unknown, the worker is killed and a new process goes on. */
    private Outcome crash(String f) {
        HostProcess dead = worker.process();
        if (worker.died()) board.workerDied(new ClientProcess(dead, history.process()));
        history.complete(OpType.INFO, f, worker.silence());
        replace();
        return Outcome.CRASHED;
    }

    /**
     * The worker answered, but the operation's outcome is unknown: its client instance is a crashed
     * process. The worker opens a new instance, which goes on as a new process id; a worker that
     * cannot is replaced.
     */
    private Outcome reset() {
        board.released(this);
        unrecorded = null;
        if (worker.reset()) {
            history.nextProcess();
        } else {
            replace();
        }
        return Outcome.CRASHED;
    }

    private void replace() {
        board.released(this);
        unrecorded = null;
        history.nextProcess();
        worker.replace(history.process());
    }

    private static String name(Step step) {
        return step instanceof Step.Write ? "write" : "read";
    }

    /** A resource operation's invocation value: the token, and a write's value. */
    private static Map<String, Object> value(Step step) {
        Map<String, Object> v = new LinkedHashMap<>();
        if (step instanceof Step.Write w) {
            v.put("token", w.token());
            v.put("value", w.value());
        } else if (step instanceof Step.Read r) {
            v.put("token", r.token());
        }
        return v;
    }

    @Override
    public Role role() {
        return cycle.role();
    }

    boolean workerAlive() {
        return worker.alive();
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
        return worker.process();
    }

    @Override
    public int process() {
        return history.process();
    }

    @Override
    public boolean holds() {
        return board.holds(this);
    }

    void close() {
        worker.close();
    }

    /** Takes {@code kept}, a worker of the run before on this client's host, when it serves this run's client; whether it did. */
    boolean adopt(ClientWorker.Kept kept) {
        return worker.adopt(kept);
    }

    /** Ends the run for a worker that may serve the next (its client closed, its JVM kept); null when it was closed instead. */
    ClientWorker.Kept keep() {
        return worker.keep();
    }
}
