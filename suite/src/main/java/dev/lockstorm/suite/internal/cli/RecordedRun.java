package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.results.RunReport;
import dev.lockstorm.suite.internal.replay.Finding;
import dev.lockstorm.suite.internal.nemesiskinds.RecordedSchedule;
import dev.lockstorm.suite.internal.run.RunRequest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * A recorded run as {@code replay} and {@code shrink} take it: its spec (spec.json; for a run recorded
 * before runs wrote one, its command.txt parsed as {@code run} parses its options), its history and
 * what it found, and the schedule to replay (its schedule.json, written from its history for a run
 * recorded before runs wrote one, or a file given instead).
 *
 * @param dir      the run's directory
 * @param request  the run as data, replaying {@link #file}
 * @param finding  what its history shows, tied to its schedule's steps
 * @param file     the schedule's file, as a real path (never through a store's moving {@code latest})
 * @param schedule the schedule read from it
 */
record RecordedRun(Path dir, RunRequest request, Finding finding, Path file, RecordedSchedule schedule) {
    /** Options of a recorded command that a replay sets itself. */
    private static final Set<String> SET_HERE = Set.of("--store", "--results", "--run-name", "--run-dir", "--expect", "--schedule");

    /**
     * Opens a run directory.
     *
     * @param schedule  a schedule to replay instead of the run's own, or null
     * @param classpath entries to look for the run's lock system and resource in, instead of those it recorded ({@code --classpath}; none: the recorded ones)
     * @throws IllegalArgumentException naming the directory or file and what was expected
     */
    static RecordedRun open(Path dir, Path schedule, List<Path> classpath, java.io.PrintStream out) throws IOException {
        Path command = dir.resolve("command.txt");
        if (!(RunRequest.in(dir) || Files.isRegularFile(command)) || !Files.isRegularFile(dir.resolve("history.jsonl"))) {
            throw new IllegalArgumentException(dir + " holds no spec.json (or command.txt) and history.jsonl: not a run directory"
                    + " (expected store/<system>/<start-time>)");
        }
        History h = RunReport.history(dir);
        Path file = schedule != null ? schedule : dir.resolve("schedule.json");
        if (schedule == null && !Files.exists(file)) {
            // a run recorded before runs wrote their schedule: its history has it
            RecordedSchedule.of(h).write(file);
            out.println("lockstorm: wrote " + file + " from the run's history");
        }
        if (!Files.isRegularFile(file)) throw new IllegalArgumentException("--schedule " + file + ": no such file (expected a schedule.json that a run wrote)");
        RunRequest request = (RunRequest.in(dir) ? RunRequest.read(dir.resolve(RunRequest.FILE)) : fromCommand(command)).withClasspath(classpath);
        return new RecordedRun(dir.toRealPath(), request.withSchedule(file.toRealPath()), Finding.ofRecorded(h, RunReport.check(h)), file.toRealPath(),
                RecordedSchedule.read(file));
    }

    /**
     * Opens a run directory for {@code replay} or {@code shrink} ({@code word}, for its messages) and places it where
     * {@code backend} says, else where it ran, its request carrying that placement; empty after saying on stderr what was wrong
     * ({@code --tries} below 1, not a run directory, a lock system not found, a placement that cannot hold it).
     */
    static java.util.Optional<RecordedRun> placed(String word, Path dir, Path schedule, int tries, Plugins plugins, BackendOption backend)
            throws IOException {
        if (tries < 1) {
            System.err.println("lockstorm " + word + ": --tries must be at least 1, not " + tries);
            return java.util.Optional.empty();
        }
        try {
            backend.check();
            RecordedRun recorded = open(dir, schedule, plugins.entries(), System.out);
            dev.lockstorm.suite.internal.run.Placement placement = backend.or(recorded.request().where());
            placement.check(recorded.request().spec());
            return java.util.Optional.of(new RecordedRun(recorded.dir, recorded.request.on(placement), recorded.finding, recorded.file, recorded.schedule));
        } catch (IllegalArgumentException | dev.lockstorm.locks.internal.registry.PluginException | picocli.CommandLine.ParameterException e) {
            System.err.println("lockstorm " + word + ": " + e.getMessage());
            return java.util.Optional.empty();
        }
    }

    /** A run recorded before runs wrote spec.json: its command.txt's first line, parsed as {@code run} parses its options. */
    private static RunRequest fromCommand(Path file) throws IOException {
        String command = Files.readAllLines(file, StandardCharsets.UTF_8).get(0);
        List<String> words = List.of(command.trim().split("\\s+"));
        if (words.size() < 2 || !words.get(0).endsWith("lockstorm") || !words.get(1).equals("run")) {
            throw new IllegalArgumentException(file + ", line 1: expected the recorded command 'bin/lockstorm run …', not '" + command + "'");
        }
        try {
            return RunCommand.parse(RunCommand.without(words.subList(2, words.size()), SET_HERE)).request();
        } catch (picocli.CommandLine.ParameterException e) {
            throw new IllegalArgumentException(file + ", line 1: " + e.getMessage());
        }
    }

    /** The recorded run replaying the schedule {@code file}, with {@code clients} clients for {@code timeLimit}. */
    RunRequest request(Path file, int clients, java.time.Duration timeLimit) {
        return request.withSchedule(file).withClients(clients).withTimeLimit(timeLimit);
    }

    /** The folder of a run store its replays and shrinks go to: the recorded run's, with a suffix ({@code redis-single-replay}). */
    String name(String suffix) {
        String folder = String.valueOf(dir.toAbsolutePath().normalize().getParent().getFileName());
        // a shrink's own try (…-shrink/<time>/tries/<time>) goes by its system's name
        if (folder.equals(ShrinkCommand.TRIES)) folder = request.system();
        return folder + "-" + suffix;
    }
}
