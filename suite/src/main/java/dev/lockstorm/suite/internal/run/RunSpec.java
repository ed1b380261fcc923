package dev.lockstorm.suite.internal.run;

import dev.lockstorm.api.Fencing;
import dev.lockstorm.api.LockOption;
import dev.lockstorm.api.LockSystem;
import dev.lockstorm.api.ResourceType;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.suite.internal.cluster.ServerKind;
import dev.lockstorm.suite.internal.cluster.ServerSite;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKind;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKinds;
import dev.lockstorm.suite.internal.nemesiskinds.Rhythm;
import dev.lockstorm.suite.internal.workload.AcquireWaits;
import dev.lockstorm.suite.internal.workload.LockCycle;
import dev.lockstorm.suite.internal.workload.OnDoubt;
import dev.lockstorm.suite.internal.workload.Role;
import dev.lockstorm.locks.internal.registry.Registry;
import dev.lockstorm.locks.store.CounterResource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One test run: which lock, how many clients, which faults, for how long. Made with
 * {@link #builder}; every field is checked when it is built, so a spec that cannot run is an
 * {@link IllegalArgumentException} before any lab starts.
 *
 * <pre>{@code
 * RunSpec spec = RunSpec.builder(Registry.builtIn().system("curator-mutex"))
 *         .nemesis(new PauseClient()).timeLimit(Duration.ofSeconds(30)).seed(7).build();
 * }</pre>
 *
 * @param system          the lock under test
 * @param options         every option the system declares, set or defaulted
 * @param resource        the protected resource's kind
 * @param classpath       the user's class path entries that worker JVMs add to lockstorm's
 * @param clients         client processes, each on its own host
 * @param timeLimit       how long the generator and the nemesis run
 * @param nemesis         what the nemesis does
 * @param fencing         what the protected resource checks of the token
 * @param seed            the seed of every random choice
 * @param lease           the lock's lease: ZooKeeper's session timeout, Redis's key TTL
 * @param nemesisInterval mean time between faults, and a fault's mean duration
 * @param holdMin         shortest hold between read and write (a hold is uniform between holdMin and holdMax)
 * @param holdMax         longest hold
 * @param rest            how long a client rests between its cycles: drawn each time from 0 to twice this (Jepsen's
 *                        stagger); zero (the default) for none, the lock always contended
 * @param nesting         for a reentrant lock, how deep a hold takes the lock again at most (each hold picks 0…nesting); 0 for
 *                        other locks
 * @param readers         for a read-write lock, how many clients are readers (the last ones; the others write); 0 for other locks
 * @param onDoubt         what a holder does when its client says the lease may be gone
 * @param keepCrashed     after an operation with an unknown outcome, leave that client instance running (its
 *                        connection, its queued commands, its renewals) beside the new one, as an application that
 *                        caught the exception and went on does; its later effects belong to the crashed process
 * @param quiet           the quiet period after the final heal, in which every client must acquire again
 * @param persistence     how Redis servers keep data across a crash (Redis topologies only)
 * @param command         the command line that started the run, for the record
 * @param title           a named scenario and variant ("redis-gc-pause / fencing none"), or null
 */
public record RunSpec(LockSystem system, Map<String, String> options, ResourceType resource, List<Path> classpath, int clients,
                      Duration timeLimit, NemesisKind nemesis, Fencing fencing, long seed, Duration lease, Duration nemesisInterval,
                      Duration holdMin, Duration holdMax, Duration rest, int nesting, int readers, OnDoubt onDoubt, boolean keepCrashed, Duration quiet, Persistence persistence,
                      List<String> command, String title) {

    /** The deepest nesting a run may ask for. */
    public static final int MAX_NESTING = 10;
    /** A reentrant lock's nesting unless the run says otherwise. */
    public static final int DEFAULT_NESTING = 2;

    public RunSpec {
        options = Map.copyOf(options);
        classpath = List.copyOf(classpath);
        command = List.copyOf(command);
        if (clients < 1 || clients > 50) throw new IllegalArgumentException("--clients must be 1 to 50, not " + clients);
        if (timeLimit.isNegative() || timeLimit.isZero()) throw new IllegalArgumentException("--time-limit must be positive, not " + timeLimit);
        if (lease.isNegative() || lease.isZero()) throw new IllegalArgumentException("--lease must be positive, not " + lease);
        if (holdMin.compareTo(holdMax) > 0) throw new IllegalArgumentException("the shortest hold " + holdMin + " exceeds the longest " + holdMax);
        if (rest.isNegative()) throw new IllegalArgumentException("the rest between cycles must not be negative, not " + rest);
        if (nesting < 0 || nesting > MAX_NESTING) throw new IllegalArgumentException("--nesting must be 0 to " + MAX_NESTING + ", not " + nesting);
        if (nesting > 0 && !system.reentrant()) {
            throw new IllegalArgumentException("--nesting " + nesting + ": " + system.name() + " is not reentrant (a holder cannot take it again)");
        }
        if (system.readWrite() ? readers < 0 || readers >= clients : readers != 0) {
            throw new IllegalArgumentException(system.readWrite()
                    ? "--readers must be 0 to " + (clients - 1) + " (at least one of the " + clients + " clients writes), not " + readers
                    : "--readers " + readers + ": " + system.name() + " has no read lock (it is no read-write lock)");
        }
        for (LockOption o : system.options()) {
            if (!options.containsKey(o.name())) throw new IllegalArgumentException("option " + o.name() + " of " + system.name() + " has no value");
        }
        for (Map.Entry<String, String> e : options.entrySet()) {
            LockOption o = system.options().stream().filter(x -> x.name().equals(e.getKey())).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("--option " + e.getKey() + ": " + system.name() + " takes "
                            + (system.options().isEmpty() ? "no options" : String.join(", ", system.options().stream().map(LockOption::name).toList()))));
            o.refusal(e.getValue()).ifPresent(message -> {
                throw new IllegalArgumentException(message);
            });
        }
        if (persistence != Persistence.NONE && !ServerKind.of(system.topology()).can(ServerKind.Capability.PERSISTENCE)) {
            throw new IllegalArgumentException("--persistence applies to Redis servers; " + system.name() + " runs on " + system.topology().describe());
        }
        resource.program().ifPresent(p -> {
            if (resource.where() != ResourceType.Where.SERVICE) {
                throw new IllegalArgumentException("--resource " + resource.name() + " names a program of its own, which runs on the resource's host r1:"
                        + " its where() must be SERVICE");
            }
            if (p.port() == dev.lockstorm.locks.internal.worker.ResourceService.PORT) {
                throw new IllegalArgumentException("--resource " + resource.name() + ": its program's port " + p.port() + " is the resource service's own");
            }
        });
        resource.servers().ifPresent(t -> {
            if (ServerKind.all().stream().noneMatch(k -> k.topology().isInstance(t))) {
                throw new IllegalArgumentException("--resource " + resource.name() + " keeps its data in " + t.describe() + ", which lockstorm cannot start");
            }
        });
        String unfit = nemesis.unfitFor(system, clients).orElse(null);
        if (unfit != null) throw new IllegalArgumentException(unfit);
    }

    /** A spec of {@code system} with the CLI's defaults, the counter as the resource and no faults. */
    public static Builder builder(LockSystem system) {
        return new Builder(system);
    }

    /** The same run, titled as a named scenario's variant. */
    public RunSpec withTitle(String t) {
        return new RunSpec(system, options, resource, classpath, clients, timeLimit, nemesis, fencing, seed, lease, nemesisInterval, holdMin, holdMax,
                rest, nesting, readers, onDoubt, keepCrashed, quiet, persistence, command, t);
    }

    /** {@link #command()} as one line a shell takes back as it is (a word with a space or a quote quoted): command.txt's, the report's. */
    public String commandLine() {
        return String.join(" ", command.stream().map(RunRequest::shellWord).toList());
    }

    /** The same run, recorded as started by {@code c}. */
    public RunSpec withCommand(List<String> c) {
        return new RunSpec(system, options, resource, classpath, clients, timeLimit, nemesis, fencing, seed, lease, nemesisInterval, holdMin, holdMax,
                rest, nesting, readers, onDoubt, keepCrashed, quiet, persistence, c, title);
    }

    /** The run's servers: the lock's, then the resource's own when it names some ({@link ResourceType#servers()}). */
    public List<ServerSite> sites() {
        List<ServerSite> sites = new java.util.ArrayList<>(List.of(ServerSite.lock(system.topology())));
        resource.servers().ifPresent(t -> sites.add(ServerSite.resource(t)));
        return List.copyOf(sites);
    }

    /** How long a client is frozen by pause-client: past its lease, so that the lease expires. */
    public Duration clientPause() {
        Duration twice = lease.multipliedBy(2);
        return twice.compareTo(nemesisInterval) > 0 ? twice : nemesisInterval;
    }

    /** How long the driver waits for a client's answer before the operation is unknown (info). */
    public Duration opTimeout() {
        Duration frozen = clientPause().plus(lease);
        Duration waiting = acquireTimeout();
        return (frozen.compareTo(waiting) > 0 ? frozen : waiting).plusSeconds(5).plus(nemesis.longerCalls(rhythm()));
    }

    /** How long an acquire waits for the lock: a second past the lease, unless the nemesis needs waiters to stay queued longer. */
    public Duration acquireTimeout() {
        return nemesis.acquireTimeout(rhythm());
    }

    /**
     * Whether a quarter of the acquires wait less than a lease and give up ({@link AcquireWaits}), so
     * that a lock's withdraw path runs: in every run but a named scenario's (a choreography times its
     * waiters exactly) and a nemesis's that keeps waiters queued on purpose.
     */
    public boolean drawsAcquireWaits() {
        return title == null && nemesis.drawsAcquireWaits();
    }

    /** What every client's holder does in each cycle. */
    public LockCycle.Policy policy() {
        return new LockCycle.Policy(nesting, holdMin, holdMax, onDoubt);
    }

    /** What client {@code index} (from 0) does with the lock. */
    public Role role(int index) {
        return Role.of(index, clients, readers, system.readWrite());
    }

    /** The run's timing as its nemesis sees it. */
    public Rhythm rhythm() {
        return new Rhythm(lease, nemesisInterval, clientPause(), timeLimit, holdMin, holdMax);
    }

    /** A builder whose defaults are {@link RunDefaults}. */
    public static final class Builder {
        private final LockSystem system;
        private final Map<String, String> options = new LinkedHashMap<>();
        private ResourceType resource = new CounterResource();
        private List<Path> classpath = List.of();
        private int clients = RunDefaults.CLIENTS;
        private Duration timeLimit = Durations.parse(RunDefaults.TIME_LIMIT);
        private NemesisKind nemesis = NemesisKinds.byName(RunDefaults.NEMESIS);
        private Fencing fencing = Fencing.fromName(RunDefaults.FENCING);
        private long seed = RunDefaults.SEED;
        private Duration lease = Durations.parse(RunDefaults.LEASE);
        private Duration nemesisInterval;
        private Duration holdMin = Duration.ZERO;
        private Integer nesting;
        private Integer readers;
        private OnDoubt onDoubt = OnDoubt.fromName(RunDefaults.ON_DOUBT);
        private Duration holdMax;
        private Duration rest = Duration.ZERO;
        private Duration quiet = Durations.parse(RunDefaults.QUIET);
        private boolean keepCrashed;
        private Persistence persistence = Persistence.fromName(RunDefaults.PERSISTENCE);
        private List<String> command = List.of();

        private Builder(LockSystem system) {
            this.system = system;
        }

        /** Sets one of the system's options (the others keep their defaults). */
        public Builder option(String name, String value) {
            options.put(name, value);
            return this;
        }

        public Builder resource(ResourceType r) {
            resource = r;
            return this;
        }

        public Builder classpath(List<Path> entries) {
            classpath = entries;
            return this;
        }

        public Builder clients(int n) {
            clients = n;
            return this;
        }

        public Builder timeLimit(Duration d) {
            timeLimit = d;
            return this;
        }

        public Builder nemesis(NemesisKind n) {
            nemesis = n;
            return this;
        }

        public Builder fencing(Fencing f) {
            fencing = f;
            return this;
        }

        public Builder seed(long s) {
            seed = s;
            return this;
        }

        public Builder lease(Duration d) {
            lease = d;
            return this;
        }

        /** Mean time between faults (default: 10 s, or a sixth of the time limit if shorter). */
        public Builder nemesisInterval(Duration d) {
            nemesisInterval = d;
            return this;
        }

        public Builder holds(Duration min, Duration max) {
            holdMin = min;
            holdMax = max;
            return this;
        }

        /** How long a client rests between cycles: drawn from 0 to twice this each time (default: no rest). */
        public Builder rest(Duration d) {
            rest = d;
            return this;
        }

        /** How deep a reentrant lock's holds take it again, at most (default {@link #DEFAULT_NESTING}; 0: never). */
        public Builder nesting(int n) {
            nesting = n;
            return this;
        }

        /** How many clients of a read-write lock are readers (default: half, rounded down; the others write). */
        public Builder readers(int n) {
            readers = n;
            return this;
        }

        public Builder onDoubt(OnDoubt d) {
            onDoubt = d;
            return this;
        }

        /** After an unknown outcome, leave the old client instance running beside the new one (see {@link RunSpec#keepCrashed}). */
        public Builder keepCrashed(boolean k) {
            keepCrashed = k;
            return this;
        }

        public Builder quiet(Duration d) {
            quiet = d;
            return this;
        }

        public Builder persistence(Persistence p) {
            persistence = p;
            return this;
        }

        public Builder command(List<String> c) {
            command = c;
            return this;
        }

        public RunSpec build() {
            Map<String, String> all = LockOption.defaults(system.options());
            all.putAll(options);
            Duration interval = nemesisInterval != null ? nemesisInterval : RunDefaults.nemesisInterval(timeLimit);
            return new RunSpec(system, all, resource, classpath, clients, timeLimit, nemesis, fencing, seed, lease, interval, holdMin,
                    holdMax != null ? holdMax : RunDefaults.holdMax(lease), rest,
                    nesting != null ? nesting : system.reentrant() ? DEFAULT_NESTING : 0,
                    readers != null ? readers : system.readWrite() ? clients / 2 : 0, onDoubt, keepCrashed, quiet, persistence, command, null);
        }
    }

    /** The built-in system called {@code name}, for lockstorm's own specs (scenarios, benches, tests). */
    public static Builder builtIn(String name) {
        return builder(Registry.builtIn().system(name));
    }
}
