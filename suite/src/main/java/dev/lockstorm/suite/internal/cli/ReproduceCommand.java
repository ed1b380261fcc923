package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.locks.internal.registry.PluginException;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.run.RunResult;
import dev.lockstorm.suite.internal.run.RunSpec;
import dev.lockstorm.suite.internal.run.Placement;
import dev.lockstorm.suite.internal.run.Runner;
import dev.lockstorm.suite.internal.scenario.Proof;
import dev.lockstorm.suite.internal.scenario.Scenario;
import dev.lockstorm.suite.internal.scenario.Scenarios;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code lockstorm reproduce NAME}: runs a named scenario and says whether lockstorm found what it expects. */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = {"Runs a named scenario (see 'lockstorm list'), or a scenario file that 'lockstorm shrink' wrote: prints what it"
                + " expects, what it found and where each report is.",
                "Exit code 0 when everything found matches what was expected, 1 when not, 3 for a setup error (needs root)."})
public final class ReproduceCommand implements Callable<Integer>, Typed {
    @Parameters(paramLabel = "NAME|FILE", description = "Names the scenario ('lockstorm list' shows them), or a scenario file"
            + " (the scenario.json that 'lockstorm shrink' writes beside its schedule.json).")
    String name;

    @Option(names = "--seed", description = "Seeds every random choice (default: 1, or the seed a scenario file names).")
    Long firstSeed;

    private long seed;

    @Option(names = "--seeds", defaultValue = "1", paramLabel = "N",
            description = "Runs each variant with N seeds from --seed on and prints how often lockstorm found what was expected, and the median and longest time to the first violation (default: ${DEFAULT-VALUE}).")
    int seeds;

    @Option(names = "--variant", paramLabel = "N", description = "Runs only the N-th variant (1 is the first; by default all of them run).")
    Integer variant;

    @Mixin
    StoreOption store;

    @Mixin
    Plugins plugins = new Plugins();

    @Mixin
    RemoteArgs remote = new RemoteArgs();

    private Placement placement;

    /** The words after {@code reproduce} as typed: what each run's recorded command repeats. */
    private List<String> argv = List.of();

    @Override
    public void typed(List<String> words) {
        argv = List.copyOf(words);
    }

    /** The options that choose seeds and variants: each run's command names its own instead. */
    private static final java.util.Set<String> PER_RUN = java.util.Set.of("--seed", "--seeds", "--variant");

    /**
     * The command line that repeats one run of a reproduction: the words as typed ({@code argv}), less
     * the seeds and the variant, then the run's own seed and, when the scenario has more than one, its
     * variant (1 is the first). Where the run went ({@code --backend}, {@code --hosts}) and the plug-ins
     * ({@code --classpath}) stay, so that the report's "exact command" repeats it.
     */
    static List<String> command(List<String> argv, long seed, int variant, int variants) {
        List<String> cmd = new ArrayList<>(List.of("bin/lockstorm", "reproduce"));
        cmd.addAll(RunCommand.without(argv, PER_RUN));
        cmd.addAll(List.of("--seed", Long.toString(seed)));
        if (variants > 1) cmd.addAll(List.of("--variant", Integer.toString(variant)));
        return cmd;
    }

    @Override
    public Integer call() throws Exception {
        Scenario s = Scenarios.byName(name).orElse(null);
        seed = firstSeed != null ? firstSeed : 1;
        if (s == null && (name.endsWith(".json") || Files.isRegularFile(Path.of(name)))) {
            try {
                ExportedScenario file = ExportedScenario.read(Path.of(name), plugins.entries());
                s = file.scenario();
                if (firstSeed == null) seed = file.seed();
            } catch (IllegalArgumentException e) {
                System.err.println("lockstorm reproduce: " + e.getMessage());
                return Main.BAD_INPUT;
            }
        }
        if (s == null) {
            System.err.println("lockstorm reproduce: no scenario '" + name + "'; 'lockstorm list' shows them (or give a scenario file that 'lockstorm shrink' wrote)");
            return Main.BAD_INPUT;
        }
        RunStore store = this.store.store();
        System.out.println("lockstorm reproduce " + s.name() + ": " + s.description());
        if (seeds < 1) {
            System.err.println("lockstorm reproduce: --seeds must be at least 1, not " + seeds);
            return Main.BAD_INPUT;
        }
        if (variant != null && (variant < 1 || variant > s.variants().size())) {
            System.err.println("lockstorm reproduce: --variant must be 1 to " + s.variants().size() + " for " + s.name() + ", not " + variant);
            return Main.BAD_INPUT;
        }
        try {
            placement = remote.placement();
            for (Scenario.Variant v : s.variants()) placement.check(s.spec(v, seed));
        } catch (IllegalArgumentException | PluginException e) {
            System.err.println("lockstorm reproduce: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        List<Scenario.Variant> chosen = variant == null ? s.variants() : List.of(s.variants().get(variant - 1));
        boolean all = true;
        List<String> rates = new ArrayList<>();
        for (Scenario.Variant v : chosen) {
            int matched = 0;
            List<Long> firstDouble = new ArrayList<>();
            List<Long> firstLoss = new ArrayList<>();
            for (long sd = seed; sd < seed + seeds; sd++) {
                RunResult r = runOnce(s, v, sd, store);
                boolean ok = v.matches().test(r);
                if (ok) matched++;
                all &= ok;
                if (r.check().firstDoubleHolder() != null) firstDouble.add(r.check().firstDoubleHolder().time());
                if (r.check().firstLostUpdate() != null) firstLoss.add(r.check().firstLostUpdate().time());
            }
            rates.add(String.format("  %-45s %d of %d seeds as expected; first double holder %s; first lost update %s", v.label(), matched,
                    seeds, spread(firstDouble, seeds), spread(firstLoss, seeds)));
        }
        if (seeds > 1) {
            System.out.println("lockstorm reproduce " + s.name() + ", seeds " + seed + "–" + (seed + seeds - 1) + ":");
            rates.forEach(System.out::println);
        }
        System.out.println("lockstorm reproduce " + s.name() + ": " + (all ? "reproduced" : "not reproduced"));
        return all ? 0 : 1;
    }

    private RunResult runOnce(Scenario s, Scenario.Variant v, long seed, RunStore store) throws Exception {
        RunSpec spec = s.spec(v, seed);
        if (!argv.isEmpty()) spec = spec.withCommand(command(argv, seed, s.variants().indexOf(v) + 1, s.variants().size()));
        RunResult r = new Runner(System.out, placement).run(spec, store.newRun(spec.system().name()));
        boolean ok = v.matches().test(r);
        System.out.printf("%n%s / %s (seed %d)%n  expects: %s%n  found:   incidents %s, %d pairs of holders, %s lost updates, %d stale writes"
                            + " accepted, %d rejected%s; verdict %s%n  first:   double holder at %s, lost update at %s (from the run's start)%n"
                            + "  proof:   %s%n  %s%n  report:  %s%n%n", s.name(), v.label(), seed, v.expects(),
                    dev.lockstorm.suite.internal.matrix.Matrix.incidents(r.check()), r.check().doubleHolderCount(), r.check().lostUpdatesText(), r.check().staleWritesAccepted(), r.check().staleWritesRejected(),
                    torn(r), r.check().verdict().wire(), at(r.check().firstDoubleHolder()), at(r.check().firstLostUpdate()), v.proof().apply(r),
                    ok ? "as expected" : "NOT AS EXPECTED", r.dir().resolve("report.html"));
        return r;
    }

    /** ", 2 reads of a write half done" for a read-write lock's run that had some. */
    private static String torn(RunResult r) {
        int n = r.check().resource() == null ? 0 : r.check().resource().tornReads().size();
        return n == 0 ? "" : ", " + n + (n == 1 ? " read" : " reads") + " of a write half done";
    }

    private static String at(dev.lockstorm.checker.history.Op op) {
        return op == null ? "none" : dev.lockstorm.checker.history.History.when(op);
    }

    /** "median 12.3 s, max 18.9 s (9 of 10 seeds)", or "none". */
    static String spread(List<Long> nanos, int seeds) {
        if (nanos.isEmpty()) return "none";
        List<Long> sorted = nanos.stream().sorted().toList();
        int n = sorted.size();
        double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2.0;
        return String.format(java.util.Locale.ROOT, "median %.1f s, max %.1f s (%d of %d seeds)", median / 1e9, sorted.get(n - 1) / 1e9, n, seeds);
    }
}
