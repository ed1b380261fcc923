package dev.lockstorm.suite.internal.hunt;

import dev.lockstorm.api.Fencing;
import dev.lockstorm.api.LockSystem;
import dev.lockstorm.api.ResourceType;
import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.results.Expectation;
import dev.lockstorm.checker.lock.Coverage;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.locks.internal.registry.PluginClasspath;
import dev.lockstorm.results.Results;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.cluster.ServerKind;
import dev.lockstorm.suite.internal.nemesiskinds.AtCheckpoint;
import dev.lockstorm.suite.internal.nemesiskinds.DelayHolder;
import dev.lockstorm.suite.internal.nemesiskinds.FlakyNet;
import dev.lockstorm.suite.internal.nemesiskinds.ResourceDown;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKind;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKinds;
import dev.lockstorm.suite.internal.workload.OnDoubt;
import dev.lockstorm.suite.internal.run.RunResult;
import dev.lockstorm.suite.internal.run.Durations;
import dev.lockstorm.suite.internal.run.RunDefaults;
import dev.lockstorm.suite.internal.run.RunSpec;
import dev.lockstorm.suite.internal.run.Placement;
import dev.lockstorm.suite.internal.run.Runner;
import dev.lockstorm.suite.internal.run.StandingServers;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Looks for a lock defect in a lock lockstorm has never seen: runs the generic nemeses, each with
 * its phase-aimed variants, seed after seed, and stops at the first run whose incidents include a
 * lock defect (not a lease limit, which any lease lock shows under those faults), whose tokens went
 * backwards, or after which the lock was not live. Redis servers keep an append-only file fsynced on
 * every write, so that a server killed and restarted loses nothing: what is found is the lock's.
 * What it reached meanwhile is summed, so that a hunt that found nothing says what it tested.
 *
 * <pre>{@code
 * Hunt.Found f = new Hunt(store, System.err).run(system, Map.of(), classpath, resource, null, Duration.ofMinutes(3), null, 0, Shard.WHOLE, Fencing.NONE);
 * }</pre>
 */
public final class Hunt {
    /**
     * The nemeses tried, in turn: the holder's faults, the servers' faults, and faults aimed at the lock's phases. {@code mix}
     * comes fifth, so that a short hunt (six runs in three minutes) also meets its faults: the holder's links lost, reset,
     * lossy or slow, which no other nemesis here draws.
     */
    public static final List<String> NEMESES = List.of("pause-client", "clock", "kill-at:before-release", "partition", "mix",
            "pause-node", "kill-client", "pause-at:after-grant", "kill-at:after-grant", "pause-at:before-release", "kill-at:before-acquire");

    /**
     * The rotation's nemeses when none are named: a client frozen at each checkpoint the lock declares in its acquire comes
     * first (where its author knows a pause hurts: between a check and its act); with {@code --fencing}, a caller frozen at
     * each of the resource's own checkpoints (between its check and its write is where a resource of one's own most often
     * breaks), then, for a resource kept as a service, the holder's writes delayed on their way to it, the service restarted
     * on its files and frozen, the holder's links to it cut, lossy or slow; then {@link #NEMESES}.
     */
    static List<String> rotation(LockSystem system, ResourceType resource, Fencing fencing) {
        List<String> all = new ArrayList<>();
        for (var point : system.checkpoints()) all.add(AtCheckpoint.PAUSE + point.name());
        if (fencing != Fencing.NONE) {
            for (String point : resource.checkpoints()) all.add(AtCheckpoint.PAUSE + point);
            if (resource.where() == ResourceType.Where.SERVICE) {
                all.addAll(List.of(DelayHolder.TO_RESOURCE, ResourceDown.RESTART, ResourceDown.PAUSE, FlakyNet.TO_RESOURCE));
            }
        }
        all.addAll(NEMESES);
        return List.copyOf(all);
    }

    private final RunStore store;
    private final PrintStream progress;
    private final Path record;
    private final BooleanSupplier stop;
    private final Placement placement;
    /** A hunt's lease unless told otherwise: {@code RunDefaults.HUNT_LEASE}. */
    public static final Duration LEASE = Durations.parse(RunDefaults.HUNT_LEASE);

    /** Each run's lease. */
    private final Duration lease;

    public Hunt(RunStore store, PrintStream progress) {
        this(store, progress, null, () -> false, new Placement.InLab(), LEASE);
    }

    private Hunt(RunStore store, PrintStream progress, Path record, BooleanSupplier stop, Placement placement, Duration lease) {
        this.store = store;
        this.progress = progress;
        this.record = record;
        this.stop = stop;
        this.placement = placement;
        this.lease = lease;
    }

    /** The same hunt with its runs' hosts made by {@code p} (a lab by default; containers need no root, and keep no servers between runs). */
    public Hunt on(Placement p) {
        return new Hunt(store, progress, record, stop, p, lease);
    }

    /**
     * The same hunt, each run's lock asking for {@code lease}: a shorter lease brings the faults' lengths down with it (a freeze
     * past the lease, holds up to 1.5 leases), so each run reaches its dangerous moments sooner.
     */
    public Hunt leased(Duration lease) {
        return new Hunt(store, progress, record, stop, placement, lease);
    }

    /**
     * The same hunt as one job of several ({@link Jobs}): its record in {@code record} (a directory of the
     * store's {@code hunts/} made for it), and no run started once {@code stop} says another job found a defect.
     */
    public Hunt asJob(Path record, BooleanSupplier stop) {
        return new Hunt(store, progress, record, stop, placement, lease);
    }

    /**
     * What a hunt ended with.
     *
     * @param defect   the run that showed a defect, or null when none did within the budget
     * @param why      what the defect is, in words, or null
     * @param runs     how many runs it made
     * @param reached  every moment's count, summed over the runs
     */
    public record Found(RunResult defect, String why, int runs, Map<String, Integer> reached, Path record, boolean roundsDone) {
        Found(RunResult defect, String why, int runs, Map<String, Integer> reached, Path record) {
            this(defect, why, runs, reached, record, false);
        }
    }

    /** The shortest and longest main phase a hunt chooses by itself ({@link #eachFor}). */
    static final Duration MIN_EACH = Duration.ofSeconds(5);
    static final Duration MAX_EACH = Duration.ofSeconds(30);
    /**
     * A run's cost besides its main phase before one was measured: servers, clients, the heal, the check and the report, and the
     * last fault's length beyond the time limit (4–14 s and 0–10 s here: `bench run`, docs/running.md).
     */
    static final Duration FIRST_OVERHEAD = Duration.ofSeconds(12);

    /**
     * The main phase that lets the {@code runs} runs still to come in this round of the rotation all
     * start within {@code remaining}, each costing that phase and {@code overhead} around it: from
     * {@link #MIN_EACH} (a shorter run reaches too little: about one fault) to {@link #MAX_EACH} (a round
     * that fits runs at the length a user would choose).
     */
    static Duration eachFor(Duration remaining, int runs, Duration overhead) {
        // whole seconds: the run's command says --time-limit Ns, and replay must run what ran
        Duration share = Duration.ofSeconds(remaining.dividedBy(Math.max(1, runs)).minus(overhead).toSeconds());
        return share.compareTo(MIN_EACH) < 0 ? MIN_EACH : share.compareTo(MAX_EACH) > 0 ? MAX_EACH : share;
    }

    /**
     * Hunts until a defect, the end of {@code budget} or the end of the rounds; no run starts that
     * could not end in the budget.
     *
     * @param nemeses   the rotation's nemeses (those that do not fit the lock left out), or null for {@link #NEMESES}
     * @param fixedEach each run's main phase, or null to choose it from the budget so that every nemesis that fits runs
     *                  once in the first round ({@link #eachFor}), with the cost around a run as measured so far
     * @param rounds    how many rounds (seeds 1 … rounds), or 0 for as many as the budget allows
     * @param shard     the share of the rotation's runs this hunt makes ({@link Shard#WHOLE} for all)
     * @param fencing   what the resource is asked to fence: with {@code writes} or {@code all} the hunt also stops at a
     *                  resource defect (a stale operation accepted, an update lost while every holder fenced)
     */
    public Found run(LockSystem system, Map<String, String> options, List<Path> classpath, ResourceType resource, List<String> nemeses,
                     Duration budget, Duration fixedEach, long rounds, Shard shard, Fencing fencing) throws Exception {
        long end = System.nanoTime() + budget.toNanos();
        Map<String, Integer> reached = new LinkedHashMap<>();
        for (String k : Coverage.KEYS) reached.put(k, 0);
        List<String> names = nemeses != null ? nemeses : rotation(system, resource, fencing);
        List<NemesisKind> kinds = new ArrayList<>();
        for (String n : names) {
            NemesisKind k = NemesisKinds.byName(n);
            Optional<String> unfit = k.unfitFor(system, 5).or(() -> placement.unfit(k, system.topology(), 5));
            if (unfit.isEmpty()) kinds.add(k);
            else if (nemeses != null) progress.println("hunt: left out " + n + ": " + unfit.get());
        }
        // Redis made durable (an append-only file fsynced on every write): a server that a fault kills and that restarts
        // empty grants the lock again and hands out its tokens again whatever the lock's code, which is the deployment's
        // choice (the scenarios' --persistence none runs show it), not a defect of the lock
        boolean durable = ServerKind.of(system.topology()).can(ServerKind.Capability.PERSISTENCE);
        if (durable) progress.println("hunt: the Redis servers fsync an append-only file on every write (--persistence aof-always):"
                + " one that is killed restarts with its data");
        if (kinds.isEmpty()) {
            progress.println("hunt: no nemesis of the rotation fits " + system.name() + " (" + String.join(", ", names) + ")");
            return new Found(null, null, 0, reached, null);
        }
        Rotation rotation = new Rotation(kinds, rounds, shard);
        Rotation.Turn first = rotation.next(0);
        if (first == null) {
            progress.println("hunt: shard " + shard + " has no run in " + rounds + (rounds == 1 ? " round" : " rounds") + " of " + kinds.size() + " nemeses");
            return new Found(null, null, 0, reached, null);
        }
        int perRound = rotation.leftInRound(first);
        Duration firstEach = fixedEach != null ? fixedEach : eachFor(budget, perRound, FIRST_OVERHEAD);
        long fit = Math.min(perRound, budget.toNanos() / firstEach.plus(FIRST_OVERHEAD).toNanos());
        String share = shard.equals(Shard.WHOLE) ? "" : " (shard " + shard + ": " + perRound + " of each round's " + kinds.size() + " runs)";
        progress.printf(Locale.ROOT, "hunt: %d nemeses fit %s: %s%s; each run's clients and nemesis run %d s%s%n", kinds.size(), system.name(),
                String.join(", ", kinds.stream().map(NemesisKind::name).toList()), share, firstEach.toSeconds(),
                fixedEach != null ? " (--each)"
                        : fit >= perRound ? ", so that every one runs in the " + clock(budget.toNanos()) + " budget (a run costs that and about "
                        + FIRST_OVERHEAD.toSeconds() + " s around it here), then again with new seeds; --each sets it"
                        : ", the shortest a hunt chooses: about " + fit + " of them fit in the " + clock(budget.toNanos()) + " budget (a larger --budget runs them all)");
        progress.println("hunt: each run's lease is " + (lease.toMillis() % 1000 == 0 ? lease.toSeconds() + " s" : lease.toMillis() + " ms")
                + (lease.equals(LEASE) ? ", a hunt's default (--lease sets it)" : " (--lease)") + "; freezes, holds and the faults aimed at a hold are measured against it");
        Path dir = record != null ? record : store.newRun("hunts");
        HuntLog log = new HuntLog(system.name(), List.of(shard.toString()), List.of());
        log.write(dir);
        progress.println("hunt: its record: " + dir.resolve(HuntLog.FILE));
        int runs = 0;
        long started = System.nanoTime();
        // the cost around a run's main phase (servers, clients, heal, check, report, a last fault's overrun): guessed, then
        // measured; the runs to come share the budget at the most a run cost, and none starts unless what it will likely cost fits
        long overhead = FIRST_OVERHEAD.toNanos();
        // what a run costs beyond the main phase asked for (set-up, wind-down, and a last fault held past the phase's end), as
        // measured: the most each nemesis took, and every run's, for a nemesis not yet run
        Map<String, Long> mostOf = new HashMap<>();
        List<Long> arounds = new ArrayList<>();
        try (StandingServers standing = new StandingServers()) {
            Runner runner = new Runner(progress, placement).keeping(standing).endingAt(r -> finding(r.results()));
            for (Rotation.Turn turn = first; turn != null; turn = rotation.next(turn.position() + 1)) {
                NemesisKind kind = turn.kind();
                long seed = turn.seed();
                // what is left of this round shares what is left of the budget, at the cost around a run measured so far
                Duration each = fixedEach != null ? fixedEach
                        : eachFor(Duration.ofNanos(Math.max(0, end - System.nanoTime())), rotation.leftInRound(turn), Duration.ofNanos(overhead));
                // a run takes its main phase and the cost around it: none starts that could not end in the budget
                // none starts unless what it will likely cost still fits: the most this nemesis took before, or the median run's
                long expected = likelyAround(mostOf, arounds, kind.name(), overhead);
                if (System.nanoTime() + each.toNanos() + expected > end) return new Found(null, null, runs, reached, dir);
                if (stop.getAsBoolean()) {
                    progress.println("hunt: stopped: another job of this hunt found a defect");
                    return new Found(null, null, runs, reached, dir);
                }
                List<String> command = new ArrayList<>(List.of("bin/lockstorm", "run", "--system", system.name(), "--nemesis", kind.name(),
                        "--seed", Long.toString(seed), "--time-limit", each.toSeconds() + "s", "--resource", resource.name()));
                if (fencing != Fencing.NONE) command.addAll(List.of("--fencing", fencing.wire()));
                if (!classpath.isEmpty()) command.addAll(List.of("--classpath", PluginClasspath.join(classpath)));
                options.forEach((k, v) -> command.addAll(List.of("--option", k + "=" + v)));
                if (durable) command.addAll(List.of("--persistence", Persistence.AOF_ALWAYS.wire()));
                command.addAll(placement.arguments());
                RunSpec.Builder b = RunSpec.builder(system).classpath(classpath).resource(resource).nemesis(kind).seed(seed).timeLimit(each)
                        .fencing(fencing).command(command).lease(lease);
                command.addAll(List.of("--lease", lease.toMillis() + "ms"));
                if (resource.checkpoints().stream().anyMatch(p -> kind.name().equals(AtCheckpoint.PAUSE + p))) {
                    // a caller meets the resource's own point only once its token passed the check: holds within half a lease
                    // bring fresh holders' writes there, rather than stale ones the check refuses first
                    Duration hold = lease.dividedBy(2);
                    b.holds(Duration.ZERO, hold);
                    command.addAll(List.of("--hold-max", hold.toMillis() + "ms"));
                }
                if (durable) b.persistence(Persistence.AOF_ALWAYS);
                if (turn.careful()) {
                    b.onDoubt(OnDoubt.STOP);
                    command.addAll(List.of("--on-doubt", "stop"));
                }
                options.forEach(b::option);
                RunSpec spec = b.build();
                progress.printf(Locale.ROOT, "hunt: [%s of %s] seed %d, %s%n", clock(System.nanoTime() - started), clock(budget.toNanos()), seed, kind.name());
                String startedAt = STARTED.format(java.time.Instant.now());
                RunResult r = runner.run(spec, store.newRun(system.name()));
                // the run's own account of its time, less what the runs to come will not pay: archives built once per kind of JVM
                long around = Math.max(0, r.timings().total().minus(r.timings().archives()).minus(each).toNanos());
                arounds.add(around);
                mostOf.merge(kind.name(), around, Math::max);
                runs++;
                overhead = sharedAround(arounds, overhead);
                CheckResult c = r.check();
                Map<String, Integer> exercised = new LinkedHashMap<>();
                c.coverage().moments().forEach(m -> exercised.merge(m.key(), m.count(), Integer::sum));
                exercised.forEach((k, n) -> reached.merge(k, n, Integer::sum));
                Optional<String> defect = defect(r);
                String where = store.root().toAbsolutePath().normalize().relativize(r.dir().toAbsolutePath().normalize()).toString();
                log = log.with(new HuntLog.Run(where, turn.position(), seed, kind.name(), turn.careful(), startedAt,
                        c.verdict().wire(), defect.orElse(null), exercised));
                log.write(dir);
                // the cost around the main phase printed with every run: what a cheaper run would give back to the hunt
                String holds = c.holdsCounted() ? c.defectIncidents() + " lock defects, " + c.leaseLimitIncidents() + " lease limits"
                        : "double holders not counted";
                progress.printf(Locale.ROOT, "hunt: seed %d, %s: %s, %s; main phase %.1f s, %s; exercised: %s%n", seed,
                        kind.name(), c.verdict().wire(), holds, r.timings().main().toNanos() / 1e9, r.timings().describe(), c.coverage().describe());
                if (defect.isPresent()) return new Found(r, defect.get(), runs, reached, dir);
            }
        }
        progress.println("hunt: the " + rounds + (rounds == 1 ? " round is" : " rounds are") + " done");
        return new Found(null, null, runs, reached, dir, true);
    }

    /**
     * What each run to come is counted to cost around its main phase when the runs share what is left of the budget
     * ({@link #eachFor}): the most any run cost so far, else {@code guess}. Runs differ by a fault held past the phase's end and
     * by their wind-down; shared at the mean, a round lengthened its runs on the cheap ones and left its last nemesis no time.
     */
    static long sharedAround(List<Long> arounds, long guess) {
        return arounds.isEmpty() ? guess : java.util.Collections.max(arounds);
    }

    /**
     * What a run of {@code nemesis} will likely cost beyond its main phase: the most it took earlier
     * in the hunt, or else the median of every run's so far, or else {@code guess}.
     */
    static long likelyAround(Map<String, Long> mostOf, List<Long> arounds, String nemesis, long guess) {
        return mostOf.getOrDefault(nemesis, arounds.isEmpty() ? guess : median(arounds));
    }

    /** The middle value (the upper of the two middle ones for an even count). */
    static long median(List<Long> values) {
        List<Long> sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }

    /** When a run started, in UTC to the millisecond: records from machines in other time zones sort together. */
    static final java.time.format.DateTimeFormatter STARTED = java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(java.time.ZoneOffset.UTC);

    /**
     * What a hunt stops at, from what results.json says (worded in full by {@link #defect}): a lock
     * defect, or, when the run fenced, a resource defect. Also what ends a hunt's run early
     * ({@link Runner#endingAt}), so that a run stops at the finding it would stop the hunt at.
     */
    static Optional<String> finding(Results r) {
        if (Expectation.DEFECT.unmet(r).isEmpty()) return Optional.of("a lock defect (" + String.join("; ", r.defects()) + ")");
        List<String> resource = r.resourceDefects();
        return resource.isEmpty() ? Optional.empty() : Optional.of("a resource defect (" + String.join("; ", resource) + ")");
    }

    /**
     * A run that shows a defect of the lock ({@link Expectation#DEFECT}, the one rule), or, where it
     * fenced, of the resource ({@link Expectation.Word#RESOURCE_DEFECT}), with the first in words.
     */
    static Optional<String> defect(RunResult r) {
        if (finding(r.results()).isEmpty()) return Optional.empty();
        if (Expectation.DEFECT.unmet(r.results()).isPresent()) {
            return Optional.of("a resource defect: " + String.join("; ", r.results().resourceDefects()) + " (--fencing " + r.results().fencing() + ")");
        }
        CheckResult c = r.check();
        if (c.defectIncidents() > 0) {
            return Optional.of(c.incidents().stream().filter(i -> !i.cause().leaseLimit()).findFirst().orElseThrow().explanation());
        }
        if (c.tokenViolations() > 0) return Optional.of(c.tokenViolations() + " fencing tokens out of order: " + c.fencing().tokenViolations().get(0).explanation());
        return Optional.of(String.join("; ", r.results().defects()));
    }

    private static String clock(long nanos) {
        long s = nanos / 1_000_000_000L;
        return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
