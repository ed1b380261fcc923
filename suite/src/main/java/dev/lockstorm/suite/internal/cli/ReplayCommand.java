package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.locks.internal.registry.PluginException;
import dev.lockstorm.nemesis.replay.RecordedSchedule;
import dev.lockstorm.results.RunReport;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.replay.Finding;
import dev.lockstorm.suite.internal.run.Placement;
import dev.lockstorm.suite.internal.run.RunResult;
import dev.lockstorm.suite.internal.run.RunSpec;
import dev.lockstorm.suite.internal.run.Runner;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/** {@code lockstorm replay RUN_DIR}: a recorded run done again with its own faults, and how often it finds the same again. */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"Runs a recorded run again: the same system, options, clients and seed (its command.txt) and the same faults"
                + " (its schedule.json, or --schedule), each fault that came right after a client's grant waiting for that client's grant."
                + " Timing-dependent failures are not deterministic: --tries N runs it N times and says how often the same finding came"
                + " back (the same kind of violation, tied to the same fault of the schedule).",
                "Needs root (bin/lockstorm enters a lab). Exit code: 0 when at least one try found the same, 1 when none did,"
                        + " 3 bad input or setup error."})
public final class ReplayCommand implements Callable<Integer> {
    /** Options of the recorded command that a replay sets itself. */
    private static final Set<String> SET_HERE = Set.of("--store", "--results", "--run-name", "--expect", "--schedule");

    @Parameters(paramLabel = "RUN_DIR", description = "A run's directory (store/<system>/<start-time>, or its 'latest').")
    Path dir;

    @Option(names = "--tries", defaultValue = "1", paramLabel = "N", description = "Runs the replay N times (default: ${DEFAULT-VALUE}).")
    int tries;

    @Option(names = "--schedule", paramLabel = "FILE",
            description = "Replays this schedule instead of the run's own schedule.json (one a person edited, or a shrunk one).")
    Path schedule;

    @Mixin
    StoreOption store;

    @Override
    public Integer call() throws Exception {
        if (tries < 1) {
            System.err.println("lockstorm replay: --tries must be at least 1, not " + tries);
            return Main.BAD_INPUT;
        }
        Path command = dir.resolve("command.txt");
        if (!Files.isRegularFile(command) || !Files.isRegularFile(dir.resolve("history.jsonl"))) {
            System.err.println("lockstorm replay: " + dir + " holds no command.txt and history.jsonl: not a run directory (expected store/<system>/<start-time>)");
            return Main.BAD_INPUT;
        }
        History original = RunReport.history(dir);
        Path file = schedule != null ? schedule : dir.resolve("schedule.json");
        if (schedule == null && !Files.exists(file)) {
            // a run recorded before runs wrote their schedule: its history has it
            RecordedSchedule.of(original).write(file);
            System.out.println("lockstorm replay: wrote " + file + " from the run's history");
        }
        if (!Files.isRegularFile(file)) {
            System.err.println("lockstorm replay: --schedule " + file + ": no such file (expected a schedule.json that a run wrote)");
            return Main.BAD_INPUT;
        }
        RunSpec spec;
        Placement placement;
        try {
            // the file itself, not through a run store's moving "latest": the replay's command.txt must name what it replayed
            RunCommand run = recorded(Files.readAllLines(command, StandardCharsets.UTF_8).get(0), file.toRealPath(), command);
            spec = run.spec();
            placement = run.remote.placement();
            placement.check(spec);
        } catch (IllegalArgumentException | PluginException | CommandLine.ParameterException e) {
            System.err.println("lockstorm replay: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        RecordedSchedule steps = RecordedSchedule.read(file);
        CheckResult originalCheck = RunReport.check(original);
        Finding wanted = Finding.ofRecorded(original, originalCheck);
        System.out.println("lockstorm replay " + dir + ": it found " + wanted.describe());
        System.out.println("  schedule " + file + ": " + steps.describe());
        if (wanted.isEmpty()) System.out.println("  (it found nothing to show again: each try is only reported)");
        String name = dir.toAbsolutePath().normalize().getParent().getFileName() + "-replay";
        RunStore runs = store.store();
        int same = 0;
        List<String> lines = new ArrayList<>();
        for (int i = 1; i <= tries; i++) {
            RunResult r = new Runner(System.out, placement).run(spec, runs.newRun(name));
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

    /** The recorded run's options (its command.txt's first line), with the schedule to replay and without what a replay sets itself. */
    static RunCommand recorded(String line, Path schedule, Path source) {
        List<String> words = List.of(line.trim().split("\\s+"));
        if (words.size() < 2 || !words.get(0).endsWith("lockstorm") || !words.get(1).equals("run")) {
            throw new IllegalArgumentException(source + ", line 1: expected the recorded command 'bin/lockstorm run …', not '" + line + "'");
        }
        List<String> args = new ArrayList<>();
        for (int i = 2; i < words.size(); i++) {
            String w = words.get(i);
            String option = w.contains("=") ? w.substring(0, w.indexOf('=')) : w;
            if (SET_HERE.contains(option)) {
                if (!w.contains("=")) i++; // and its value
                continue;
            }
            args.add(w);
        }
        args.add("--schedule");
        args.add(schedule.toString());
        RunCommand run = new RunCommand();
        new CommandLine(run).parseArgs(args.toArray(String[]::new));
        run.argv = args;
        return run;
    }
}
