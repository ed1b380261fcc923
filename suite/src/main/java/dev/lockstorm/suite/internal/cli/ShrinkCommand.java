package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.checker.io.TextFiles;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.replay.Candidate;
import dev.lockstorm.suite.internal.replay.Ddmin;
import dev.lockstorm.suite.internal.replay.Finding;
import dev.lockstorm.suite.internal.nemesiskinds.RecordedSchedule;
import dev.lockstorm.suite.internal.replay.Shrink;
import dev.lockstorm.suite.internal.replay.Trials;
import dev.lockstorm.suite.internal.run.Placement;
import dev.lockstorm.suite.internal.run.RunRequest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code lockstorm shrink RUN_DIR}: the smallest schedule of a failing run's faults that still shows its finding. */
@Command(name = "shrink", mixinStandardHelpOptions = true,
        description = {"Shrinks a failing run's fault schedule to the smallest that still shows the same finding (the same kind of"
                + " violation, tied to the same fault): delta debugging over its faults, then each remaining fault's length cut"
                + " down, then fewer clients and a shorter time limit; each candidate is replayed up to --tries times and kept when"
                + " one try shows the finding. Writes store/<name>-shrink/<time>/: schedule.json, command.txt (one 'run --schedule'"
                + " line), summary.txt, a JUnit 5 test (a @LockStormTest of the schedule), scenario.json (a named scenario that"
                + " 'lockstorm reproduce FILE' runs) and shrink.log.",
                "Needs root in a lab (bin/lockstorm enters one), not on containers. Exit code: 0 when shrunk (or nothing could be left out), 1 when the replay"
                        + " did not show the finding at all, 3 bad input or setup error."})
public final class ShrinkCommand implements Callable<Integer> {
    /** The folder of a shrink's directory that holds every try's run. */
    static final String TRIES = Trials.TRIES;

    @Parameters(paramLabel = "RUN_DIR", description = "A failing run's directory (store/<system>/<start-time>, or its 'latest').")
    Path dir;

    @Option(names = "--budget", defaultValue = "20m", converter = DurationConverter.class,
            description = "Stops trying candidates after this long, with the smallest found so far (default: ${DEFAULT-VALUE}).")
    Duration budget;

    @Option(names = "--tries", defaultValue = "3", paramLabel = "N",
            description = "Replays each candidate up to N times; it is kept when one of them shows the finding (default: ${DEFAULT-VALUE}).")
    int tries;

    @Option(names = "--test-package", paramLabel = "P", description = "Puts the JUnit test it writes in package P (default: none).")
    String testPackage;

    @Mixin
    StoreOption store;

    @Mixin
    Plugins plugins = new Plugins();

    @Mixin
    BackendOption backend = new BackendOption();

    @Override
    public Integer call() throws Exception {
        java.util.Optional<RecordedRun> opened = RecordedRun.placed("shrink", dir, null, tries, plugins, backend);
        if (opened.isEmpty()) return Main.BAD_INPUT;
        RecordedRun recorded = opened.get();
        RunRequest original = recorded.request();
        Placement placement = original.where();
        if (recorded.finding().isEmpty()) {
            System.err.println("lockstorm shrink: " + dir + " found nothing (its verdict is not invalid): there is no finding to keep while shrinking");
            return Main.BAD_INPUT;
        }
        RecordedSchedule schedule = recorded.schedule();
        Path out = store.store().newRun(recorded.name("shrink"));
        long started = System.nanoTime();
        try (PrintStream log = new PrintStream(Files.newOutputStream(out.resolve("shrink.log")), true, java.nio.charset.StandardCharsets.UTF_8)) {
            // the search gets three quarters of the budget, making the smallest steadier the rest
            Trials trials = new Trials(original, schedule, recorded.finding(), placement, new RunStore(out), log, tries,
                    started + budget.toNanos() * 3 / 4, started + budget.toNanos(), started);
            say(log, "lockstorm shrink " + dir + ": it found " + recorded.finding().describe() + "; " + schedule.steps().size() + " faults, "
                    + original.clients() + " clients, " + original.timeLimit().toSeconds() + " s; budget " + budget.toMinutes() + " min, " + tries + " tries a candidate");
            Candidate all = Candidate.all(schedule, original.clients(), original.timeLimit());
            boolean shows;
            try {
                shows = trials.shows(all);
            } catch (Ddmin.OutOfBudget e) {
                shows = false;
            }
            if (!shows) {
                say(log, "lockstorm shrink: the whole schedule replayed did not show the finding in " + tries + " tries: nothing to shrink"
                        + " (replay it with 'lockstorm replay " + dir + " --tries 10' to see how often it comes back)");
                return 1;
            }
            Candidate min = new Shrink(schedule, trials, line -> say(log, "  " + line), recorded.finding().tiedSteps()).shrink(all);
            Path minimal = out.resolve("schedule.json");
            Map<String, Object> facts = new LinkedHashMap<>(schedule.run());
            facts.put("shrunk_from", recorded.dir().toAbsolutePath().normalize().toString());
            RecordedSchedule shrunk = new RecordedSchedule(facts, min.schedule(schedule).steps(), schedule.standing(), schedule.notReplayed());
            shrunk.write(minimal);
            RunRequest command = recorded.request(minimal, min.clients(), min.timeLimit());
            command.write(out.resolve(RunRequest.FILE));
            TextFiles.write(out.resolve("command.txt"), command.commandLine() + "\n");
            String summary = summary(recorded, original, min, shrunk, trials, started);
            TextFiles.write(out.resolve("summary.txt"), summary);
            RegressionTest test = RegressionTest.of(command, shrunk, recorded.finding(), recorded.dir(), testPackage);
            TextFiles.write(out.resolve(test.className() + ".java"), test.source());
            ExportedScenario scenario = new ExportedScenario(out.resolve("scenario.json"), scenarioName(schedule, command),
                    summary.lines().findFirst().orElse(""), command.withSchedule(null), command.seed(), "schedule.json", recorded.finding().renumbered(min.steps()));
            scenario.write();
            say(log, summary.stripTrailing());
            say(log, "  command: " + command.commandLine());
            say(log, "  as a named scenario: bin/lockstorm reproduce " + scenario.file() + " --seeds 10");
            say(log, "  JUnit 5 test: " + out.resolve(test.className() + ".java") + " (copy schedule.json to " + test.schedulePath() + " in your module)");
        }
        return 0;
    }

    /** "redis-single-mix-seed3": the system, the nemesis and the seed the finding came from. */
    private static String scenarioName(RecordedSchedule schedule, RunRequest command) {
        Object system = schedule.run().getOrDefault("system", "run");
        Object nemesis = schedule.run().getOrDefault("nemesis", "schedule");
        return system + "-" + nemesis + "-seed" + command.seed();
    }

    private String summary(RecordedRun recorded, RunRequest original, Candidate min, RecordedSchedule shrunk, Trials trials, long started) {
        RecordedSchedule schedule = recorded.schedule();
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%d of %d faults were needed", min.steps().size(), schedule.steps().size()));
        for (int i = 0; i < shrunk.steps().size(); i++) b.append(i == 0 ? ": " : "; ").append(shrunk.steps().get(i).describe());
        b.append('\n');
        b.append(String.format(Locale.ROOT, "  finding: %s (recorded in %s)%n", recorded.finding().describe(), recorded.dir()));
        b.append(String.format(Locale.ROOT, "  shrunk: %s (from %d faults, %d clients, %d s); %d runs in %.1f min%n", min.describe(),
                schedule.steps().size(), original.clients(), original.timeLimit().toSeconds(), trials.runs(), (System.nanoTime() - started) / 60e9));
        Path shown = trials.shownBy(min);
        if (shown != null) {
            b.append("  the minimal run: ").append(shown.resolve("report.html")).append('\n');
            b.append("  how often it comes back: bin/lockstorm replay ").append(shown).append(" --tries 10\n");
        }
        return b.toString();
    }

    private static void say(PrintStream log, String line) {
        System.out.println(line);
        log.println(line);
    }
}
