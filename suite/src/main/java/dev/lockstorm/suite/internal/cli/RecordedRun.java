package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.nemesis.replay.RecordedSchedule;
import dev.lockstorm.results.RunReport;
import dev.lockstorm.suite.internal.replay.Finding;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A recorded run as {@code replay} and {@code shrink} take it: its command (command.txt), its
 * history and what it found, and the schedule to replay (its schedule.json, written from its
 * history for a run recorded before runs wrote one, or a file given instead).
 *
 * @param dir      the run's directory
 * @param command  its command's line, {@code bin/lockstorm run …}
 * @param finding  what its history shows, tied to its schedule's steps
 * @param file     the schedule's file, as a real path (never through a store's moving {@code latest})
 * @param schedule the schedule read from it
 */
record RecordedRun(Path dir, String command, Finding finding, Path file, RecordedSchedule schedule) {
    /** Options of the recorded command that a replay sets itself. */
    private static final Set<String> SET_HERE = Set.of("--store", "--results", "--run-name", "--expect", "--schedule");

    /**
     * Opens a run directory.
     *
     * @param schedule a schedule to replay instead of the run's own, or null
     * @throws IllegalArgumentException naming the directory or file and what was expected
     */
    static RecordedRun open(Path dir, Path schedule, java.io.PrintStream out) throws IOException {
        Path command = dir.resolve("command.txt");
        if (!Files.isRegularFile(command) || !Files.isRegularFile(dir.resolve("history.jsonl"))) {
            throw new IllegalArgumentException(dir + " holds no command.txt and history.jsonl: not a run directory (expected store/<system>/<start-time>)");
        }
        History h = RunReport.history(dir);
        Path file = schedule != null ? schedule : dir.resolve("schedule.json");
        if (schedule == null && !Files.exists(file)) {
            // a run recorded before runs wrote their schedule: its history has it
            RecordedSchedule.of(h).write(file);
            out.println("lockstorm: wrote " + file + " from the run's history");
        }
        if (!Files.isRegularFile(file)) throw new IllegalArgumentException("--schedule " + file + ": no such file (expected a schedule.json that a run wrote)");
        String line = Files.readAllLines(command, StandardCharsets.UTF_8).get(0);
        return new RecordedRun(dir.toRealPath(), line, Finding.ofRecorded(h, RunReport.check(h)), file.toRealPath(), RecordedSchedule.read(file));
    }

    /** The recorded run's options, replaying {@link #file}. */
    RunCommand options() {
        return options(file, Map.of());
    }

    /**
     * The recorded run's options with the schedule {@code file} to replay, {@code changed} options
     * ({@code --clients}: "3") set anew, and without what a replay sets itself.
     */
    RunCommand options(Path file, Map<String, String> changed) {
        List<String> words = List.of(command.trim().split("\\s+"));
        if (words.size() < 2 || !words.get(0).endsWith("lockstorm") || !words.get(1).equals("run")) {
            throw new IllegalArgumentException(dir.resolve("command.txt") + ", line 1: expected the recorded command 'bin/lockstorm run …', not '" + command + "'");
        }
        Set<String> setHere = new java.util.HashSet<>(SET_HERE);
        setHere.addAll(changed.keySet());
        List<String> args = RunCommand.without(words.subList(2, words.size()), setHere);
        changed.forEach((k, v) -> args.addAll(List.of(k, v)));
        args.addAll(List.of("--schedule", file.toString()));
        return RunCommand.parse(args);
    }

    /** The folder of a run store its replays and shrinks go to: the recorded run's, with a suffix ({@code redis-single-replay}). */
    String name(String suffix) {
        String folder = String.valueOf(dir.toAbsolutePath().normalize().getParent().getFileName());
        // a shrink's own try (…-shrink/<time>/tries/<time>) goes by its system's name
        if (folder.equals(ShrinkCommand.TRIES) && schedule.run().get("system") instanceof String system) folder = system;
        return folder + "-" + suffix;
    }
}
