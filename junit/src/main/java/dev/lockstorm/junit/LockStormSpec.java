package dev.lockstorm.junit;

import dev.lockstorm.suite.internal.run.Durations;
import dev.lockstorm.suite.internal.run.RunDefaults;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One lockstorm run, described: which lock system, how many clients, which nemesis, for how long,
 * what the protected resource checks. Every field has the command line's default; the {@code with}
 * methods return a changed copy. lockstorm checks the whole spec when the run starts (an unknown
 * system or nemesis is a {@link LockStormSetupException} naming the known ones).
 *
 * <pre>{@code
 * LockStormSpec spec = LockStormSpec.of("acme-fenced-lock")
 *         .withNemesis("pause-client").withFencing("all").withResource("acme-ledger").withSeed(3);
 * }</pre>
 *
 * @param system          the lock system's name (built in, or yours, registered in META-INF/services)
 * @param clients         client processes, each on a host of its own
 * @param timeLimit       how long clients and nemesis run
 * @param nemesis         none, partition, pause-node, pause-client, kill, clock, mix (or a scenario's choreography)
 * @param fencing         what the protected resource checks of the token: none, writes or all
 * @param resource        the protected resource: {@code counter}, or yours
 * @param seed            the seed of every random choice
 * @param lease           the lock's lease (ZooKeeper's session timeout, a key's TTL)
 * @param nemesisInterval mean time between faults; null for a sixth of the time limit, at most 10 s
 * @param holdMax         longest hold between the resource's read and write; null for the default, 1.5 × the lease
 * @param quiet           how long every client has after the final heal to acquire once more
 * @param persistence     Redis persistence: none, aof-everysec or aof-always
 * @param onDoubt         what a holder does when its client says the lease may be gone: continue, or stop (ask before each step
 *                        and while it holds, and release at the first doubt)
 * @param nesting         how deep a reentrant lock is taken again inside a hold, at most; null for the default (2 for reentrant
 *                        locks, 0 for others)
 * @param readers         for a read-write lock, how many clients read (the last ones; the others write); null for the default
 *                        (half, rounded down)
 * @param options         the system's own options
 * @param keepCrashed     after an operation with an unknown outcome, leave that client instance running beside the new one
 *                        (its connection, what its library queued), as an application that caught the exception does
 * @param schedule        a recorded schedule to do again instead of drawing faults ({@code run --schedule}: a run's
 *                        {@code schedule.json}, or the one {@code lockstorm shrink} wrote), or null
 * @param rest            how long a client rests between its cycles, about ({@code --rest}: 0 to twice this, drawn); null for
 *                        none, every client asking again at once
 */
public record LockStormSpec(String system, int clients, Duration timeLimit, String nemesis, String fencing, String resource, long seed,
                            Duration lease, Duration nemesisInterval, Duration holdMax, Duration quiet, String persistence,
                            String onDoubt, Integer nesting, Integer readers, Map<String, String> options, boolean keepCrashed,
                            java.nio.file.Path schedule, Duration rest) {

    public LockStormSpec {
        options = Map.copyOf(options);
    }

    /** A fault-free run of {@code system} with the defaults of every run (5 clients, 60 s, seed 1, a 4 s lease, the counter without fencing). */
    public static LockStormSpec of(String system) {
        return new LockStormSpec(system, RunDefaults.CLIENTS, Durations.parse(RunDefaults.TIME_LIMIT), RunDefaults.NEMESIS, RunDefaults.FENCING,
                RunDefaults.RESOURCE, RunDefaults.SEED, Durations.parse(RunDefaults.LEASE), null, null,
                Durations.parse(RunDefaults.QUIET), RunDefaults.PERSISTENCE, RunDefaults.ON_DOUBT, null, null, Map.of(), false, null, null);
    }

    public LockStormSpec withClients(int n) {
        return new LockStormSpec(system, n, timeLimit, nemesis, fencing, resource, seed, lease, nemesisInterval, holdMax, quiet, persistence, onDoubt, nesting, readers, options, keepCrashed, schedule, rest);
    }

    public LockStormSpec withTimeLimit(Duration d) {
        return new LockStormSpec(system, clients, d, nemesis, fencing, resource, seed, lease, nemesisInterval, holdMax, quiet, persistence, onDoubt, nesting, readers, options, keepCrashed, schedule, rest);
    }

    public LockStormSpec withNemesis(String n) {
        return new LockStormSpec(system, clients, timeLimit, n, fencing, resource, seed, lease, nemesisInterval, holdMax, quiet, persistence, onDoubt, nesting, readers, options, keepCrashed, schedule, rest);
    }

    public LockStormSpec withFencing(String f) {
        return new LockStormSpec(system, clients, timeLimit, nemesis, f, resource, seed, lease, nemesisInterval, holdMax, quiet, persistence, onDoubt, nesting, readers, options, keepCrashed, schedule, rest);
    }

    public LockStormSpec withResource(String r) {
        return new LockStormSpec(system, clients, timeLimit, nemesis, fencing, r, seed, lease, nemesisInterval, holdMax, quiet, persistence, onDoubt, nesting, readers, options, keepCrashed, schedule, rest);
    }

    public LockStormSpec withSeed(long s) {
        return new LockStormSpec(system, clients, timeLimit, nemesis, fencing, resource, s, lease, nemesisInterval, holdMax, quiet, persistence, onDoubt, nesting, readers, options, keepCrashed, schedule, rest);
    }

    public LockStormSpec withLease(Duration d) {
        return new LockStormSpec(system, clients, timeLimit, nemesis, fencing, resource, seed, d, nemesisInterval, holdMax, quiet, persistence, onDoubt, nesting, readers, options, keepCrashed, schedule, rest);
    }

    public LockStormSpec withNemesisInterval(Duration d) {
        return new LockStormSpec(system, clients, timeLimit, nemesis, fencing, resource, seed, lease, d, holdMax, quiet, persistence, onDoubt, nesting, readers, options, keepCrashed, schedule, rest);
    }

    public LockStormSpec withHoldMax(Duration d) {
        return new LockStormSpec(system, clients, timeLimit, nemesis, fencing, resource, seed, lease, nemesisInterval, d, quiet, persistence, onDoubt, nesting, readers, options, keepCrashed, schedule, rest);
    }

    public LockStormSpec withQuiet(Duration d) {
        return new LockStormSpec(system, clients, timeLimit, nemesis, fencing, resource, seed, lease, nemesisInterval, holdMax, d, persistence, onDoubt, nesting, readers, options, keepCrashed, schedule, rest);
    }

    public LockStormSpec withPersistence(String p) {
        return new LockStormSpec(system, clients, timeLimit, nemesis, fencing, resource, seed, lease, nemesisInterval, holdMax, quiet, p, onDoubt, nesting, readers, options, keepCrashed, schedule, rest);
    }

    /** What a holder does when its client says the lease may be gone: {@code "continue"} (the default) or {@code "stop"}. */
    public LockStormSpec withOnDoubt(String d) {
        return new LockStormSpec(system, clients, timeLimit, nemesis, fencing, resource, seed, lease, nemesisInterval, holdMax, quiet, persistence, d, nesting, readers, options, keepCrashed, schedule, rest);
    }

    /** How deep a reentrant lock is taken again inside each hold, at most (0: never). */
    public LockStormSpec withNesting(int n) {
        return new LockStormSpec(system, clients, timeLimit, nemesis, fencing, resource, seed, lease, nemesisInterval, holdMax, quiet, persistence, onDoubt, n, readers, options, keepCrashed, schedule, rest);
    }

    /** For a read-write lock: how many of the clients are readers (the last ones; the others write). */
    public LockStormSpec withReaders(int n) {
        return new LockStormSpec(system, clients, timeLimit, nemesis, fencing, resource, seed, lease, nemesisInterval, holdMax, quiet, persistence, onDoubt, nesting, n, options, keepCrashed, schedule, rest);
    }

    /** The same spec with one of the system's options set. */
    public LockStormSpec withOption(String name, String value) {
        Map<String, String> o = new LinkedHashMap<>(options);
        o.put(name, value);
        return new LockStormSpec(system, clients, timeLimit, nemesis, fencing, resource, seed, lease, nemesisInterval, holdMax, quiet, persistence, onDoubt, nesting, readers, o, keepCrashed, schedule, rest);
    }

    /** The same spec, leaving a crashed client instance running beside the new one ({@code --keep-crashed}). */
    public LockStormSpec withKeepCrashed(boolean k) {
        return new LockStormSpec(system, clients, timeLimit, nemesis, fencing, resource, seed, lease, nemesisInterval, holdMax, quiet, persistence, onDoubt, nesting, readers, options, k, schedule, rest);
    }

    /**
     * The same spec, its faults those of a recorded schedule ({@code run --schedule}; relative to the
     * working directory, the module's in a Maven build): the test a shrink writes runs its minimal
     * schedule so.
     */
    public LockStormSpec withSchedule(java.nio.file.Path file) {
        return new LockStormSpec(system, clients, timeLimit, nemesis, fencing, resource, seed, lease, nemesisInterval, holdMax, quiet, persistence, onDoubt, nesting, readers, options, keepCrashed, file, rest);
    }

    /**
     * The same spec, each client resting 0 to {@code 2 × d} between its cycles ({@code --rest}), so that a
     * slow or delayed acquire finds the lock free at times instead of always behind a queue.
     */
    public LockStormSpec withRest(Duration d) {
        return new LockStormSpec(system, clients, timeLimit, nemesis, fencing, resource, seed, lease, nemesisInterval, holdMax, quiet, persistence, onDoubt, nesting, readers, options, keepCrashed, schedule, d);
    }

    /** The spec as {@code lockstorm run} arguments. */
    List<String> toArguments() {
        List<String> a = new ArrayList<>(List.of("--system", system, "--clients", Integer.toString(clients), "--time-limit", ms(timeLimit),
                "--nemesis", nemesis, "--fencing", fencing, "--resource", resource, "--seed", Long.toString(seed), "--lease", ms(lease),
                "--quiet", ms(quiet), "--persistence", persistence, "--on-doubt", onDoubt));
        if (holdMax != null) a.addAll(List.of("--hold-max", ms(holdMax)));
        if (nesting != null) a.addAll(List.of("--nesting", Integer.toString(nesting)));
        if (readers != null) a.addAll(List.of("--readers", Integer.toString(readers)));
        if (nemesisInterval != null) a.addAll(List.of("--nemesis-interval", ms(nemesisInterval)));
        options.forEach((k, v) -> a.addAll(List.of("--option", k + "=" + v)));
        if (keepCrashed) a.add("--keep-crashed");
        if (schedule != null) a.addAll(List.of("--schedule", schedule.toAbsolutePath().toString()));
        if (rest != null) a.addAll(List.of("--rest", ms(rest)));
        return a;
    }

    /** A few words for messages: "acme-lock under pause-client, fencing all, seed 1". */
    String describe() {
        return system + " under " + nemesis + ", fencing " + fencing + (resource.equals("counter") ? "" : ", resource " + resource) + ", seed " + seed;
    }

    private static String ms(Duration d) {
        return d.toMillis() + "ms";
    }
}
