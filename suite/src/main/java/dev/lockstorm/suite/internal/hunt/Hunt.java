package dev.lockstorm.suite.internal.hunt;

import dev.lockstorm.api.LockSystem;
import dev.lockstorm.api.ResourceType;
import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.results.Expectation;
import dev.lockstorm.checker.lock.Coverage;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.locks.internal.registry.PluginClasspath;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.cluster.ServerKind;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKind;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKinds;
import dev.lockstorm.suite.internal.workload.OnDoubt;
import dev.lockstorm.suite.internal.run.RunResult;
import dev.lockstorm.suite.internal.run.RunSpec;
import dev.lockstorm.suite.internal.run.Runner;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Looks for a lock defect in a lock lockstorm has never seen: runs the generic nemeses, each with
 * its phase-aimed variants, seed after seed, and stops at the first run whose incidents include a
 * lock defect (not a lease limit, which any lease lock shows under those faults), whose tokens went
 * backwards, or after which the lock was not live. Redis servers keep an append-only file fsynced on
 * every write, so that a server killed and restarted loses nothing: what is found is the lock's.
 * What it reached meanwhile is summed, so that a hunt that found nothing says what it tested.
 *
 * <pre>{@code
 * Hunt.Found f = new Hunt(store, System.err).run(system, Map.of(), classpath, resource, Duration.ofMinutes(3), Duration.ofSeconds(30));
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

    private final RunStore store;
    private final PrintStream progress;

    public Hunt(RunStore store, PrintStream progress) {
        this.store = store;
        this.progress = progress;
    }

    /**
     * What a hunt ended with.
     *
     * @param defect   the run that showed a defect, or null when none did within the budget
     * @param why      what the defect is, in words, or null
     * @param runs     how many runs it made
     * @param reached  every moment's count, summed over the runs
     */
    public record Found(RunResult defect, String why, int runs, Map<String, Integer> reached) {
    }

    /**
     * Hunts until a defect or the end of {@code budget}; no run starts that could not end in it.
     *
     * @param each how long each run's clients and nemesis run
     */
    public Found run(LockSystem system, Map<String, String> options, List<Path> classpath, ResourceType resource, Duration budget, Duration each)
            throws Exception {
        long end = System.nanoTime() + budget.toNanos();
        Map<String, Integer> reached = new LinkedHashMap<>();
        for (String k : Coverage.KEYS) reached.put(k, 0);
        List<NemesisKind> kinds = new ArrayList<>();
        for (String n : NEMESES) {
            NemesisKind k = NemesisKinds.byName(n);
            if (k.unfitFor(system, 5).isEmpty()) kinds.add(k);
        }
        // Redis made durable (an append-only file fsynced on every write): a server that a fault kills and that restarts
        // empty grants the lock again and hands out its tokens again whatever the lock's code, which is the deployment's
        // choice (the scenarios' --persistence none runs show it), not a defect of the lock
        boolean durable = ServerKind.of(system.topology()).can(ServerKind.Capability.PERSISTENCE);
        if (durable) progress.println("hunt: the Redis servers fsync an append-only file on every write (--persistence aof-always):"
                + " one that is killed restarts with its data");
        int runs = 0;
        long started = System.nanoTime();
        long longest = 0;
        for (long seed = 1; ; seed++) {
            for (NemesisKind kind : kinds) {
                // a run takes its time limit and the set-up, the heal and the quiet period around it: the longest yet
                if (System.nanoTime() + Math.max(longest, each.toNanos() * 2) > end) return new Found(null, null, runs, reached);
                List<String> command = new ArrayList<>(List.of("bin/lockstorm", "run", "--system", system.name(), "--nemesis", kind.name(),
                        "--seed", Long.toString(seed), "--time-limit", each.toSeconds() + "s", "--resource", resource.name()));
                if (!classpath.isEmpty()) command.addAll(List.of("--classpath", PluginClasspath.join(classpath)));
                options.forEach((k, v) -> command.addAll(List.of("--option", k + "=" + v)));
                if (durable) command.addAll(List.of("--persistence", "aof-always"));
                RunSpec.Builder b = RunSpec.builder(system).classpath(classpath).resource(resource).nemesis(kind).seed(seed).timeLimit(each)
                        .command(command);
                if (durable) b.persistence(Persistence.AOF_ALWAYS);
                // every other run has careful holders (they ask "still held?" through the hold and stop at a doubt): a lock
                // that says yes after the service gave the lock to another is caught by either, its lease limits fewer with them
                if (runs % 2 == 1) {
                    b.onDoubt(OnDoubt.STOP);
                    command.addAll(List.of("--on-doubt", "stop"));
                }
                options.forEach(b::option);
                RunSpec spec = b.build();
                progress.printf(Locale.ROOT, "hunt: [%s of %s] seed %d, %s%n", clock(System.nanoTime() - started), clock(budget.toNanos()), seed, kind.name());
                long t0 = System.nanoTime();
                RunResult r = new Runner(progress).run(spec, store.newRun(system.name()));
                longest = Math.max(longest, System.nanoTime() - t0);
                runs++;
                CheckResult c = r.check();
                c.coverage().moments().forEach(m -> reached.merge(m.key(), m.count(), Integer::sum));
                Optional<String> defect = defect(r);
                progress.printf(Locale.ROOT, "hunt: seed %d, %s: %s, %d lock defects, %d lease limits; exercised: %s%n", seed, kind.name(),
                        c.verdict().wire(), c.defectIncidents(), c.leaseLimitIncidents(), c.coverage().describe());
                if (defect.isPresent()) return new Found(r, defect.get(), runs, reached);
            }
        }
    }

    /** A run that shows a defect of the lock ({@link Expectation#DEFECT}, the one rule), with the first in words. */
    static Optional<String> defect(RunResult r) {
        if (Expectation.DEFECT.unmet(r.results()).isPresent()) return Optional.empty();
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
