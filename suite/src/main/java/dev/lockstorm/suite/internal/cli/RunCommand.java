package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.api.Fencing;
import dev.lockstorm.results.Expectation;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.workload.OnDoubt;
import dev.lockstorm.suite.internal.run.RunResult;
import dev.lockstorm.suite.internal.run.RunDefaults;
import dev.lockstorm.suite.internal.run.RunRequest;
import dev.lockstorm.suite.internal.run.RunSpec;
import dev.lockstorm.suite.internal.run.Placement;
import dev.lockstorm.suite.internal.run.Runner;
import dev.lockstorm.locks.internal.registry.PluginClasspath;
import dev.lockstorm.locks.internal.registry.PluginException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code lockstorm run}: one complete test run against real servers. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Runs lock clients against real servers under faults, records the history, checks it and writes"
                + " store/<system>/<start-time>/ (history.jsonl, results.json, summary.txt, report.html, junit.xml, logs).",
                "Needs root (bin/lockstorm enters a lab). Exit code: 0 valid, 1 invalid, 2 unknown, 3 bad input or setup error."})
public final class RunCommand implements Callable<Integer>, Typed {
    @Option(names = "--system", paramLabel = "S", completionCandidates = Plugins.SystemNames.class,
            description = "Chooses the lock: ${COMPLETION-CANDIDATES}, or one of your own (--classpath). 'lockstorm systems' describes them.")
    String system;

    @Mixin
    Plugins plugins;

    @Option(names = "--option", paramLabel = "NAME=VALUE", description = "Sets one of the system's own options ('lockstorm systems' lists them); give it once for each.")
    Map<String, String> options = new LinkedHashMap<>();

    @Option(names = "--clients", defaultValue = "" + RunDefaults.CLIENTS, description = "Sets how many client processes run, each on a host of its own (default: ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--time-limit", defaultValue = RunDefaults.TIME_LIMIT, converter = DurationConverter.class,
            description = "Sets how long the clients and the nemesis run (default: ${DEFAULT-VALUE}).")
    Duration timeLimit;

    @Option(names = "--nemesis", defaultValue = RunDefaults.NEMESIS, paramLabel = "N", completionCandidates = NemesisNames.class,
            description = "Chooses what the nemesis does: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}). 'lockstorm list'"
                    + " says what each does; some are named scenarios' choreographies.")
    String nemesis;

    @Option(names = "--resource", defaultValue = RunDefaults.RESOURCE, paramLabel = "R", completionCandidates = Plugins.ResourceNames.class,
            description = "Chooses the protected resource: ${COMPLETION-CANDIDATES}, or one of your own from --classpath (default: ${DEFAULT-VALUE}).")
    String resource;

    @Option(names = "--fencing", defaultValue = RunDefaults.FENCING, paramLabel = "F",
            description = "Sets how much of the token the protected resource checks: none, writes or all (default: ${DEFAULT-VALUE}).")
    String fencing;

    @Option(names = "--seed", description = "Seeds every random choice, so that a run can be repeated (default: the clock).")
    Long seed;

    @Option(names = {"--lease", "--session-timeout", "--ttl"}, defaultValue = RunDefaults.LEASE, converter = DurationConverter.class,
            description = "Sets the lock's lease: ZooKeeper's session timeout, a Redis key's TTL (default: ${DEFAULT-VALUE}).")
    Duration lease;

    @Option(names = "--persistence", defaultValue = RunDefaults.PERSISTENCE, paramLabel = "P",
            description = "Sets how Redis keeps data across a crash: none, aof-everysec or aof-always (default: ${DEFAULT-VALUE}).")
    String persistence;

    @Option(names = "--nemesis-interval", converter = DurationConverter.class,
            description = "Sets the mean time between faults and a fault's mean length (default: a sixth of the time limit, at most " + RunDefaults.NEMESIS_INTERVAL_MAX + ").")
    Duration nemesisInterval;

    @Option(names = "--hold-max", converter = DurationConverter.class,
            description = "Sets the longest a holder waits between reading and writing the resource; holds are drawn from 0 to it"
                    + " (default: " + RunDefaults.HOLD_MAX + ", so that a third of the holds outlive the lease).")
    Duration holdMax;

    @Option(names = "--rest", converter = DurationConverter.class,
            description = "Sets how long a client rests between its cycles, drawn each time from 0 to twice this (Jepsen's stagger;"
                    + " default: no rest, the lock always contended).")
    Duration rest;

    @Option(names = "--nesting", paramLabel = "N",
            description = "For a reentrant lock: takes it again inside each hold, up to N deep (each hold picks 0…N), each nested"
                    + " acquire and release recorded (default: 2 for reentrant locks, 0 for others; 0 to " + RunSpec.MAX_NESTING + ").")
    Integer nesting;

    @Option(names = "--readers", paramLabel = "N",
            description = "For a read-write lock: how many of the clients are readers (the last N; the others write), reading under"
                    + " the read lock while writers write in two steps under the write lock (default: half the clients, rounded down).")
    Integer readers;

    @Option(names = "--on-doubt", defaultValue = RunDefaults.ON_DOUBT, paramLabel = "D",
            description = "Sets what a holder does when its lock client says the lease may be gone: continue (record it and work on)"
                    + " or stop (ask before each step and while it holds; at the first doubt, leave the work and release) (default: ${DEFAULT-VALUE}).")
    String onDoubt;

    @Option(names = "--keep-crashed",
            description = "After an operation whose outcome is unknown (a timeout), leaves that client instance running beside the new one"
                    + " instead of closing it, as an application that caught the exception and went on does: its connection may still"
                    + " reconnect and send what its library queued (Lettuce replays commands after a reconnect), its renewals may go on."
                    + " Its later effects are the crashed process's.")
    boolean keepCrashed;

    @Option(names = "--quiet", defaultValue = RunDefaults.QUIET, converter = DurationConverter.class,
            description = "Sets the quiet period after the final heal, in which every client must acquire the lock again (default: ${DEFAULT-VALUE}).")
    Duration quiet;

    @Mixin
    StoreOption store;

    @Mixin
    RemoteArgs remote = new RemoteArgs();

    @Mixin
    ExpectOption expect = new ExpectOption();

    @Option(names = "--until", split = ",", paramLabel = "E", completionCandidates = ExpectOption.Endings.class,
            description = "Ends the run's faults and clients as soon as the history so far shows every one of these, instead of at the"
                    + " time limit: one or more of ${COMPLETION-CANDIDATES} (what --expect takes that stays shown once shown). The heal,"
                    + " the liveness check and the whole check follow as always, and decide. A hunt's runs end at a defect so.")
    List<String> until = new ArrayList<>();

    @Option(names = "--schedule", paramLabel = "FILE",
            description = "Does the faults of a recorded schedule (a run's schedule.json) again instead of drawing new ones: the same"
                    + " faults to the same hosts and clients, in the same order and spacing, each one that came right after a client's"
                    + " grant waiting for that client's grant; the recorded run's nemesis still prepares the run (its --nemesis is taken"
                    + " from the file). 'lockstorm replay RUN_DIR' runs a whole recorded run again this way.")
    Path schedule;

    @Option(names = "--run-name", paramLabel = "NAME",
            description = "Names the folder under --store that holds this run's <start-time>/ and latest (default: the system's name).")
    String runName;

    @Option(names = "--spec", paramLabel = "FILE",
            description = "Runs the run FILE describes (a run's spec.json, or one a harness wrote: the JUnit extension hands its runs over"
                    + " so) instead of one made of the options above; --run-dir, --store, --run-name, --expect and --until still apply.")
    Path specFile;

    @Option(names = "--run-dir", paramLabel = "DIR",
            description = "Writes the run into DIR, an empty directory made beforehand, instead of a new <start-time>/ under --store:"
                    + " for a harness that runs several at once and must read back exactly its own (the JUnit extension does).")
    Path runDir;

    List<String> argv = List.of();

    @Override
    public void typed(List<String> words) {
        argv = List.copyOf(words);
    }

    /** A new list of {@code args} without {@code options} and their values ({@code --seed 3}, {@code --seed=3}). */
    static List<String> without(List<String> args, java.util.Collection<String> options) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String w = args.get(i);
            String option = w.contains("=") ? w.substring(0, w.indexOf('=')) : w;
            if (options.contains(option)) {
                if (!w.contains("=")) i++; // and its value
                continue;
            }
            out.add(w);
        }
        return out;
    }

    /**
     * The options of {@code bin/lockstorm run ARGS}, as a replay, a shrink or a scenario file gives them.
     *
     * @throws CommandLine.ParameterException for an unknown option or a bad value
     */
    static RunCommand parse(List<String> args) {
        RunCommand run = new RunCommand();
        new CommandLine(run).parseArgs(args.toArray(String[]::new));
        run.argv = List.copyOf(args);
        return run;
    }

    private List<Expectation> expectations = List.of();
    private List<Expectation> endings = List.of();

    @Override
    public Integer call() throws Exception {
        RunSpec spec;
        Placement placement;
        Path dir;
        try {
            RunRequest request = specFile != null ? fromSpec() : request();
            spec = spec(request);
            expectations = expect.expectations();
            endings = Expectation.endings(until, "--until");
            placement = request.where();
            placement.check(spec);
            dir = runDir != null ? RunStore.claim(runDir, specFile) : store.store().newRun(runName != null ? runName : spec.system().name());
        } catch (PluginException | IllegalArgumentException | java.io.IOException e) {
            System.err.println("lockstorm run: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        return run(spec, dir, placement, expectations, endings);
    }

    /**
     * The run these options describe, as data: what {@code run} parses its options into.
     *
     * @throws IllegalArgumentException naming the option and what was expected
     */
    RunRequest request() {
        if (system == null) throw new IllegalArgumentException("--system: expected the lock to run ('lockstorm systems' lists them), or --spec FILE");
        long s = seed != null ? seed : System.currentTimeMillis();
        return new RunRequest(system, options, resource, plugins.entries(), clients, timeLimit, nemesis, schedule == null ? null : schedule.toAbsolutePath(),
                Fencing.fromName(fencing), s, lease, nemesisInterval, Duration.ZERO, holdMax, rest, nesting, readers, OnDoubt.fromName(onDoubt), keepCrashed, quiet, Persistence.fromName(persistence), null, remote.placement());
    }

    /** Options that go with {@code --spec}: where the run goes and what it must show; the run itself is the file's. */
    private static final java.util.Set<String> WITH_SPEC = java.util.Set.of("--spec", "--run-dir", "--store", "--results", "--run-name", "--expect", "--until");

    /** The run of {@code --spec FILE}; an option that would describe the run too is refused, never ignored. */
    private RunRequest fromSpec() throws java.io.IOException {
        for (String w : argv) {
            String option = w.contains("=") ? w.substring(0, w.indexOf('=')) : w;
            if (option.startsWith("--") && !WITH_SPEC.contains(option)) {
                throw new IllegalArgumentException(option + ": --spec " + specFile + " describes the whole run; give only --run-dir, --store,"
                        + " --run-name, --expect or --until beside it");
            }
        }
        return RunRequest.read(specFile);
    }

    /**
     * The run these options describe.
     *
     * @throws IllegalArgumentException naming the option (or the schedule's file and step) and what was expected
     */
    RunSpec spec(RunRequest r) throws PluginException {
        if (specFile != null) return r.spec();
        List<String> cmd = new ArrayList<>(List.of("bin/lockstorm", "run"));
        cmd.addAll(argv);
        if (seed == null) cmd.addAll(List.of("--seed", Long.toString(r.seed())));
        return r.spec(cmd);
    }

    /**
     * Runs a spec into {@code dir}, a new run directory, and prints the summary; returns the exit code of
     * its verdict, or with {@code expectations}, 0 when every one is met and 1 when one is not. With
     * {@code endings}, the main phase ends as soon as the history so far meets every one.
     */
    static int run(RunSpec spec, Path dir, Placement placement, List<Expectation> expectations, List<Expectation> endings) throws Exception {
        System.out.println("lockstorm run: " + spec.commandLine() + "  (seed " + spec.seed() + ")");
        if (!spec.classpath().isEmpty()) System.out.println("  class path: " + PluginClasspath.join(spec.classpath()));
        Runner runner = new Runner(System.out, placement);
        if (!endings.isEmpty()) runner = runner.endingAt(r -> Expectation.allMet(endings, r.results()));
        RunResult r = runner.run(spec, dir);
        System.out.print(Summary.of(r.check()));
        if (!r.notLive().isEmpty()) System.out.println("  liveness: could not acquire after the heal: " + r.notLive());
        System.out.println("  faults injected: " + r.faults());
        System.out.println("report: " + dir.resolve("report.html"));
        if (expectations.isEmpty()) return r.check().verdict().exitCode();
        boolean all = true;
        for (Expectation e : expectations) {
            var unmet = e.unmet(r.results());
            System.out.println("  expect " + e.text() + ": " + unmet.map(why -> "NOT MET (" + why + ")").orElse("met"));
            all &= unmet.isEmpty();
        }
        return all ? 0 : 1;
    }
}
