package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.locks.internal.registry.PluginException;
import dev.lockstorm.locks.internal.registry.Registry;
import dev.lockstorm.suite.internal.hunt.Hunt;
import dev.lockstorm.suite.internal.run.Placement;
import dev.lockstorm.suite.internal.hunt.HuntLog;
import dev.lockstorm.suite.internal.hunt.Jobs;
import dev.lockstorm.suite.internal.hunt.Shard;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKinds;
import dev.lockstorm.suite.internal.run.RunDefaults;
import dev.lockstorm.suite.internal.run.RunSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code lockstorm hunt}: the generic nemeses, seed after seed, until a lock defect or the budget's end. */
@Command(name = "hunt", mixinStandardHelpOptions = true,
        description = {"Looks for a defect in a lock: runs it under the generic nemeses (the holder paused, killed or cut off, server"
                + " partitions, clocks, a mix) and faults aimed at its phases (pause-at: each checkpoint the lock declares; pause-at: and kill-at: after-grant, before-release,"
                + " before-acquire), seed after seed, and stops at the first lock defect: an incident no fault explains, a holder told"
                + " it still held the lock after another was granted it, tokens out of order, or a lock not live after the heal."
                + " Lease limits (a holder frozen past its lease: any lease lock does that) are reported, not stopped at. Prints the run"
                + " command that reproduces the defect and its report; with none, what the budget exercised.",
                "Needs root in a lab (bin/lockstorm enters one), not with --backend containers. Exit code: 1 a defect found, 0 none within the budget, 3 bad input."})
public final class HuntCommand implements Callable<Integer> {
    @Option(names = "--system", required = true, paramLabel = "S", completionCandidates = Plugins.SystemNames.class,
            description = "The lock to hunt in: ${COMPLETION-CANDIDATES}, or your own from --classpath.")
    String system;

    @Mixin
    Plugins plugins;

    @Option(names = "--option", paramLabel = "NAME=VALUE", description = "Sets one of the system's own options; give it once for each.")
    java.util.Map<String, String> options = new java.util.LinkedHashMap<>();

    @Option(names = "--budget", defaultValue = "10m", converter = DurationConverter.class,
            description = "How long the hunt may take (default: ${DEFAULT-VALUE}); no run starts that could not end in it.")
    Duration budget;

    @Option(names = "--each", converter = DurationConverter.class,
            description = "How long each run's clients and nemesis run (default: chosen from the budget, 5 to 30 s, so that every"
                    + " nemesis that fits the lock runs once; the first line says what was chosen).")
    Duration each;

    @Option(names = {"--lease", "--session-timeout", "--ttl"}, converter = DurationConverter.class,
            description = "Sets each run's lease, as run's --lease does (default: " + RunDefaults.HUNT_LEASE + ", half a run's " + RunDefaults.LEASE + ": the freezes and"
                    + " holds measured against it come round twice as often). It must be one the lock's servers grant (ZooKeeper here:"
                    + " 2 to 20 s) and well above this machine's own stalls; a longer one matches a deployment's.")
    Duration lease;

    @Option(names = "--nemeses", split = ",", paramLabel = "N,N…", completionCandidates = NemesisNames.class,
            description = "The nemeses of the rotation, in turn (default: the holder's faults, the servers' and those aimed at the"
                    + " lock's phases, as the first line lists them); those that do not fit the lock are left out, with the reason.")
    java.util.List<String> nemeses;

    @Option(names = "--seeds", paramLabel = "N", defaultValue = "0",
            description = "Stops after N rounds of the rotation, seeds 1 to N (default: as many as the budget allows).")
    long seeds;

    @Option(names = "--shard", paramLabel = "i/n", defaultValue = "1/1",
            description = "Makes the i-th of every n runs of the rotation only, so that n machines (a CI job's matrix) hunt side by side;"
                    + " 'lockstorm merge' joins their stores (default: ${DEFAULT-VALUE}, every run).")
    String shard;

    @Mixin
    BackendOption backend = new BackendOption();

    @Option(names = "--fencing", paramLabel = "F",
            description = "What the protected resource is asked to fence: none, writes or all (reads too). With writes or all the hunt also"
                    + " stops at a resource defect: a stale write (or read) accepted, an update lost while every holder fenced its reads"
                    + " and writes (all), a current holder refused; and its first runs freeze a caller at each of the resource's own"
                    + " checkpoints (pause-at:NAME) (default: all when --resource names a resource to hunt in, else none).")
    String fencing;

    @Option(names = "--resource", paramLabel = "R", completionCandidates = Plugins.ResourceNames.class,
            description = "The protected resource; naming one hunts defects in it too, as --fencing says (default: counter, lockstorm's own).")
    String resource;

    /** The resource the runs use: the one named, else lockstorm's counter. */
    private String resource() {
        return resource != null ? resource : dev.lockstorm.locks.store.CounterResource.NAME;
    }

    @Option(names = "--jobs", paramLabel = "N",
            description = "Hunts in N labs side by side, each taking an equal part of the rotation's runs (as --shard does), and joins"
                    + " their records as 'lockstorm merge' does; once one finds a defect the others start no more runs (default: one per"
                    + " two cores, here ${DEFAULT-VALUE}: a run keeps two cores busy).")
    int jobs = Math.max(1, Runtime.getRuntime().availableProcessors() / 2);

    /** A job's record directory, made for it by the hunt of which it is one job. */
    @Option(names = "--record-dir", hidden = true)
    Path recordDir;

    /** The file whose presence tells a job to start no more runs. */
    @Option(names = "--stop-file", hidden = true)
    Path stopFile;

    @Mixin
    StoreOption store;

    @Override
    public Integer call() throws Exception {
        Registry registry;
        Shard share;
        Placement where;
        dev.lockstorm.api.Fencing fence;
        try {
            registry = plugins.registry();
            registry.system(system);
            registry.resource(resource());
            // options are checked against the system now, not at the first run
            var spec = RunSpec.builder(registry.system(system));
            options.forEach(spec::option);
            if (lease != null) spec.lease(lease);
            spec.build();
            if (each != null && each.toSeconds() < 5) throw new IllegalArgumentException("--each must be at least 5s, not " + each);
            if (seeds < 0) throw new IllegalArgumentException("--seeds must be at least 1, not " + seeds);
            share = Shard.parse(shard);
            // a resource named is a resource to hunt in: without a word on fencing its reads and writes are held to the token,
            // the one mode in which a lost update proves the resource wrong (under write-only fencing an unfenced read explains it)
            fence = fencing != null ? dev.lockstorm.api.Fencing.fromName(fencing) : resource != null ? dev.lockstorm.api.Fencing.ALL
                    : dev.lockstorm.api.Fencing.NONE;
            if (nemeses != null) nemeses.forEach(NemesisKinds::byName);
            if (jobs < 1) throw new IllegalArgumentException("--jobs must be at least 1, not " + jobs);
            where = backend.or(new Placement.InLab());
        } catch (PluginException | IllegalArgumentException e) {
            System.err.println("lockstorm hunt: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        if (fencing == null && resource != null) {
            System.out.println("hunt: --fencing all, a hunt of a named resource's default: a stale read or write accepted, an update lost"
                    + " or a current holder refused is a resource defect (a resource that fences writes only: --fencing writes, under which"
                    + " a lost update proves nothing of it)");
        }
        if (jobs > 1) return inJobs(share, fence, where instanceof Placement.InLab);
        Hunt hunt = new Hunt(store.store(), System.out).on(where);
        if (lease != null) hunt = hunt.leased(lease);
        if (recordDir != null) hunt = hunt.asJob(recordDir, () -> stopFile != null && Files.exists(stopFile));
        Hunt.Found f = hunt.run(registry.system(system), options, registry.classpath(), registry.resource(resource()),
                nemeses, budget, each, seeds, share, fence);
        if (f.defect() != null) {
            String whose = f.why().startsWith("a resource defect") ? "resource" : "lock";
            System.out.println("lockstorm hunt: a " + whose + " defect in " + system + " after " + f.runs() + (f.runs() == 1 ? " run" : " runs") + ": " + f.why());
            System.out.println("  reproduce: " + commandOf(f));
            System.out.println("  report:    " + f.defect().dir().resolve("report.html"));
            System.out.println("  record:    " + f.record().resolve(HuntLog.FILE));
            return 1;
        }
        System.out.println("lockstorm hunt: no " + (fence == dev.lockstorm.api.Fencing.NONE ? "lock" : "lock or resource") + " defect in " + system + " in " + f.runs() + (f.runs() == 1 ? " run" : " runs") + " ("
                + (f.roundsDone() ? seeds + (seeds == 1 ? " round" : " rounds") : budget.toSeconds() + " s") + "); exercised: "
                + dev.lockstorm.results.Results.reached(f.reached()));
        if (f.record() != null) System.out.println("  record:    " + f.record().resolve(HuntLog.FILE));
        return 0;
    }

    /** The hunt as {@link #jobs} jobs side by side, each this command again, in a lab of its own unless on containers, with its part of {@code share}. */
    private int inJobs(Shard share, dev.lockstorm.api.Fencing fence, boolean inLabs) throws Exception {
        Jobs.Ended ended;
        try {
            ended = Jobs.run(store.store(), share, jobs, job -> jobCommand(job, fence), Map.of(Main.EXIT_WITH_STDIN, "1"), inLabs, System.out);
        } catch (IllegalStateException e) {
            System.err.println("lockstorm hunt: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        int worst = ended.codes().stream().filter(c -> c > 1).max(Integer::compare).orElse(0);
        if (worst > 1 || ended.merged() == null) {
            System.err.println("lockstorm hunt: a job ended with exit " + ended.codes() + (ended.merged() == null ? " and no job wrote a record" : ""));
            return Math.max(worst, Main.BAD_INPUT);
        }
        return MergeCommand.report("hunt", ended.merged(), ended.dir());
    }

    /** A job's helper: this JVM's own command, running this hunt with the job's share, record and stop file, in one job. */
    private List<String> jobCommand(Jobs.Job job, dev.lockstorm.api.Fencing fence) {
        List<String> c = new ArrayList<>();
        c.add(ProcessHandle.current().info().command().orElse("java"));
        c.addAll(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
        c.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "hunt", "--system", system,
                "--budget", budget.toSeconds() + "s", "--seeds", Long.toString(seeds), "--fencing", fence.wire(), "--resource", resource(),
                "--store", store.store().root().toAbsolutePath().toString(), "--jobs", "1", "--shard", job.share().toString(),
                "--record-dir", job.record().toString(), "--stop-file", job.stop().toString()));
        c.addAll(backend.arguments());
        if (plugins.classpath != null) c.addAll(List.of("--classpath", plugins.classpath));
        if (each != null) c.addAll(List.of("--each", each.toSeconds() + "s"));
        if (lease != null) c.addAll(List.of("--lease", lease.toMillis() + "ms"));
        if (nemeses != null) c.addAll(List.of("--nemeses", String.join(",", nemeses)));
        options.forEach((k, v) -> c.addAll(List.of("--option", k + "=" + v)));
        return c;
    }

    /** The command that runs the defect's run again: its spec.json as one line, each value quoted for a shell where it must be. */
    private static String commandOf(Hunt.Found f) throws java.io.IOException {
        return dev.lockstorm.suite.internal.run.RunRequest.read(f.defect().dir().resolve(dev.lockstorm.suite.internal.run.RunRequest.FILE)).commandLine();
    }
}
