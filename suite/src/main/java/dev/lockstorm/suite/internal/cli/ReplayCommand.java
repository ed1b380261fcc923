package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.replay.Finding;
import dev.lockstorm.suite.internal.run.Placement;
import dev.lockstorm.suite.internal.run.RunResult;
import dev.lockstorm.suite.internal.run.RunSpec;
import dev.lockstorm.suite.internal.run.Runner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code lockstorm replay RUN_DIR}: a recorded run done again with its own faults, and how often it finds the same again. */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"Runs a recorded run again: the same system, options, clients and seed (its command.txt) and the same faults"
                + " (its schedule.json, or --schedule), each fault that came right after a client's grant waiting for that client's grant."
                + " Timing-dependent failures are not deterministic: --tries N runs it N times and says how often the same finding came"
                + " back (the same kind of violation, tied to the same fault of the schedule).",
                "Needs root in a lab (bin/lockstorm enters one), not on containers. Exit code: 0 when at least one try found the same, 1 when none did,"
                        + " 3 bad input or setup error."})
public final class ReplayCommand implements Callable<Integer> {
    @Parameters(paramLabel = "RUN_DIR", description = "A run's directory (store/<system>/<start-time>, or its 'latest').")
    Path dir;

    @Option(names = "--tries", defaultValue = "1", paramLabel = "N", description = "Runs the replay N times (default: ${DEFAULT-VALUE}).")
    int tries;

    @Option(names = "--schedule", paramLabel = "FILE",
            description = "Replays this schedule instead of the run's own schedule.json (one a person edited, or a shrunk one).")
    Path schedule;

    @Mixin
    StoreOption store;

    @Mixin
    Plugins plugins = new Plugins();

    @Mixin
    BackendOption backend = new BackendOption();

    @Override
    public Integer call() throws Exception {
        java.util.Optional<RecordedRun> opened = RecordedRun.placed("replay", dir, schedule, tries, plugins, backend);
        if (opened.isEmpty()) return Main.BAD_INPUT;
        RecordedRun recorded = opened.get();
        RunSpec spec = recorded.request().spec();
        Placement placement = recorded.request().where();
        Finding wanted = recorded.finding();
        System.out.println("lockstorm replay " + dir + ": it found " + wanted.describe());
        System.out.println("  schedule " + recorded.file() + ": " + recorded.schedule().describe());
        if (wanted.isEmpty()) System.out.println("  (it found nothing to show again: each try is only reported)");
        RunStore runs = store.store();
        int same = 0;
        List<String> lines = new ArrayList<>();
        for (int i = 1; i <= tries; i++) {
            RunResult r = new Runner(System.out, placement).run(spec, runs.newRun(recorded.name("replay")));
            Finding found = Finding.ofReplay(r.check());
            boolean again = found.reproduces(wanted);
            if (again) same++;
            lines.add(String.format("  try %d: %s: %s; %s", i, again ? "the same" : "not the same", found.describe(), r.dir().resolve("report.html")));
            System.out.println(lines.get(lines.size() - 1));
        }
        System.out.println("lockstorm replay " + dir + ":");
        lines.forEach(System.out::println);
        System.out.printf("lockstorm replay: the same finding (%s) in %d of %d %s%n", wanted.describe(), same, tries, tries == 1 ? "try" : "tries");
        return same > 0 ? 0 : 1;
    }
}
