package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.api.LockSystem;
import dev.lockstorm.api.Topology;
import dev.lockstorm.faults.FaultName;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.locks.PausePoint;
import dev.lockstorm.nemesis.Action;
import dev.lockstorm.nemesis.ClientProcess;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Heal;
import dev.lockstorm.nemesis.HolderAim;
import dev.lockstorm.nemesis.Nemesis;
import dev.lockstorm.nemesis.replay.Step;
import dev.lockstorm.nemesis.replay.Trigger;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * {@code run --schedule FILE}: the faults of a recorded schedule done again, step by step, to the
 * same hosts and clients, in the same order and spacing. A step that came on a lock event waits for
 * that event in this run, so that it lands on the same moment of the lock even when the timings
 * differ: one aimed at the holder (a role) hits whoever the next grant goes to, as far into its
 * hold as the recorded one came ({@code into_hold_ms}: right after the grant, or 0.6 s later, in the
 * hold's sleep); one that came right after a named client's grant waits for that client's grant. Each fault is named by its step
 * ({@code pause-client#2}), so that a finding of the replay can be tied to the step that caused it.
 * The steps run to the end of the schedule, past the time limit if they must.
 *
 * <p>The recorded run's nemesis kind ({@code base}) still prepares the run (its standing cut, its
 * renewal switches, the clock shims, its acquire waits); its own faults are not made. A fault a
 * client made itself at a checkpoint of its code ({@code pause-at:NAME}, {@code kill-at:NAME}) is
 * made the same way again: the point is armed at the step's time, and the next client to reach it
 * freezes (for the step's length) or ends itself there; since a fault from outside would not land
 * between two commands of an acquire.
 *
 * @param base     the recorded run's nemesis kind
 * @param schedule the steps to do
 * @param source   the file they were read from
 */
public record Replay(NemesisKind base, RecordedSchedule schedule, Path source) implements NemesisKind {
    /**
     * The recorded run whose faults these are: the one a shrunk schedule was shrunk from, else the run
     * directory that holds the schedule; empty when the file stands alone.
     */
    public Optional<Path> recordedRun() {
        if (schedule.run().get("shrunk_from") instanceof String from) {
            // a run directory on this machine; a schedule brought from elsewhere names one that is not here
            try {
                Path p = Path.of(from);
                return java.nio.file.Files.isDirectory(p) ? Optional.of(p) : Optional.empty();
            } catch (java.nio.file.InvalidPathException e) {
                return Optional.empty();
            }
        }
        Path dir = source.toAbsolutePath().getParent();
        return dir != null && java.nio.file.Files.isRegularFile(dir.resolve("history.jsonl")) ? Optional.of(dir) : Optional.empty();
    }

    /** The checkpoint the schedule's clients stop at, and whether they end there: from its first step made at one, or empty. */
    private Optional<AtCheckpoint> checkpoint() {
        return schedule.steps().stream().filter(s -> s.checkpoint().isPresent()).findFirst()
                .map(s -> new AtCheckpoint(s.checkpoint().get(), s.action().atPoint() == Action.AtPoint.KILLS));
    }

    /** The kind that prepares the run: the base, but for one whose clients act on faults themselves. */
    private NemesisKind setup() {
        return base instanceof AtCheckpoint ? new NoFaults() : base;
    }

    @Override
    public String name() {
        return base.name();
    }

    @Override
    public String description() {
        return "the " + schedule.steps().size() + " faults of a recorded schedule, done again (" + base.name() + ")";
    }

    @Override
    public boolean movesServerClocks() {
        return setup().movesServerClocks() || clockTargets().stream().anyMatch(h -> !RunReach.isClientName(h));
    }

    @Override
    public boolean movesClientClocks() {
        return setup().movesClientClocks() || clockTargets().stream().anyMatch(RunReach::isClientName);
    }

    @Override
    public boolean movesMonotonicClocks() {
        return setup().movesMonotonicClocks() || schedule.steps().stream().anyMatch(s -> s.action().movesMonotonicClock());
    }

    @Override
    public boolean cutsClients(Topology topology) {
        return setup().cutsClients(topology) || schedule.steps().stream()
                .anyMatch(s -> s.action().onLinks() && s.action().names().stream().anyMatch(RunReach::isClientName));
    }

    @Override
    public boolean delaysClients() {
        return setup().delaysClients() || schedule.steps().stream().anyMatch(s -> s.action().delaysLinks());
    }

    @Override
    public Optional<String> unfitFor(LockSystem system, int clients) {
        Optional<AtCheckpoint> point = checkpoint();
        for (int i = 0; i < schedule.steps().size(); i++) {
            Step s = schedule.steps().get(i);
            if (s.checkpoint().isEmpty()) continue;
            boolean kill = s.action().atPoint() == Action.AtPoint.KILLS;
            if (s.action().atPoint() == Action.AtPoint.NONE || s.action().names().stream().noneMatch(RunReach::isClientName)) {
                return Optional.of("step " + (i + 1) + " (" + s.describe() + ") came at a client's checkpoint, so it freezes or kills a client, not " + s.action().describe());
            }
            if (!s.checkpoint().get().equals(point.get().point()) || kill != point.get().kill()) {
                return Optional.of("step " + (i + 1) + " (" + s.describe() + ") stops clients at " + s.fault() + ", an earlier step at "
                        + point.get().name() + ": a run's clients are given one checkpoint and one action");
            }
        }
        Set<String> known = new LinkedHashSet<>(system.topology().hostNames());
        for (int i = 1; i <= clients; i++) known.add("c" + i);
        for (int i = 0; i < schedule.steps().size(); i++) {
            Step s = schedule.steps().get(i);
            if (s.trigger().holder() != null) continue; // aimed at the holder, whoever it is: the name is what it hit then
            for (String n : s.action().names()) {
                if (!known.contains(n)) {
                    return Optional.of("step " + (i + 1) + " (" + s.describe() + ") names " + n + ", which this run does not have (its hosts: "
                            + String.join(", ", known) + ")");
                }
            }
        }
        return setup().unfitFor(system, clients);
    }

    @Override
    public Map<String, String> clientEnv(int index, Rhythm rhythm, Path clientDir) {
        Map<String, String> env = new HashMap<>(setup().clientEnv(index, rhythm, clientDir));
        checkpoint().ifPresent(c -> {
            // armed only while a step waits for a client to reach it; the step's length decides how long it stays frozen
            env.put(PausePoint.ENV, c.point());
            env.put(PausePoint.ARMED_ENV, PausePoints.armFile(clientDir).toString());
            env.put(PausePoint.ACTION_ENV, c.kill() ? "kill" : "pause");
        });
        if (schedule.steps().stream().anyMatch(s -> s.action().holdsRenewals())) env.putAll(HoldWaiterRenewals.env(index, clientDir));
        return env;
    }

    @Override
    public boolean drawsAcquireWaits() {
        return base.drawsAcquireWaits();
    }

    @Override
    public Duration acquireTimeout(Rhythm rhythm) {
        return base.acquireTimeout(rhythm);
    }

    @Override
    public Optional<Grudge> standing(Targets targets) {
        return setup().standing(targets);
    }

    @Override
    public void setUp(Targets targets, Nemesis nemesis) {
        setup().setUp(targets, nemesis);
    }

    @Override
    public void tearDown(Targets targets) {
        if (checkpoint().isPresent()) PausePoints.disarm(targets);
        setup().tearDown(targets);
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        return Optional.of((nemesis, total) -> new Player(t, nemesis).play());
    }

    private List<String> clockTargets() {
        return schedule.steps().stream().flatMap(s -> s.action().clocksMoved().stream()).toList();
    }

    /** Plays the steps on one thread: each waits for its moment, is injected, and is healed after its length. */
    private final class Player extends RunReach {
        /** Heals due, by when (the nemesis's pace). */
        private final List<Map.Entry<Long, Runnable>> due = new ArrayList<>();
        /** The step whose fault of each family that replaces the one before (a cut, a lossy, slow or delayed link) is in force: only its own heal removes it. */
        private final Map<Class<? extends Action>, Integer> inForce = new HashMap<>();
        /** The step in hand. */
        private int step;
        private Step current;
        /** The holder the step in hand waits on (granted the lock just now), or null for any. */
        private String target;
        /** The worker that froze itself at the checkpoint the step in hand armed. */
        private HostProcess reached;
        /** While a checkpoint step's point is armed (and a moment after), its fault's name: a client that ends itself there is its kill. */
        private volatile String armedFor;
        private final AtomicInteger killedAtPoint = new AtomicInteger();
        /** A checkpoint step's name, length and the end of its grace: a client that froze itself as the point was disarmed is its fault too. */
        private String straggling;
        private long stragglingLength;
        private long stragglingUntil;

        Player(Targets t, Nemesis n) {
            super(t, n, Duration.ZERO);
            if (checkpoint().map(AtCheckpoint::kill).orElse(false)) {
                // recorded here, before the client's driver records the crash
                t.onWorkerDeath(dead -> {
                    String name = armedFor;
                    if (name == null) return;
                    n.asFault(name, () -> n.killClient(dead));
                    killedAtPoint.incrementAndGet();
                });
            }
        }

        int play() {
            long start = n.pace().now();
            long lockEventWait = Math.max(10_000, 3 * t.rhythm().lease().toMillis()) * 1_000_000L;
            int injected = 0;
            long prevFired = start;
            long prevAt = 0;
            try {
                for (int i = 0; i < schedule.steps().size(); i++) {
                    Step s = schedule.steps().get(i);
                    Trigger tr = s.trigger();
                    String name = new FaultName(s.fault(), i + 1).recorded();
                    long earliest = prevFired + (tr.atMs() - prevAt) * 1_000_000L;
                    if (!await(() -> n.pace().now() - earliest >= 0, Long.MAX_VALUE)) break;
                    String waitedFor = null;
                    boolean ready = true;
                    target = null;
                    Optional<String> point = s.checkpoint();
                    if (point.isPresent()) {
                        // the client stops itself at the very instant it reaches the point; the first one to is this step's
                        waitedFor = "a client to reach the checkpoint " + point.get();
                        boolean kill = s.action().atPoint() == Action.AtPoint.KILLS;
                        int killedBefore = killedAtPoint.get();
                        reached = null;
                        armedFor = name;
                        PausePoints.arm(t);
                        ready = await(() -> kill ? killedAtPoint.get() > killedBefore : (reached = selfFrozen()) != null, earliest + lockEventWait);
                        PausePoints.disarm(t);
                        straggling = name;
                        stragglingLength = s.lengthMs() * 1_000_000L;
                        stragglingUntil = n.pace().now() + 500_000_000L;
                        if (ready && kill) {
                            prevFired = n.pace().now();
                            prevAt = tr.atMs();
                            injected++;
                            continue;
                        }
                    } else if (tr.holder() != null && tr.intoHoldMs() != null) {
                        // aimed at the holder: a role, not a name; the next grant, whoever it goes to, then as far into that hold
                        waitedFor = "a grant";
                        ready = await(() -> (target = justGranted()) != null, earliest + lockEventWait);
                        String granted = target;
                        if (ready) await(() -> t.heldFor(granted) < 0 || t.heldFor(granted) >= tr.intoHoldMs() * 1_000_000L, Long.MAX_VALUE);
                    } else if (tr.holder() != null) {
                        waitedFor = "a holder";
                        ready = await(() -> t.clients().stream().anyMatch(Client::holds), earliest + lockEventWait);
                    } else if (tr.afterGrantTo() != null) {
                        waitedFor = tr.afterGrantTo() + "'s grant";
                        ready = await(() -> t.justAcquiredBy(tr.afterGrantTo()), earliest + lockEventWait);
                    }
                    if (Thread.currentThread().isInterrupted()) break;
                    prevFired = n.pace().now();
                    prevAt = tr.atMs();
                    if (!ready) {
                        String why = "waited " + lockEventWait / 1_000_000_000 + " s for " + waitedFor + " in vain";
                        n.asFault(name, () -> n.missed(why));
                        continue;
                    }
                    step = i;
                    current = s;
                    Heal[] heal = new Heal[1];
                    try {
                        n.asFault(name, () -> heal[0] = s.action().inject(this));
                    } catch (Fault.Missed m) {
                        n.asFault(name, () -> n.missed(m.getMessage()));
                        continue;
                    }
                    injected++;
                    due.add(Map.entry(n.pace().now() + s.lengthMs() * 1_000_000L, () -> n.asFault(name, heal[0]::heal)));
                }
                await(() -> due.isEmpty() && straggling == null, Long.MAX_VALUE);
            } finally {
                n.healAll();
            }
            return injected;
        }

        /** The client granted the lock a moment ago and holding it still, or null. */
        private String justGranted() {
            for (Client c : t.clients()) if (t.justAcquiredBy(c.host().name())) return c.host().name();
            return null;
        }

        /** Waits until {@code condition} holds or the deadline (the nemesis's pace) passes, healing what is due meanwhile; false on a timeout or an interrupt. */
        private boolean await(BooleanSupplier condition, long deadline) {
            while (true) {
                healDue();
                if (condition.getAsBoolean()) return true;
                if (n.pace().now() - deadline >= 0 || Thread.currentThread().isInterrupted()) return false;
                if (!n.pace().sleep(2_000_000L)) return false;
            }
        }

        /** A client worker stopped that the nemesis did not stop: one that froze itself at the armed point. */
        private HostProcess selfFrozen() {
            for (Client c : t.clients()) {
                HostProcess w = c.worker();
                if (w != null && !n.froze(w) && w.isPaused()) return w;
            }
            return null;
        }

        /** Records and schedules the heal of a client that froze itself at a point just disarmed, as its step's fault. */
        private void sweepStragglers() {
            if (straggling == null) return;
            for (HostProcess w; (w = selfFrozen()) != null; ) {
                HostProcess late = w;
                String name = straggling;
                n.asFault(name, () -> n.pause(late));
                due.add(Map.entry(n.pace().now() + stragglingLength, () -> n.asFault(name, () -> n.resume(late))));
            }
            if (n.pace().now() - stragglingUntil >= 0) {
                straggling = null;
                armedFor = null;
            }
        }

        private void healDue() {
            sweepStragglers();
            long now = n.pace().now();
            for (var it = due.iterator(); it.hasNext(); ) {
                var e = it.next();
                if (now - e.getKey() >= 0) {
                    it.remove();
                    e.getValue().run();
                }
            }
        }

        @Override
        public HostProcess reachedCheckpoint() {
            return current.checkpoint().isPresent() ? reached : null;
        }

        @Override
        public Duration length() {
            return Duration.ofMillis(current.lengthMs());
        }

        @Override
        public Heal owning(Class<? extends Action> family, Runnable heal) {
            int mine = step;
            inForce.put(family, mine);
            return () -> {
                if (inForce.get(family) == mine) heal.run();
            };
        }

        /**
         * A fault on a client: on the lock's holder now when the recorded one was aimed at the holder
         * (whoever holds it in this run: the recorded client is what it hit then), else on the named
         * client's worker as it is.
         */
        @Override
        public ClientProcess aimed(String client, java.util.function.BiConsumer<ClientProcess, String> act) {
            if (current.trigger().holder() != null) {
                String only = target;
                java.util.function.Consumer<ClientProcess> onHolder = p -> act.accept(p, "holder");
                HolderAim.Aim aim = only == null ? t.holder().at(onHolder) : t.holder().at(p -> p.worker().host().name().equals(only), onHolder);
                if (!aim.hit()) throw new Fault.Missed(aim.missed());
                return aim.target();
            }
            return super.aimed(client, act);
        }
    }
}
