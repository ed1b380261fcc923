package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.run.RunResult;
import dev.lockstorm.suite.internal.run.RunSpec;
import dev.lockstorm.suite.internal.run.Runner;
import dev.lockstorm.suite.internal.scenario.Scenario;
import dev.lockstorm.suite.internal.scenario.Scenarios;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code lockstorm reproduce NAME}: runs a named scenario and says whether lockstorm found what it expects. */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = {"Runs a named scenario (see 'lockstorm list'): prints what it expects, what it found and where each report is.",
                "Exit code 0 when everything found matches what was expected, 1 when not, 3 for a setup error (needs root)."})
public final class ReproduceCommand implements Callable<Integer> {
    @Parameters(paramLabel = "NAME", description = "The scenario.")
    String name;

    @Option(names = "--seed", defaultValue = "1", description = "Seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--seeds", defaultValue = "1", paramLabel = "N",
            description = "Run each variant with N seeds from --seed on and print how often lockstorm found what was expected (default: ${DEFAULT-VALUE}).")
    int seeds;

    @Option(names = "--variant", paramLabel = "N", description = "Run only the N-th variant (1 = the first; default: all).")
    Integer variant;

    @Option(names = "--results", paramLabel = "DIR", description = "Where results go (default: results/ in the checkout).")
    Path results;

    @Override
    public Integer call() throws Exception {
        Scenario s = Scenarios.byName(name).orElse(null);
        if (s == null) {
            System.err.println("lockstorm reproduce: no scenario '" + name + "'; 'lockstorm list' shows them");
            return Main.BAD_INPUT;
        }
        RunStore store = new RunStore(results != null ? results : Home.path("results"));
        System.out.println("lockstorm reproduce " + s.name() + ": " + s.description());
        if (seeds < 1) {
            System.err.println("lockstorm reproduce: --seeds must be at least 1, not " + seeds);
            return Main.BAD_INPUT;
        }
        if (variant != null && (variant < 1 || variant > s.variants().size())) {
            System.err.println("lockstorm reproduce: --variant must be 1 to " + s.variants().size() + " for " + s.name() + ", not " + variant);
            return Main.BAD_INPUT;
        }
        List<Scenario.Variant> chosen = variant == null ? s.variants() : List.of(s.variants().get(variant - 1));
        boolean all = true;
        List<String> rates = new ArrayList<>();
        for (Scenario.Variant v : chosen) {
            int matched = 0;
            for (long sd = seed; sd < seed + seeds; sd++) {
                boolean ok = runOnce(s, v, sd, store);
                if (ok) matched++;
                all &= ok;
            }
            rates.add(String.format("  %-45s %d of %d seeds as expected", v.label(), matched, seeds));
        }
        if (seeds > 1) {
            System.out.println("lockstorm reproduce " + s.name() + ", seeds " + seed + "–" + (seed + seeds - 1) + ":");
            rates.forEach(System.out::println);
        }
        System.out.println("lockstorm reproduce " + s.name() + ": " + (all ? "reproduced" : "not reproduced"));
        return all ? 0 : 1;
    }

    private static boolean runOnce(Scenario s, Scenario.Variant v, long seed, RunStore store) throws Exception {
        RunSpec spec = v.spec().apply(seed);
        RunResult r = new Runner(System.out).run(spec, store.newRun(spec.system().name()));
        boolean ok = v.matches().test(r);
        System.out.printf("%n%s / %s (seed %d)%n  expects: %s%n  found:   %d double holders, %d lost updates, %d stale writes accepted,"
                            + " %d rejected; verdict %s%n  %s%n  report:  %s%n%n", s.name(), v.label(), seed, v.expects(),
                    r.check().doubleHolderCount(), r.check().lostUpdates(), r.check().staleWritesAccepted(), r.check().staleWritesRejected(),
                    r.check().verdict().wire(), ok ? "as expected" : "NOT AS EXPECTED", r.dir().resolve("report.html"));
        return ok;
    }
}
