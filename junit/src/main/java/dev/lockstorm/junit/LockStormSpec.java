package dev.lockstorm.junit;

import dev.lockstorm.api.Fencing;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.results.Expectation;
import dev.lockstorm.suite.internal.run.Durations;
import dev.lockstorm.suite.internal.run.Placement;
import dev.lockstorm.suite.internal.run.RunDefaults;
import dev.lockstorm.suite.internal.run.RunRequest;
import dev.lockstorm.suite.internal.workload.OnDoubt;

import java.time.Duration;
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
 * @param backend         where the hosts are made: {@code "lab"} (network namespaces; the test JVM needs root) or
 *                        {@code "containers"} (a container per host on a Docker engine the test's user may use; no root)
 * @param until           findings the run ends at ({@code run --until}: {@code defect}, {@code double-holder}, …): its faults
 *                        and clients stop as soon as the history so far shows every one, instead of at the time limit; empty
 *                        for none. The heal and the whole check follow as always, and decide what the run showed
 */
public record LockStormSpec(String system, int clients, Duration timeLimit, String nemesis, String fencing, String resource, long seed,
                            Duration lease, Duration nemesisInterval, Duration holdMax, Duration quiet, String persistence,
                            String onDoubt, Integer nesting, Integer readers, Map<String, String> options, boolean keepCrashed,
                            java.nio.file.Path schedule, Duration rest, String backend, List<String> until) {

    public LockStormSpec {
        options = Map.copyOf(options);
        until = List.copyOf(until);
        // checked here, where every spec is made (an annotation, withUntil, or this constructor), so that a bad word never reaches a run
        Expectation.endings(until, "until");
    }

    /** A fault-free run of {@code system} with the defaults of every run (5 clients, 60 s, seed 1, a 4 s lease, the counter without fencing). */
    public static LockStormSpec of(String system) {
        return new LockStormSpec(system, RunDefaults.CLIENTS, Durations.parse(RunDefaults.TIME_LIMIT), RunDefaults.NEMESIS, RunDefaults.FENCING,
                RunDefaults.RESOURCE, RunDefaults.SEED, Durations.parse(RunDefaults.LEASE), null, null,
                Durations.parse(RunDefaults.QUIET), RunDefaults.PERSISTENCE, RunDefaults.ON_DOUBT, null, null, Map.of(), false, null, null, LockStorm.defaultBackend(), List.of());
    }

    public LockStormSpec withClients(int n) {
        return copy(c -> c.clients = n);
    }

    public LockStormSpec withTimeLimit(Duration d) {
        return copy(c -> c.timeLimit = d);
    }

    public LockStormSpec withNemesis(String n) {
        return copy(c -> c.nemesis = n);
    }

    public LockStormSpec withFencing(String f) {
        return copy(c -> c.fencing = f);
    }

    public LockStormSpec withResource(String r) {
        return copy(c -> c.resource = r);
    }

    public LockStormSpec withSeed(long s) {
        return copy(c -> c.seed = s);
    }

    public LockStormSpec withLease(Duration d) {
        return copy(c -> c.lease = d);
    }

    public LockStormSpec withNemesisInterval(Duration d) {
        return copy(c -> c.nemesisInterval = d);
    }

    public LockStormSpec withHoldMax(Duration d) {
        return copy(c -> c.holdMax = d);
    }

    public LockStormSpec withQuiet(Duration d) {
        return copy(c -> c.quiet = d);
    }

    public LockStormSpec withPersistence(String p) {
        return copy(c -> c.persistence = p);
    }

    /** What a holder does when its client says the lease may be gone: {@code "continue"} (the default) or {@code "stop"}. */
    public LockStormSpec withOnDoubt(String d) {
        return copy(c -> c.onDoubt = d);
    }

    /** How deep a reentrant lock is taken again inside each hold, at most (0: never). */
    public LockStormSpec withNesting(int n) {
        return copy(c -> c.nesting = n);
    }

    /** For a read-write lock: how many of the clients are readers (the last ones; the others write). */
    public LockStormSpec withReaders(int n) {
        return copy(c -> c.readers = n);
    }

    /** The same spec with one of the system's options set. */
    public LockStormSpec withOption(String name, String value) {
        Map<String, String> o = new LinkedHashMap<>(options);
        o.put(name, value);
        return copy(c -> c.options = o);
    }

    /** The same spec, leaving a crashed client instance running beside the new one ({@code --keep-crashed}). */
    public LockStormSpec withKeepCrashed(boolean k) {
        return copy(c -> c.keepCrashed = k);
    }

    /**
     * The same spec, its faults those of a recorded schedule ({@code run --schedule}; relative to the
     * working directory, the module's in a Maven build): the test a shrink writes runs its minimal
     * schedule so.
     */
    public LockStormSpec withSchedule(java.nio.file.Path file) {
        return copy(c -> c.schedule = file);
    }

    /**
     * The same spec, each client resting 0 to {@code 2 × d} between its cycles ({@code --rest}), so that a
     * slow or delayed acquire finds the lock free at times instead of always behind a queue.
     */
    public LockStormSpec withRest(Duration d) {
        return copy(c -> c.rest = d);
    }

    /**
     * The same spec, its hosts made by {@code backend}: {@code "containers"} runs each host as a
     * container on the Docker engine (the test needs no root, only that engine), {@code "lab"} in
     * network namespaces (root). A spec's backend is otherwise {@link LockStorm#defaultBackend()}.
     */
    public LockStormSpec withBackend(String b) {
        return copy(c -> c.backend = b);
    }

    /**
     * The same spec, the run ending as soon as its history so far shows every one of {@code findings}
     * ({@code run --until}; what {@code --expect} takes that stays shown once shown: {@code defect},
     * {@code double-holder}, {@code resource-defect}, {@code invalid}, {@code stale-writes-rejected},
     * {@code exercised:KEY}): a test that asserts a defect need not wait out the time limit once it is
     * there. A word that is none of those is an {@link IllegalArgumentException} naming it.
     */
    public LockStormSpec withUntil(String... findings) {
        return copy(c -> c.until = List.of(findings));
    }

    /**
     * The spec as the run's data, which the helper is handed as its spec.json: the defaults the
     * command line would take filled in, no argument strings.
     *
     * @throws IllegalArgumentException naming the field whose value is none of the words it takes
     */
    RunRequest request() {
        Placement where = switch (backend) {
            case "lab" -> new Placement.InLab();
            case "containers" -> new Placement.Containers();
            default -> throw new IllegalArgumentException("backend: expected lab or containers, not '" + backend + "'");
        };
        return new RunRequest(system, options, resource, List.of(), clients, timeLimit, nemesis, schedule == null ? null : schedule.toAbsolutePath(),
                Fencing.fromName(fencing), seed, lease, nemesisInterval, Duration.ZERO, holdMax, rest, nesting, readers, OnDoubt.fromName(onDoubt),
                keepCrashed, quiet, Persistence.fromName(persistence), null, where);
    }

    /** A few words for messages: "acme-lock under pause-client, fencing all, seed 1". */
    String describe() {
        return system + " under " + nemesis + ", fencing " + fencing + (resource.equals("counter") ? "" : ", resource " + resource) + ", seed " + seed;
    }

    /** This spec with one field changed: the {@code with} methods' one place to copy it. */
    private LockStormSpec copy(java.util.function.Consumer<Copy> change) {
        Copy c = new Copy(this);
        change.accept(c);
        return c.spec();
    }

    /** A spec's fields, to change before it is made again. */
    private static final class Copy {
        String system, nemesis, fencing, resource, persistence, onDoubt, backend;
        List<String> until;
        int clients;
        long seed;
        Duration timeLimit, lease, nemesisInterval, holdMax, quiet, rest;
        Integer nesting, readers;
        Map<String, String> options;
        boolean keepCrashed;
        java.nio.file.Path schedule;

        Copy(LockStormSpec s) {
            system = s.system; clients = s.clients; timeLimit = s.timeLimit; nemesis = s.nemesis; fencing = s.fencing; resource = s.resource;
            seed = s.seed; lease = s.lease; nemesisInterval = s.nemesisInterval; holdMax = s.holdMax; quiet = s.quiet; persistence = s.persistence;
            onDoubt = s.onDoubt; nesting = s.nesting; readers = s.readers; options = s.options; keepCrashed = s.keepCrashed; schedule = s.schedule;
            rest = s.rest; backend = s.backend; until = s.until;
        }

        LockStormSpec spec() {
            return new LockStormSpec(system, clients, timeLimit, nemesis, fencing, resource, seed, lease, nemesisInterval, holdMax, quiet,
                    persistence, onDoubt, nesting, readers, options, keepCrashed, schedule, rest, backend, until);
        }
    }
}
